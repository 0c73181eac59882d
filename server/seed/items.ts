import type { Item } from '../../domain/item.ts';
import { createRng, hashSeed } from './prng.ts';
import type { SeedTenant } from './seed-tenant.ts';

/** Parts and accessories a dealer sells: name, categories (general first) and a price range. */
const CATALOGUE: readonly {
  name: string;
  categories: [string, string];
  min: number;
  max: number;
  fitted: boolean;
}[] = [
  {
    name: 'All-weather floor mats',
    categories: ['Accessories', 'Interior'],
    min: 129,
    max: 249,
    fitted: true,
  },
  { name: 'Cargo liner', categories: ['Accessories', 'Interior'], min: 149, max: 299, fitted: true },
  { name: 'Roof racks', categories: ['Accessories', 'Exterior'], min: 399, max: 799, fitted: true },
  { name: 'Weathershields', categories: ['Accessories', 'Exterior'], min: 179, max: 329, fitted: true },
  { name: 'Nudge bar', categories: ['Accessories', 'Exterior'], min: 899, max: 1890, fitted: true },
  { name: 'Towbar kit', categories: ['Accessories', 'Towing'], min: 690, max: 1490, fitted: true },
  { name: 'Trailer wiring harness', categories: ['Accessories', 'Towing'], min: 149, max: 289, fitted: true },
  { name: 'Dash camera', categories: ['Accessories', 'Electronics'], min: 249, max: 549, fitted: false },
  {
    name: 'Wireless phone charger',
    categories: ['Accessories', 'Electronics'],
    min: 99,
    max: 199,
    fitted: false,
  },
  { name: 'Brake pads (front)', categories: ['Parts', 'Brakes'], min: 89, max: 229, fitted: true },
  { name: 'Brake rotors (pair)', categories: ['Parts', 'Brakes'], min: 179, max: 459, fitted: true },
  { name: 'Cabin air filter', categories: ['Parts', 'Filters'], min: 29, max: 69, fitted: true },
  { name: 'Oil filter', categories: ['Parts', 'Filters'], min: 15, max: 39, fitted: true },
  { name: 'Wiper blades (pair)', categories: ['Parts', 'Wipers'], min: 35, max: 89, fitted: true },
  { name: 'Battery 12V', categories: ['Parts', 'Electrical'], min: 189, max: 389, fitted: false },
  { name: 'Engine oil 5L', categories: ['Parts', 'Fluids'], min: 49, max: 99, fitted: false },
  { name: 'Car care kit', categories: ['Accessories', 'Care'], min: 59, max: 129, fitted: false },
  { name: 'First aid kit', categories: ['Accessories', 'Safety'], min: 49, max: 99, fitted: false },
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Deterministic parts and accessories for every dealership that has a franchise make (items that fit
 * its make) or sells cars; caravan and motorcycle yards carry none. Same tenants and seed, same items.
 */
export function generateItems(tenants: readonly SeedTenant[], seed: number): Item[] {
  const items: Item[] = [];
  for (const tenant of tenants) {
    for (const dealership of tenant.dealerships) {
      if (dealership.stock === 'caravans' || dealership.stock === 'motorcycles') continue;
      const rng = createRng(hashSeed(seed, 'items', dealership.id));
      const make = dealership.manufacturer_slug
        ? dealership.manufacturer_slug.replace(
            /(^|-)([a-z])/g,
            (_m, dash: string, c: string) => `${dash ? ' ' : ''}${c.toUpperCase()}`,
          )
        : null;
      CATALOGUE.forEach((entry, index) => {
        const name = entry.fitted && make ? `Genuine ${make} ${entry.name.toLowerCase()}` : entry.name;
        const price = Math.round(rng.float(entry.min, entry.max)) - 0.05;
        items.push({
          id: dealership.id * 1000 + index + 1,
          dealership_id: dealership.id,
          slug: slug(name),
          name,
          sku: `${dealership.slug.slice(0, 3).toUpperCase()}-${String(index + 1).padStart(4, '0')}`,
          categories: [...entry.categories],
          price: Math.max(price, 0),
          fits_make: entry.fitted ? make : null,
          description: `${name}, supplied${entry.fitted ? ' and fitted' : ''} by ${dealership.name}.`,
          image_url: null,
        });
      });
    }
  }
  return items;
}
