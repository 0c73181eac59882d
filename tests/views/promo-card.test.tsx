import { describe, expect, it } from 'vitest';
import { listingPromos } from '../../views/search/promo-card.tsx';

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
