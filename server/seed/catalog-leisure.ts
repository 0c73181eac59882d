import type { MakeSpec } from './catalog.ts';

/** Motorcycle makes and models; `e` is the engine size in litres. */
// biome-ignore format: a table reads better one model per line
export const MOTORCYCLE_MAKES: readonly MakeSpec[] = [
  {
    name: 'Yamaha', slug: 'yamaha', kind: 'motorcycles', logo: true, brand: '#1d3f8f', wmi: 'JYA', weight: 5,
    models: [
      { n: 'MT-07', b: 'motorcycle', s: 'LAMS', y: 2021, from: 2014, p: [12, 14], f: 'P', d: 'Chain', e: 0.689, t: 'LAMS|Standard', sb: 'Naked', w: 3 },
      { n: 'MT-09', b: 'motorcycle', s: null, y: 2021, from: 2014, p: [17, 21], f: 'P', d: 'Chain', e: 0.89, t: 'Standard|SP', sb: 'Naked' },
      { n: 'Tenere 700', b: 'motorcycle', s: null, y: 2020, from: 2020, p: [18, 21], f: 'P', d: 'Chain', e: 0.689, t: 'Standard|World Raid', sb: 'Adventure', w: 2 },
      { n: 'YZF-R7', b: 'motorcycle', s: null, y: 2022, from: 2022, p: [14, 15], f: 'P', d: 'Chain', e: 0.689, t: 'Standard', sb: 'Sport' },
      { n: 'WR450F', b: 'motorcycle', s: null, y: 2019, p: [15, 16], f: 'P', d: 'Chain', e: 0.45, t: 'Standard', sb: 'Enduro' },
    ],
  },
  {
    name: 'Kawasaki', slug: 'kawasaki', kind: 'motorcycles', logo: true, brand: '#3a8c1f', wmi: 'JKA', weight: 4,
    models: [
      { n: 'Ninja 650', b: 'motorcycle', s: 'LAMS', y: 2020, p: [11, 12], f: 'P', d: 'Chain', e: 0.649, t: 'LAMS|KRT Edition', sb: 'Sport', w: 2 },
      { n: 'Z900', b: 'motorcycle', s: null, y: 2020, from: 2017, p: [16, 18], f: 'P', d: 'Chain', e: 0.948, t: 'Standard|SE', sb: 'Naked' },
      { n: 'KLR650', b: 'motorcycle', s: null, y: 2022, p: [11, 12], f: 'P', d: 'Chain', e: 0.652, t: 'Standard|Adventure', sb: 'Adventure' },
    ],
  },
  {
    name: 'Harley-Davidson', slug: 'harley-davidson', kind: 'motorcycles', logo: true, brand: '#f26f21', wmi: '1HD', weight: 3,
    models: [
      { n: 'Street Glide', b: 'motorcycle', s: null, y: 2023, p: [48, 55], f: 'P', d: 'Belt', e: 1.923, t: 'Standard|Special', sb: 'Touring' },
      { n: 'Fat Boy', b: 'motorcycle', s: null, y: 2018, p: [36, 40], f: 'P', d: 'Belt', e: 1.868, t: '114', sb: 'Cruiser' },
      { n: 'Sportster S', b: 'motorcycle', s: null, y: 2021, from: 2021, p: [27, 28], f: 'P', d: 'Belt', e: 1.252, t: 'Standard', sb: 'Cruiser' },
      { n: 'Pan America 1250', b: 'motorcycle', s: null, y: 2021, from: 2021, p: [33, 38], f: 'P', d: 'Chain', e: 1.252, t: 'Standard|Special', sb: 'Adventure' },
    ],
  },
  {
    name: 'KTM', slug: 'ktm', kind: 'motorcycles', logo: true, brand: '#ff6600', wmi: 'VBK', weight: 3,
    models: [
      { n: '390 Duke', b: 'motorcycle', s: 'LAMS', y: 2024, p: [9, 10], f: 'P', d: 'Chain', e: 0.399, t: 'Standard', sb: 'Naked', w: 2 },
      { n: '890 Adventure', b: 'motorcycle', s: null, y: 2021, from: 2021, p: [22, 25], f: 'P', d: 'Chain', e: 0.889, t: 'Standard|R', sb: 'Adventure' },
      { n: '1290 Super Duke R', b: 'motorcycle', s: null, y: 2020, from: 2014, p: [31, 36], f: 'P', d: 'Chain', e: 1.301, t: 'Standard|EVO', sb: 'Naked' },
    ],
  },
  {
    name: 'Triumph', slug: 'triumph', kind: 'motorcycles', logo: true, brand: '#111111', wmi: 'SMT', weight: 2,
    models: [
      { n: 'Street Triple', b: 'motorcycle', s: null, y: 2023, p: [17, 22], f: 'P', d: 'Chain', e: 0.765, t: 'R|RS', sb: 'Naked' },
      { n: 'Bonneville T120', b: 'motorcycle', s: null, y: 2016, from: 2016, p: [23, 25], f: 'P', d: 'Chain', e: 1.2, t: 'Standard|Black', sb: 'Classic' },
      { n: 'Tiger 900', b: 'motorcycle', s: null, y: 2020, from: 2020, p: [22, 27], f: 'P', d: 'Chain', e: 0.888, t: 'GT|GT Pro|Rally Pro', sb: 'Adventure' },
    ],
  },
  {
    name: 'Ducati', slug: 'ducati', kind: 'motorcycles', logo: false, brand: '#cc0000', wmi: 'ZDM', weight: 2,
    models: [
      { n: 'Monster', b: 'motorcycle', s: null, y: 2021, p: [21, 25], f: 'P', d: 'Chain', e: 0.937, t: 'Standard|+|SP', sb: 'Naked' },
      { n: 'Multistrada V4', b: 'motorcycle', s: null, y: 2021, from: 2021, p: [33, 45], f: 'P', d: 'Chain', e: 1.158, t: 'V4|V4 S|Rally', sb: 'Adventure' },
      { n: 'Panigale V2', b: 'motorcycle', s: null, y: 2020, from: 2020, p: [29, 31], f: 'P', d: 'Chain', e: 0.955, t: 'Standard', sb: 'Sport' },
    ],
  },
];

/** Caravan and camper makes; `c` holds lengths in feet, tare in kg and berths. */
// biome-ignore format: a table reads better one model per line
export const CARAVAN_MAKES: readonly MakeSpec[] = [
  {
    name: 'Jayco', slug: 'jayco', kind: 'caravans', logo: true, brand: '#00529b', wmi: '6H8', weight: 5,
    models: [
      { n: 'Journey', b: 'caravan', s: null, y: 2020, p: [65, 85], f: '', d: '', t: 'Outback|Couples|Family', sb: 'Caravan', c: { len: [17, 21], tare: [2100, 2500], sleeps: 4 }, w: 3 },
      { n: 'Starcraft', b: 'caravan', s: null, y: 2020, p: [50, 62], f: '', d: '', t: 'Pop Top|Outback', sb: 'Pop Top', c: { len: [14, 17], tare: [1500, 1900], sleeps: 3 }, w: 2 },
      { n: 'Silverline', b: 'caravan', s: null, y: 2021, p: [95, 125], f: '', d: '', t: 'Couples|Outback', sb: 'Caravan', c: { len: [20, 24], tare: [2600, 3000], sleeps: 2 } },
      { n: 'Crosstrak', b: 'caravan', s: null, y: 2022, from: 2020, p: [55, 60], f: '', d: '', t: 'Off Road', sb: 'Hybrid Van', c: { len: [13, 15], tare: [1400, 1700], sleeps: 3 } },
    ],
  },
  {
    name: 'New Age', slug: 'new-age', kind: 'caravans', logo: true, brand: '#6b2c1a', wmi: '6K9', weight: 2,
    models: [
      { n: 'Manta Ray', b: 'caravan', s: null, y: 2019, p: [88, 105], f: '', d: '', t: 'Couples|Family|Limited Edition', sb: 'Caravan', c: { len: [19, 22], tare: [2500, 2850], sleeps: 4 } },
      { n: 'Big Red', b: 'caravan', s: null, y: 2019, p: [105, 125], f: '', d: '', t: 'Off Road|Family', sb: 'Caravan', c: { len: [21, 24], tare: [2900, 3200], sleeps: 6 } },
    ],
  },
  {
    name: 'Coromal', slug: 'coromal', kind: 'caravans', logo: false, brand: '#2d6a4f', wmi: '6T9', weight: 2,
    models: [
      { n: 'Element', b: 'caravan', s: null, y: 2019, p: [58, 70], f: '', d: '', t: 'Couples|Family', sb: 'Caravan', c: { len: [16, 20], tare: [1900, 2300], sleeps: 4 } },
      { n: 'Appeal', b: 'caravan', s: null, y: 2018, p: [62, 75], f: '', d: '', t: 'Touring|Off Road', sb: 'Caravan', c: { len: [18, 21], tare: [2200, 2500], sleeps: 2 } },
    ],
  },
  {
    name: 'Crusader', slug: 'crusader', kind: 'caravans', logo: false, brand: '#7a1f1f', wmi: '6C7', weight: 1,
    models: [
      { n: 'Entertainer', b: 'caravan', s: null, y: 2019, p: [90, 110], f: '', d: '', t: 'Family|Bunk', sb: 'Caravan', c: { len: [22, 24], tare: [2800, 3100], sleeps: 6 } },
      { n: 'Excalibur', b: 'caravan', s: null, y: 2019, p: [85, 100], f: '', d: '', t: 'Couples', sb: 'Caravan', c: { len: [20, 22], tare: [2600, 2800], sleeps: 2 } },
    ],
  },
  {
    name: 'Avan', slug: 'avan', kind: 'caravans', logo: true, brand: '#e07a1f', wmi: '6A2', weight: 1,
    models: [
      { n: 'Aspire', b: 'caravan', s: null, y: 2020, p: [75, 90], f: '', d: '', t: 'Touring|Couples', sb: 'Pop Top', c: { len: [17, 19], tare: [1800, 2100], sleeps: 2 } },
      { n: 'Cruiseliner', b: 'caravan', s: null, y: 2019, p: [30, 38], f: '', d: '', t: 'Camper', sb: 'Camper Trailer', c: { len: [12, 14], tare: [900, 1200], sleeps: 4 } },
    ],
  },
];
