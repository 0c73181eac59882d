import type { SeedLocation, SeedTenant } from './seed-tenant.ts';

/**
 * The four demo tenants with their fixed ids, for tests and for a store seeded before the tenant
 * files exist. The real configs live in `tenants/<slug>/site.json`.
 */

function sales(
  id: number,
  dealership: [number, string],
  name: string,
  phone: string,
  address: SeedLocation['address'],
  type: SeedLocation['location_type'] = 'sales',
): SeedLocation {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    id,
    slug,
    name,
    location_type: type,
    dealership_id: dealership[0],
    dealership_slug: dealership[1],
    phone,
    address,
  };
}

const BAYSIDE: [number, string] = [1011, 'bayside-mazda'];
const TOYOTA: [number, string] = [1021, 'harbour-toyota'];
const HYUNDAI: [number, string] = [1022, 'harbour-hyundai'];
const KIA: [number, string] = [1023, 'harbour-kia'];
const VW: [number, string] = [1024, 'harbour-volkswagen'];
const CARAVANS: [number, string] = [1031, 'outback-caravans'];
const BIKES: [number, string] = [1032, 'outback-motorcycles'];
const OUTBACK_CARS: [number, string] = [1033, 'outback-cars'];
const METRO: [number, string] = [1041, 'metro-used-cars'];

const brisbane = { street: '1450 Wynnum Road', city: 'Tingalpa', state: 'qld', postcode: '4173' };
const auburn = (street: string) => ({ street, city: 'Auburn', state: 'nsw', postcode: '2144' });
const townsville = (street: string) => ({ street, city: 'Garbutt', state: 'qld', postcode: '4814' });

/** bayside-mazda (101), harbour-auto-group (102), outback-rv (103) and metro-used (104). */
export const DEMO_TENANTS: readonly SeedTenant[] = [
  {
    id: 101,
    slug: 'bayside-mazda',
    name: 'Bayside Mazda',
    finance_provider: 'oem',
    dealerships: [
      {
        id: 1011,
        slug: 'bayside-mazda',
        name: 'Bayside Mazda',
        manufacturer_slug: 'mazda',
        stock: 'franchise',
      },
    ],
    locations: [
      sales(10111, BAYSIDE, 'Bayside Mazda Sales', '07 3000 1011', brisbane),
      sales(10112, BAYSIDE, 'Bayside Mazda Service', '07 3000 1012', brisbane, 'service'),
    ],
  },
  {
    id: 102,
    slug: 'harbour-auto-group',
    name: 'Harbour Auto Group',
    finance_provider: 'taurus',
    dealerships: [
      {
        id: 1021,
        slug: 'harbour-toyota',
        name: 'Harbour Toyota',
        manufacturer_slug: 'toyota',
        stock: 'franchise',
      },
      {
        id: 1022,
        slug: 'harbour-hyundai',
        name: 'Harbour Hyundai',
        manufacturer_slug: 'hyundai',
        stock: 'franchise',
      },
      { id: 1023, slug: 'harbour-kia', name: 'Harbour Kia', manufacturer_slug: 'kia', stock: 'franchise' },
      {
        id: 1024,
        slug: 'harbour-volkswagen',
        name: 'Harbour Volkswagen',
        manufacturer_slug: 'volkswagen',
        stock: 'franchise',
      },
    ],
    locations: [
      sales(10211, TOYOTA, 'Harbour Toyota', '02 9000 1021', auburn('210 Parramatta Road')),
      sales(10221, HYUNDAI, 'Harbour Hyundai', '02 9000 1022', auburn('230 Parramatta Road')),
      sales(10231, KIA, 'Harbour Kia', '02 9000 1023', auburn('250 Parramatta Road')),
      sales(10241, VW, 'Harbour Volkswagen', '02 9000 1024', auburn('270 Parramatta Road')),
      sales(
        10212,
        TOYOTA,
        'Harbour Service Centre',
        '02 9000 1025',
        auburn('12 Silverwater Road'),
        'service',
      ),
      sales(10213, TOYOTA, 'Harbour Parts', '02 9000 1026', auburn('14 Silverwater Road'), 'parts'),
    ],
  },
  {
    id: 103,
    slug: 'outback-rv',
    name: 'Outback RV',
    finance_provider: 'powertorque',
    dealerships: [
      {
        id: 1031,
        slug: 'outback-caravans',
        name: 'Outback Caravans',
        manufacturer_slug: null,
        stock: 'caravans',
      },
      {
        id: 1032,
        slug: 'outback-motorcycles',
        name: 'Outback Motorcycles',
        manufacturer_slug: null,
        stock: 'motorcycles',
      },
      { id: 1033, slug: 'outback-cars', name: 'Outback Cars', manufacturer_slug: null, stock: 'mixed' },
    ],
    locations: [
      sales(10311, CARAVANS, 'Outback Caravans', '07 4700 1031', townsville('45 Duckworth Street')),
      sales(10321, BIKES, 'Outback Motorcycles', '07 4700 1032', townsville('47 Duckworth Street')),
      sales(10331, OUTBACK_CARS, 'Outback Cars', '07 4700 1033', townsville('49 Duckworth Street')),
    ],
  },
  {
    id: 104,
    slug: 'metro-used',
    name: 'Metro Used Cars',
    finance_provider: 'carclarity',
    dealerships: [
      { id: 1041, slug: 'metro-used-cars', name: 'Metro Used Cars', manufacturer_slug: null, stock: 'used' },
    ],
    locations: [
      sales(10411, METRO, 'Metro Used Cars', '03 9000 1041', {
        street: '300 Springvale Road',
        city: 'Nunawading',
        state: 'vic',
        postcode: '3131',
      }),
    ],
  },
];
