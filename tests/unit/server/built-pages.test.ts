import { describe, expect, it } from 'vitest';
import type { Promotion } from '../../../domain/promotion.ts';
import { offersPage, promotionPage } from '../../../server/content/built-pages.ts';

/** The offer pages the server writes (issue 18 item 5; issue 31 item 21; issue 32 item 6: as data). */
const NOW = new Date('2026-11-27T04:00:00Z');
const promotion = (link: string): Promotion => ({
  id: 10_101,
  site_id: 101,
  dealership_ids: [],
  title: 'Drive Away Deals',
  description: 'Selected stock with drive away pricing.',
  image: { url: '/media/promotions/drive-away-deals.svg' },
  link,
  start_at: '2026-11-13T04:00:00Z',
  // 4 December 2026 in Brisbane, late on the 3rd in UTC.
  expires_at: '2026-12-03T15:00:00Z',
});

describe('a promotion’s own page', () => {
  it('"See the offer" opens what it offers; the end date reads as every date does, in the dealer’s time zone', () => {
    const page = promotionPage(promotion('/search'), [], NOW, 'Australia/Brisbane');
    expect(page).toMatchObject({
      kind: 'offer',
      see_the_offer: '/search',
      offer: { ends: '4 December 2026', image_url: '/media/promotions/drive-away-deals.svg' },
    });
  });

  it('a promotion that leads back to the offers (or to itself) has no "See the offer": the list is linked once', () => {
    for (const link of ['/special-offers', '/offers', '/special-offers/', '/special-offers/10101']) {
      const page = promotionPage(promotion(link), [], NOW, 'Australia/Brisbane');
      expect(page, link).toMatchObject({ kind: 'offer', see_the_offer: null });
    }
  });

  it('names the dealer in the possessive as English does', () => {
    expect(
      offersPage('/special-offers', 'Outback RV & Motorcycles', [], 'Australia/Brisbane').description,
    ).toBe("Outback RV & Motorcycles' current offers.");
    expect(offersPage('/special-offers', 'Bayside Mazda', [], 'Australia/Brisbane').description).toBe(
      "Bayside Mazda's current offers.",
    );
  });
});
