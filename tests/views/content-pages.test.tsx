import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SitePageAnswer } from '../../domain/contracts/pages.ts';
import { locationFinderMachine } from '../../machines/location-finder/location-finder.machine.ts';
import { markdownTokens } from '../../server/content/markdown-tokens.ts';
import { WrittenPage } from '../../views/content/written-page.tsx';
import { NearestFinder } from '../../views/locations/nearest-finder.tsx';

/**
 * The content pages as React elements (issue 32 item 6): the dealer's Markdown from its checked
 * tokens and the pages the server writes from the store, with no HTML set by any view.
 */
const head = { path: '/about-us', title: 'About us', description: 'Who we are.' };

describe('a dealer’s Markdown page', () => {
  it('renders headings, lists, emphasis and links; raw HTML shows as text and an unsafe link as its words', () => {
    const tokens = markdownTokens(
      '## Who we are\n\nWe sell **cars**.\n\n- Sales\n- Service\n\n<script>alert(1)</script>\n\n[click](javascript:alert(1)) [Contact us](/contact-us)\n',
    );
    const { container } = render(<WrittenPage page={{ kind: 'markdown', ...head, tokens }} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('About us');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Who we are');
    expect(container.querySelector('strong')?.textContent).toContain('cars');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Sales', 'Service']);
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact-us');
    expect(container.textContent).toContain('click');
  });
});

describe('pages the server writes from the store', () => {
  const offer = {
    path: '/special-offers/7',
    title: 'Drive Away Deals',
    image_url: '/media/promotions/drive-away.svg',
    description: 'Selected stock.',
    ends: '4 December 2026',
  };

  it('the offers list each title to its page with its end date; none is a line to the stock', () => {
    const page: SitePageAnswer = { kind: 'offers', ...head, title: 'Special offers', offers: [offer] };
    const { unmount } = render(<WrittenPage page={page} />);
    expect(screen.getByRole('link', { name: 'Drive Away Deals' }).getAttribute('href')).toBe(
      '/special-offers/7',
    );
    expect(screen.getByText('Ends 4 December 2026.')).toBeTruthy();
    unmount();
    render(<WrittenPage page={{ ...page, offers: [] }} />);
    expect(screen.getByRole('link', { name: 'Browse our stock' }).getAttribute('href')).toBe('/search');
  });

  it('a running offer links "See the offer" and the list; an ended one says when and lists those running now', () => {
    const { unmount } = render(
      <WrittenPage page={{ kind: 'offer', ...head, title: offer.title, offer, see_the_offer: '/search' }} />,
    );
    expect(screen.getByRole('link', { name: 'See the offer' }).getAttribute('href')).toBe('/search');
    // Its picture as the offers list draws it, but loaded at once: it is the page's own.
    const picture = document.querySelector('article img');
    expect([
      picture?.getAttribute('width'),
      picture?.getAttribute('height'),
      picture?.hasAttribute('loading'),
    ]).toEqual(['960', '270', false]);
    expect(screen.getByText('Selected stock.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All special offers' }).getAttribute('href')).toBe(
      '/special-offers',
    );
    unmount();
    render(
      <WrittenPage
        page={{
          kind: 'offerEnded',
          ...head,
          title: 'Sale has ended',
          ended: '1 February 2025',
          offers: [offer],
        }}
      />,
    );
    expect(
      screen.getByText('This offer ended on 1 February 2025. Here are the offers running now.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'See the offer' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Drive Away Deals' })).toBeTruthy();
  });

  it('the model range: the body types as a filter (the one shown current) and NEW or COMING SOON', () => {
    render(
      <WrittenPage
        page={{
          kind: 'models',
          ...head,
          title: 'Our range: SUVs',
          filter: [
            { label: 'All models', href: '/models', current: false },
            { label: 'SUVs', href: '/models?body=suvs', current: true },
          ],
          groups: [
            {
              category: 'SUVs',
              models: [
                { name: 'CX-5', href: '/search/mazda/cx-5', status: 'new', description: 'Mid-size SUV' },
              ],
            },
          ],
        }}
      />,
    );
    const filter = screen.getByRole('navigation', { name: 'Body types' });
    expect(within(filter).getByRole('link', { name: 'SUVs' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'CX-5' }).parentElement?.textContent).toContain(
      'CX-5 NEW — Mid-size SUV',
    );
  });

  it('the reviews: the average as five stars with the count, then each review', () => {
    render(
      <WrittenPage
        page={{
          kind: 'reviews',
          ...head,
          title: 'Reviews',
          average: { rating: '4.7', stars: [1, 1, 1, 1, 0.7] },
          count: 1454,
          reviews: [{ customer_name: 'Sam <S>', rating: 5, when: '2 days ago', text: 'Great.' }],
        }}
      />,
    );
    expect(screen.getByTestId('review-average').textContent).toContain('4.7 from 1,454 reviews');
    expect(screen.getByRole('img', { name: 'Rated 4.7 out of 5' }).querySelectorAll('svg')).toHaveLength(5);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Sam <S>');
    expect(screen.getByText('Rated 5 out of 5 · 2 days ago')).toBeTruthy();
  });
});

describe('nearest to my postcode', () => {
  it('sends the postcode as typed; the machine refuses one that is not four digits with the forms’ text', async () => {
    const actor = createActor(
      locationFinderMachine.provide({
        actors: {
          findNearest: fromPromise(async () => ({
            postcode: '4000',
            locations: [{ slug: 'bayside-mazda-sales', km: 2 }],
          })),
        },
      }),
      { input: { now: '2026-11-26T00:00:00.000Z' } },
    ).start();
    render(<NearestFinder actorRef={actor} />);
    await userEvent.type(screen.getByLabelText('Nearest to my postcode'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Find nearest' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Invalid postcode. Please enter a 4-digit number.',
    );
    expect(screen.getByLabelText('Nearest to my postcode').getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(screen.getByLabelText('Nearest to my postcode'));
    await userEvent.type(screen.getByLabelText('Nearest to my postcode'), '4000');
    await userEvent.click(screen.getByRole('button', { name: 'Find nearest' }));
    expect(await screen.findByRole('button', { name: 'Clear' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
