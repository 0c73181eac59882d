import { act, render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CarHit } from '../../domain/search-result.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { SiteProvider } from '../../views/app/site-context.tsx';
import { CarCard } from '../../views/ui/car-card.tsx';
import { testConnection as connection } from '../fixtures/public-site.ts';
import { WithSavedCars } from './support/saved-cars.tsx';

/*
 * Issue 37 item 4 "Deal signals on cards" (decision 130): where the dealer's switch is on, a card
 * shows the price drop, the price rating with its rule on focus and hover, and days listed.
 */

const NOW = 1_780_000_000;
const DAY = 86_400;
const sites = loadTenants();
const hit = (overrides: Partial<CarHit> = {}): CarHit => ({
  objectID: '101',
  id: 101,
  slug: '2021-toyota-corolla-ascent-sport-101',
  name: '2021 Toyota Corolla Ascent Sport',
  year: 2021,
  make: 'Toyota',
  model: 'Corolla',
  badge: 'Ascent Sport',
  series: null,
  car_type: 'used',
  status: 'in_stock',
  tag: null,
  km: 45_000,
  body: 'Hatch',
  fuel: 'Petrol',
  transmission: 'Automatic',
  price: 22_990,
  before_price: null,
  offer_price: null,
  subscription_price: null,
  preorder: false,
  price_type: 'Drive Away',
  city: 'Brookvale',
  state: 'NSW',
  location_name: null,
  dealership_slug: 'harbour-toyota',
  created_at: NOW - 12 * DAY,
  primary_image_url: null,
  primary_image_thumbhash: null,
  vehicle_kind: 'cars',
  reserved: false,
  certified: false,
  sold: false,
  image_count: 0,
  finance_lenders: {},
  price_dropped_at: NOW - 3 * DAY,
  price_drop_amount: 1_500,
  price_rating: { level: 'great', median: 25_990, comparables: 4, difference: -0.115 },
  ...overrides,
});

function renderCard(slug: string, car: CarHit) {
  const config = sites.find((s) => s.slug === slug);
  if (!config) throw new Error(slug);
  const { hook } = memoryLocation({ path: '/search' });
  const { container } = render(
    <SiteProvider site={toPublicSite(config, connection)}>
      <Router hook={hook}>
        <WithSavedCars signedIn={false}>
          <CarCard hit={car} nowSeconds={NOW} eager={false} sizes="100vw" />
        </WithSavedCars>
      </Router>
    </SiteProvider>,
  );
  return within(container).getByTestId('car-card');
}

describe('deal signals on cards (issue 37 item 4)', () => {
  it('a dealer with the switch on: the drop, the rating and days listed', () => {
    const card = within(renderCard('harbour-auto-group', hit()));
    const signals = within(card.getByRole('list', { name: 'Deal signals' }));
    expect(signals.getByTestId('card-price-drop').textContent).toBe('↓ $1,500Price dropped $1,500');
    expect(signals.getByText('Price dropped $1,500')).toBeTruthy();
    expect(signals.getByTestId('days-listed').textContent).toBe('Listed 12 days ago');
    const chip = signals.getByRole('button', { name: 'Great price' });
    expect(chip.getAttribute('data-level')).toBe('great');
    expect(signals.getByRole('tooltip', { hidden: true }).textContent).toBe(
      'Great price: 11.5% below the median asking price ($25,990) of 4 other Toyota Corolla cars in this ' +
        'dealer’s stock from 2020–2022 with 25,000–65,000 km. Great: 10% or more below; Good: 3%–10% ' +
        'below; Fair: within 3%; High: more than 3% above.',
    );
  });

  it('the rule is the chip’s description, and the chip takes focus by keyboard', async () => {
    const card = within(renderCard('metro-used', hit({ dealership_slug: 'metro-used-cars' })));
    const chip = card.getByRole('button', { name: 'Great price', description: /of 4 other Toyota Corolla/ });
    await userEvent.tab();
    for (let i = 0; i < 5 && document.activeElement !== chip; i++) await userEvent.tab();
    expect(document.activeElement).toBe(chip);
  });

  it('Escape hides the rule while the chip keeps focus; it shows again once focus has left (WCAG 1.4.13)', async () => {
    const card = within(renderCard('metro-used', hit({ dealership_slug: 'metro-used-cars' })));
    const chip = card.getByRole('button', { name: 'Great price' });
    const item = chip.parentElement;
    act(() => chip.focus());
    expect(item?.hasAttribute('data-dismissed')).toBe(false);
    await userEvent.keyboard('{Escape}');
    expect(item?.hasAttribute('data-dismissed')).toBe(true);
    expect(document.activeElement).toBe(chip);
    act(() => chip.blur());
    expect(item?.hasAttribute('data-dismissed')).toBe(false);
  });

  it('no rating without enough comparables, no drop without one or after 30 days, New today', () => {
    const card = within(
      renderCard(
        'harbour-auto-group',
        hit({
          price_rating: undefined,
          price_dropped_at: NOW - 31 * DAY,
          created_at: NOW - 3_600,
        }),
      ),
    );
    expect(card.queryByTestId('price-rating')).toBeNull();
    expect(card.queryByTestId('card-price-drop')).toBeNull();
    expect(card.getByTestId('days-listed').textContent).toBe('New today');
  });

  it('a dealer with the switch off shows no signals at all', () => {
    for (const slug of ['bayside-mazda', 'outback-rv']) {
      const card = within(renderCard(slug, hit({ dealership_slug: slug })));
      expect(card.queryByTestId('deal-signals')).toBeNull();
      expect(card.queryByText(/Price dropped|Great price|Listed/)).toBeNull();
    }
  });
});
