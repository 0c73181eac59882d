import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listingPromos } from '../../views/search/promo-card.tsx';
import { PromoCard } from '../../views/ui/promo-card.tsx';

/**
 * The listing's promo cards at positions 8 and 17 (`search-detail-finance-watchlist.md` §2, §9;
 * issue 18 item 5): the dealer's promotions running now, each leading to its own page; the offers and
 * finance pages where it runs fewer than two.
 */
const finance = { path: '/apply-for-finance', default_interest_rate: 8.5 } as const;
const promotion = (id: number, title: string, description: string | null = null) => ({
  id,
  title,
  description,
});

describe('listing promo cards', () => {
  it('show the dealer’s running promotions first, each linking to its page', () => {
    const promos = listingPromos({
      finance,
      promotions: [
        promotion(7, 'Stocktake sale', 'Run-out prices on 2024 stock'),
        promotion(9, 'Service special'),
      ],
    });
    expect(promos).toEqual([
      {
        title: 'Stocktake sale',
        text: 'Run-out prices on 2024 stock',
        href: '/special-offers/7',
        action: 'View offer',
      },
      {
        title: 'Service special',
        text: 'See the offer.',
        href: '/special-offers/9',
        action: 'View offer',
      },
    ]);
  });

  it('fill the second place with the offers page, and both with offers and finance when none runs', () => {
    expect(
      listingPromos({ finance, promotions: [promotion(7, 'Stocktake sale')] }).map((p) => p.href),
    ).toEqual(['/special-offers/7', '/special-offers']);
    expect(listingPromos({ finance, promotions: [] }).map((p) => p.href)).toEqual([
      '/special-offers',
      '/apply-for-finance',
    ]);
  });
});

describe('the shared promo card (issue 32 item 6: the listing’s and the offers pages’ one markup)', () => {
  it('in the listing: a tile named by its title, its words and its call to action', () => {
    render(
      <PromoCard
        promo={{
          title: 'Stocktake sale',
          text: 'Run-out prices',
          href: '/special-offers/7',
          action: 'View offer',
        }}
      />,
    );
    const card = screen.getByTestId('promo-card');
    expect(card.tagName).toBe('ASIDE');
    expect(card.getAttribute('aria-label')).toBe('Stocktake sale');
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Stocktake sale');
    expect(within(card).getByText('Run-out prices').tagName).toBe('P');
    expect(within(card).getByRole('link', { name: 'View offer' }).getAttribute('href')).toBe(
      '/special-offers/7',
    );
    expect(card.querySelector('img')).toBeNull();
  });

  it('on the offers pages: a list item, its title leading to its page, its picture (lazy) and its lines', () => {
    const { container } = render(
      <ul>
        <PromoCard
          offer={{
            title: 'Drive Away',
            href: '/special-offers/7',
            image_url: '/m/7.svg',
            lines: ['Selected stock.', 'Ends 4 December 2026.'],
          }}
        />
      </ul>,
    );
    const item = screen.getByRole('listitem');
    expect(within(item).getByRole('heading', { level: 2 }).querySelector('a')?.getAttribute('href')).toBe(
      '/special-offers/7',
    );
    expect(screen.queryByTestId('promo-card')).toBeNull();
    const img = container.querySelector('li > p > img');
    expect([
      img?.getAttribute('src'),
      img?.getAttribute('alt'),
      img?.getAttribute('width'),
      img?.getAttribute('height'),
      img?.getAttribute('loading'),
    ]).toEqual(['/m/7.svg', '', '960', '270', 'lazy']);
    expect([...item.querySelectorAll(':scope > p')].map((p) => p.textContent)).toEqual([
      '',
      'Selected stock.',
      'Ends 4 December 2026.',
    ]);
  });
});
