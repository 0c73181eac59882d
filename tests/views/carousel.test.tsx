import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeLocation } from '../../domain/contracts/home.ts';
import { Carousel } from '../../views/ui/carousel.tsx';
import { LocationCarousel } from '../../views/ui/location-card.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom lays nothing out and scrolls nothing: the track stays at 0, each card at 0.
  HTMLElement.prototype.scrollTo = vi.fn() as unknown as typeof HTMLElement.prototype.scrollTo;
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const renderCarousel = () =>
  render(
    <Carousel label="Our locations" itemName="location" hintText="Swipe to see more locations">
      {['A', 'B', 'C', 'D', 'E'].map((name) => (
        <article key={name}>{name}</article>
      ))}
    </Carousel>,
  );

describe('the carousel', () => {
  it('an arrow pressed just as a glide comes to rest is not undone by that rest', () => {
    renderCarousel();
    const previous = screen.getByRole('button', { name: 'Previous location' });
    const next = screen.getByRole('button', { name: 'Next location' });
    fireEvent.click(next);
    expect(previous).toHaveProperty('disabled', false);
    // The glide's last scroll (the row still at the start here): its rest is reported 120 ms later…
    fireEvent.scroll(screen.getByTestId('carousel-track'));
    act(() => vi.advanceTimersByTime(100));
    // …but the shopper presses first: the press stands.
    fireEvent.click(next);
    act(() => vi.advanceTimersByTime(500));
    expect(previous).toHaveProperty('disabled', false);
    expect(HTMLElement.prototype.scrollTo).toHaveBeenCalledTimes(2);
  });

  it('a swipe that comes to rest tells the machine where the row stopped', () => {
    renderCarousel();
    const previous = screen.getByRole('button', { name: 'Previous location' });
    fireEvent.click(screen.getByRole('button', { name: 'Next location' }));
    expect(previous).toHaveProperty('disabled', false);
    // A swipe back to the start (the track at 0): once still, previous is out again.
    fireEvent.scroll(screen.getByTestId('carousel-track'));
    act(() => vi.advanceTimersByTime(200));
    expect(previous).toHaveProperty('disabled', true);
  });
});

describe('the location carousel', () => {
  const location: HomeLocation = {
    name: 'Bayside Mazda Service',
    slug: 'bayside-mazda-service',
    location_type: 'service',
    phone: '03 9000 0000',
    address: {
      street: '1 Beach Rd',
      city: 'Brighton',
      state: 'vic',
      postcode: '3186',
      lat: -37.9,
      long: 145,
    },
  };

  it('names each location in a heading under the home page’s section by default, or right under a page’s h1', () => {
    const { unmount } = render(<LocationCarousel locations={[location]} />);
    expect(screen.getByRole('heading', { name: 'Bayside Mazda Service' }).tagName).toBe('H3');
    unmount();
    render(<LocationCarousel locations={[location]} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Bayside Mazda Service' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bayside Mazda Service' }).getAttribute('href')).toBe(
      '/locations/bayside-mazda-service',
    );
  });
});
