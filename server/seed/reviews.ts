import type { ReviewRecord } from '../store/reviews.repo.ts';
import type { GenerateOptions } from './cars.ts';
import { createRng, hashSeed } from './prng.ts';
import type { SeedTenant } from './seed-tenant.ts';

const FIRST_NAMES = [
  'Jack',
  'Olivia',
  'Noah',
  'Charlotte',
  'William',
  'Amelia',
  'Liam',
  'Isla',
  'Lachlan',
  'Mia',
  'Cooper',
  'Chloe',
  'Harrison',
  'Ruby',
  'Mason',
  'Zoe',
  'Priya',
  'Wei',
  'Tran',
  'Aroha',
  'Sipho',
  'Fatima',
  'Giorgos',
  'Bec',
  'Shazza',
  'Dave',
];
const INITIALS = 'ABCDEFGHJKLMNOPRSTW';
const PRAISE = [
  'Great experience from start to finish. The sales team were friendly and never pushy.',
  'Picked up my new car today and the handover was thorough. Highly recommend.',
  'Service department kept me updated all day and the car was ready on time.',
  'Fair trade-in price and the finance was sorted in an hour.',
  'Second car we have bought here. Honest advice and no surprises at delivery.',
  'Really happy with the whole process, they even filled the tank.',
  'Helpful staff who took the time to explain every feature.',
];
const MIXED = [
  'Good car, but the paperwork took longer than promised.',
  'Friendly team, although I had to chase a call back about my service.',
  'Decent price in the end, it took a bit of back and forth.',
];
const POOR = [
  'Waited a long time for my service booking and nobody called.',
  'Not happy with the communication after the sale.',
];

/** The tenant that gets the long, high review list: the one with the most dealerships. */
function featuredTenant(tenants: readonly SeedTenant[]): SeedTenant | undefined {
  return [...tenants].sort((a, b) => b.dealerships.length - a.dealerships.length)[0];
}

/**
 * Reviews per tenant, spread over its locations: the group with the most dealerships gets 454
 * averaging about 4.7 (the spec's sample), the others fewer with a slightly lower average.
 */
export function generateReviews(tenants: readonly SeedTenant[], options: GenerateOptions): ReviewRecord[] {
  const featured = featuredTenant(tenants);
  const now = options.now.getTime();
  return tenants.flatMap((tenant) => {
    const rng = createRng(hashSeed(options.seed, 'reviews', tenant.id));
    const isFeatured = tenant === featured;
    const count = isFeatured ? 454 : rng.int(60, 140);
    const weights = isFeatured
      ? ([
          [5, 80],
          [4, 14],
          [3, 3],
          [2, 1.5],
          [1, 1.5],
        ] as const)
      : ([
          [5, 64],
          [4, 23],
          [3, 7],
          [2, 3],
          [1, 3],
        ] as const);
    const locations = tenant.locations.filter((l) => l.location_type !== 'parts');
    return Array.from({ length: count }, (_, index): ReviewRecord => {
      const rating = rng.weighted(weights);
      const location = locations.length > 0 ? rng.pick(locations) : null;
      const bank = rating >= 4 ? PRAISE : rating === 3 ? MIXED : POOR;
      const days = rng.int(1, 3 * 365);
      return {
        id: tenant.id * 10_000 + index + 1,
        site_id: tenant.id,
        dealership_id: location?.dealership_id ?? tenant.dealerships[0]?.id ?? null,
        location_id: location?.id ?? null,
        customer_name: `${rng.pick(FIRST_NAMES)} ${INITIALS.charAt(rng.int(0, INITIALS.length - 1))}.`,
        text: rng.chance(0.1) ? null : rng.pick(bank),
        rating,
        image_url: null,
        thumb_url: null,
        review_date: new Date(now - days * 86_400_000).toISOString().slice(0, 10),
      };
    });
  });
}
