import type { Promotion } from '../../domain/promotion.ts';
import { promotionSchema } from '../../domain/promotion.ts';
import type { GenerateOptions } from './cars.ts';
import { slugify } from './catalog.ts';
import { promotionImageUrl } from './images.ts';
import type { SeedTenant } from './seed-tenant.ts';

const DAY = 86_400_000;

/** The stocktake sale the spec names: 1 Jan to 1 Feb 2025, Brisbane time (+10:00). */
export const STOCKTAKE = { start_at: '2025-01-01T00:00:00+10:00', expires_at: '2025-02-01T00:00:00+10:00' };

/** The long-running banner window the spec names: 23 Dec 2024 to 31 Dec 2026. */
export const LONG_BANNER = { start_at: '2024-12-23T00:00:00+10:00', expires_at: '2026-12-31T23:59:59+10:00' };

/** Australia's seasons by month, January first (summer is December to February). */
const SEASONS = [
  'Summer',
  'Summer',
  'Autumn',
  'Autumn',
  'Autumn',
  'Winter',
  'Winter',
  'Winter',
  'Spring',
  'Spring',
  'Spring',
  'Summer',
] as const;

/** The season most of a window falls in (its middle), in Brisbane time (+10:00, as the spec's dates). */
export function seasonOf(startAt: string, expiresAt: string): (typeof SEASONS)[number] {
  const middle = (Date.parse(startAt) + Date.parse(expiresAt)) / 2 + 10 * 3_600_000;
  return SEASONS[new Date(middle).getUTCMonth()] ?? 'Summer';
}

/**
 * Promotions per tenant relative to `now`: one running, one expired, one starting later, the fixed
 * stocktake sale and long banner, and one scoped to a single franchise dealership where there is one.
 * A promotion named for a season runs in that season, and each leads to what it offers (never back to
 * the list of offers it is on).
 */
export function generatePromotions(tenants: readonly SeedTenant[], options: GenerateOptions): Promotion[] {
  const now = options.now.getTime();
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  const ended = { start_at: at(-120), expires_at: at(-60) };
  const upcoming = { start_at: at(10), expires_at: at(40) };
  return tenants.flatMap((tenant) => {
    const franchise = tenant.dealerships.find((d) => d.manufacturer_slug !== null);
    const items: Omit<Promotion, 'id' | 'site_id' | 'image'>[] = [
      {
        title: 'Drive Away Deals',
        description: 'Selected stock with drive away pricing.',
        link: '/search',
        start_at: at(-14),
        expires_at: at(21),
        dealership_ids: [],
      },
      {
        title: `${seasonOf(ended.start_at, ended.expires_at)} Service Special`,
        description: 'Logbook service from $199.',
        link: '/service',
        ...ended,
        dealership_ids: [],
      },
      {
        title: `${seasonOf(upcoming.start_at, upcoming.expires_at)} Clearance`,
        description: 'Our biggest sale of the season.',
        link: '/search/new-used-and-demo-cars',
        ...upcoming,
        dealership_ids: [],
      },
      {
        title: 'Stocktake Sale',
        description: 'Everything must go before stocktake.',
        link: '/search',
        ...STOCKTAKE,
        dealership_ids: [],
      },
      {
        title: 'Book Your Next Service',
        description: 'Capped price servicing at every visit.',
        link: '/service',
        ...LONG_BANNER,
        dealership_ids: [],
      },
    ];
    if (franchise) {
      items.push({
        title: `${franchise.name} Runout`,
        description: 'Runout pricing on last year’s plates.',
        link: '/search/new-cars',
        start_at: at(-7),
        expires_at: at(30),
        dealership_ids: [franchise.id],
      });
    }
    return items.map((item, index) =>
      promotionSchema.parse({
        ...item,
        id: tenant.id * 100 + index + 1,
        site_id: tenant.id,
        image: { url: promotionImageUrl(slugify(item.title)) },
      }),
    );
  });
}
