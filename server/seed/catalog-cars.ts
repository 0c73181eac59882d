import type { MakeSpec } from './catalog.ts';

/** Car makes sold in Australia with their main models, badges and new-price ranges ($1,000). */
// biome-ignore format: a table reads better one model per line
export const CAR_MAKES: readonly MakeSpec[] = [
  {
    name: 'Toyota', slug: 'toyota', kind: 'cars', logo: true, brand: '#d71921', wmi: 'JTM', weight: 20,
    models: [
      { n: 'HiLux', b: 'ute', s: 'AN120', y: 2016, p: [38, 78], f: 'D', d: '4x2 4x4', e: 2.8, t: 'Workmate|SR|SR5|Rogue|Rugged X|GR Sport', w: 5 },
      { n: 'RAV4', b: 'suv', s: 'XA50', y: 2019, p: [37, 58], f: 'PH', d: '2WD AWD', e: 2.5, t: 'GX|GXL|XSE|Cruiser|Edge', w: 5 },
      { n: 'Corolla', b: 'hatch', s: 'E210', y: 2018, p: [30, 42], f: 'PH', d: 'FWD', e: 2.0, t: 'Ascent Sport|SX|ZR|GR Sport', w: 4 },
      { n: 'Camry', b: 'sedan', s: 'XV80', y: 2024, p: [40, 52], f: 'H', d: 'FWD', e: 2.5, t: 'Ascent|SL|SX', w: 3 },
      { n: 'LandCruiser 300', b: 'suv', s: 'FJA300R', y: 2021, from: 2021, p: [92, 145], f: 'D', d: '4WD', e: 3.3, t: 'GX|GXL|VX|Sahara|GR Sport', seats: 7, w: 2 },
      { n: 'Prado', b: 'suv', s: '250 Series', y: 2024, p: [73, 99], f: 'D', d: '4WD', e: 2.8, t: 'GX|GXL|VX|Kakadu', seats: 7, st: 'new', w: 2 },
      { n: 'Kluger', b: 'suv', s: 'AXUH78R', y: 2021, p: [60, 82], f: 'PH', d: '2WD AWD', e: 2.5, t: 'GX|GXL|Grande', seats: 7 },
      { n: 'Yaris Cross', b: 'suv', s: 'MXPJ10R', y: 2020, from: 2020, p: [30, 41], f: 'PH', d: '2WD AWD', e: 1.5, t: 'GX|GXL|Urban' },
      { n: 'C-HR', b: 'suv', s: 'AX20', y: 2024, from: 2017, p: [39, 57], f: 'H', d: '2WD AWD', e: 2.0, t: 'GXL|Koba|GR Sport' },
      { n: 'HiAce', b: 'van', s: 'H300', y: 2019, p: [49, 72], f: 'D', d: 'RWD', e: 2.8, t: 'LWB|SLWB|Commuter', seats: 3 },
      { n: 'GR86', b: 'coupe', s: 'ZN8', y: 2022, from: 2022, p: [46, 52], f: 'U', d: 'RWD', e: 2.4, t: 'GT|GTS' },
      { n: 'bZ4X', b: 'suv', s: 'XEAM10R', y: 2022, from: 2022, p: [66, 75], f: 'E', d: 'FWD AWD', t: 'FWD|AWD', st: 'new' },
      { n: 'Urban Cruiser', b: 'suv', s: null, y: 2099, p: [45, 55], f: 'E', d: 'FWD', t: 'GXL', st: 'coming_soon' },
    ],
  },
  {
    name: 'Mazda', slug: 'mazda', kind: 'cars', logo: true, brand: '#101010', wmi: 'JM0', weight: 10,
    models: [
      { n: 'CX-5', b: 'suv', s: 'KF Series 2', y: 2017, from: 2012, p: [36, 56], f: 'P', d: 'FWD AWD', e: 2.5, t: 'Maxx|Maxx Sport|Touring|GT SP|Akera', w: 5 },
      { n: 'CX-3', b: 'suv', s: 'DK', y: 2015, from: 2015, p: [28, 40], f: 'P', d: 'FWD AWD', e: 2.0, t: 'Neo Sport|Maxx Sport|GT|Akari', w: 3 },
      { n: 'CX-30', b: 'suv', s: 'DM', y: 2020, from: 2020, p: [32, 48], f: 'PH', d: 'FWD AWD', e: 2.0, t: 'G20 Pure|G20 Evolve|G20 Touring|G25 Astina', w: 3 },
      { n: 'Mazda3', b: 'hatch', s: 'BP', y: 2019, p: [30, 44], f: 'P', d: 'FWD', e: 2.5, t: 'G20 Pure|G20 Evolve|G25 GT|G25 Astina', w: 4 },
      { n: 'Mazda2', b: 'hatch', s: 'DJ', y: 2015, p: [24, 30], f: 'P', d: 'FWD', e: 1.5, t: 'Pure|Evolve|GT', w: 2 },
      { n: 'BT-50', b: 'ute', s: 'TF', y: 2020, p: [36, 67], f: 'D', d: '4x2 4x4', e: 3.0, t: 'XS|XT|XTR|GT|SP|Thunder', w: 3 },
      { n: 'CX-60', b: 'suv', s: 'KH', y: 2022, from: 2022, p: [60, 87], f: 'PDX', d: 'AWD', e: 3.3, t: 'G40e Evolve|D50e GT|P50e Azami', st: 'new' },
      { n: 'CX-90', b: 'suv', s: 'KK', y: 2023, from: 2023, p: [76, 98], f: 'PD', d: 'AWD', e: 3.3, t: 'G50e Touring|G50e GT|D50e Azami', seats: 7 },
      { n: 'CX-8', b: 'suv', s: 'KG', y: 2018, from: 2018, to: 2023, p: [42, 66], f: 'PD', d: 'FWD AWD', e: 2.5, t: 'Sport|Touring|GT|Asaki', seats: 7 },
      { n: 'MX-5', b: 'convertible', s: 'ND', y: 2016, p: [42, 52], f: 'P', d: 'RWD', e: 2.0, t: 'Roadster|Roadster GT|RF GT' },
      { n: 'MX-30', b: 'suv', s: 'DR', y: 2021, from: 2021, p: [45, 66], f: 'HE', d: 'FWD', e: 2.0, t: 'G20e Evolve|G20e Astina|E35 Astina' },
      { n: 'CX-70', b: 'suv', s: 'KK', y: 2024, from: 2024, p: [73, 92], f: 'P', d: 'AWD', e: 3.3, t: 'G50e Touring|G50e GT|G50e Azami', st: 'new' },
      { n: 'Mazda6e', b: 'sedan', s: null, y: 2099, p: [55, 65], f: 'E', d: 'RWD', t: 'Takumi', st: 'coming_soon' },
    ],
  },
  {
    name: 'Hyundai', slug: 'hyundai', kind: 'cars', logo: true, brand: '#002c5f', wmi: 'KMH', weight: 8,
    models: [
      { n: 'i30', b: 'hatch', s: 'CN7', y: 2021, p: [28, 40], f: 'PH', d: 'FWD', e: 2.0, t: 'Active|Elite|N Line Premium', w: 4 },
      { n: 'Tucson', b: 'suv', s: 'NX4', y: 2021, p: [37, 58], f: 'PDH', d: '2WD AWD', e: 2.0, t: 'Tucson|Elite|Highlander|N Line', w: 4 },
      { n: 'Kona', b: 'suv', s: 'SX2', y: 2023, from: 2017, p: [34, 60], f: 'PHE', d: '2WD AWD', e: 2.0, t: 'Kona|N Line|Premium|Electric Extended Range' },
      { n: 'Santa Fe', b: 'suv', s: 'MX5', y: 2024, p: [56, 77], f: 'PH', d: 'AWD', e: 2.5, t: 'Santa Fe|Elite|Calligraphy', seats: 7, st: 'new' },
      { n: 'Venue', b: 'suv', s: 'QX', y: 2019, from: 2019, p: [25, 31], f: 'P', d: 'FWD', e: 1.6, t: 'Venue|Active|Elite' },
      { n: 'Palisade', b: 'suv', s: 'LX2', y: 2020, from: 2020, p: [63, 82], f: 'PD', d: '2WD AWD', e: 2.2, t: 'Palisade|Highlander|Calligraphy', seats: 8 },
      { n: 'Staria', b: 'van', s: 'US4', y: 2021, from: 2021, p: [52, 75], f: 'PD', d: '2WD AWD', e: 2.2, t: 'Staria|Elite|Highlander', seats: 8, sb: 'People Mover' },
      { n: 'IONIQ 5', b: 'suv', s: 'NE', y: 2021, from: 2021, p: [68, 87], f: 'E', d: 'RWD AWD', t: 'Dynamiq|Techniq|Epiq|N' },
      { n: 'IONIQ 6', b: 'sedan', s: 'CE', y: 2023, from: 2023, p: [65, 82], f: 'E', d: 'RWD AWD', t: 'Dynamiq|Techniq|Epiq' },
      { n: 'INSTER', b: 'hatch', s: null, y: 2099, p: [40, 45], f: 'E', d: 'FWD', t: 'Standard Range|Extended Range', st: 'coming_soon' },
    ],
  },
  {
    name: 'Kia', slug: 'kia', kind: 'cars', logo: true, brand: '#05141f', wmi: 'KNA', weight: 8,
    models: [
      { n: 'Sportage', b: 'suv', s: 'NQ5', y: 2022, p: [35, 56], f: 'PDH', d: '2WD AWD', e: 2.0, t: 'S|SX|SX+|GT-Line', w: 4 },
      { n: 'Cerato', b: 'hatch', s: 'BD', y: 2018, to: 2024, p: [27, 36], f: 'P', d: 'FWD', e: 2.0, t: 'S|Sport|Sport+|GT', w: 3 },
      { n: 'Seltos', b: 'suv', s: 'SP2', y: 2020, from: 2020, p: [30, 44], f: 'P', d: 'FWD AWD', e: 2.0, t: 'S|Sport|Sport+|GT-Line' },
      { n: 'Sorento', b: 'suv', s: 'MQ4', y: 2020, p: [50, 75], f: 'PDHX', d: '2WD AWD', e: 2.2, t: 'S|Sport|Sport+|GT-Line', seats: 7 },
      { n: 'Carnival', b: 'van', s: 'KA4', y: 2021, p: [52, 78], f: 'PDH', d: 'FWD', e: 3.5, t: 'S|Sport|Sport+|GT-Line', seats: 8, sb: 'People Mover' },
      { n: 'Picanto', b: 'hatch', s: 'JA', y: 2017, p: [18, 22], f: 'P', d: 'FWD', e: 1.25, t: 'S|GT-Line' },
      { n: 'EV6', b: 'suv', s: 'CV', y: 2022, from: 2022, p: [72, 100], f: 'E', d: 'RWD AWD', t: 'Air|GT-Line|GT' },
      { n: 'EV5', b: 'suv', s: 'OV', y: 2025, from: 2025, p: [56, 72], f: 'E', d: 'FWD AWD', t: 'Air|Earth|GT-Line', st: 'new' },
      { n: 'Tasman', b: 'ute', s: 'TK', y: 2099, p: [48, 76], f: 'D', d: '4x2 4x4', e: 2.2, t: 'S|SX|SX+|X-Pro', st: 'coming_soon' },
    ],
  },
  {
    name: 'Volkswagen', slug: 'volkswagen', kind: 'cars', logo: true, brand: '#001e50', wmi: 'WVW', weight: 5,
    models: [
      { n: 'Golf', b: 'hatch', s: 'Mk8.5', y: 2021, p: [38, 67], f: 'U', d: 'FWD AWD', e: 2.0, t: 'Life|Style|R-Line|GTI|R', w: 3 },
      { n: 'Polo', b: 'hatch', s: 'AW', y: 2018, p: [28, 40], f: 'U', d: 'FWD', e: 1.0, t: 'Life|Style|GTI' },
      { n: 'T-Roc', b: 'suv', s: 'A1', y: 2020, from: 2020, p: [42, 65], f: 'U', d: 'FWD AWD', e: 1.5, t: 'CityLife|Style|R-Line|R' },
      { n: 'Tiguan', b: 'suv', s: '5N', y: 2017, p: [44, 68], f: 'UD', d: 'FWD AWD', e: 2.0, t: 'Life|Elegance|R-Line', w: 2 },
      { n: 'Touareg', b: 'suv', s: 'CR', y: 2019, p: [92, 125], f: 'D', d: 'AWD', e: 3.0, t: '170TDI|210TDI Elegance|R-Line' },
      { n: 'Amarok', b: 'ute', s: 'NF', y: 2023, p: [52, 84], f: 'D', d: '4x4', e: 3.0, t: 'Core|Life|Style|PanAmericana|Aventura', w: 2 },
      { n: 'Multivan', b: 'van', s: 'T7', y: 2022, p: [72, 96], f: 'UX', d: 'FWD', e: 2.0, t: 'Life|Energetic', seats: 7, sb: 'People Mover' },
      { n: 'ID.4', b: 'suv', s: 'E21', y: 2024, from: 2024, p: [65, 73], f: 'E', d: 'RWD', t: 'Pro', st: 'new' },
      { n: 'ID. Buzz', b: 'van', s: null, y: 2099, p: [90, 110], f: 'E', d: 'RWD', t: 'Pro|Pro LWB', sb: 'People Mover', st: 'coming_soon' },
    ],
  },
  {
    name: 'Ford', slug: 'ford', kind: 'cars', logo: true, brand: '#133a7c', wmi: 'MNA', weight: 8,
    models: [
      { n: 'Ranger', b: 'ute', s: 'PY', y: 2022, p: [38, 88], f: 'DX', d: '4x2 4x4', e: 2.0, t: 'XL|XLS|XLT|Sport|Wildtrak|Platinum|Raptor', w: 6 },
      { n: 'Everest', b: 'suv', s: 'UB', y: 2022, from: 2015, p: [55, 80], f: 'D', d: '4x2 4x4', e: 3.0, t: 'Ambiente|Trend|Sport|Platinum', seats: 7, w: 2 },
      { n: 'Puma', b: 'suv', s: 'JK', y: 2020, from: 2020, p: [32, 40], f: 'P', d: 'FWD', e: 1.0, t: 'Puma|ST-Line|ST-Line V' },
      { n: 'Mustang', b: 'coupe', s: 'S650', y: 2024, p: [66, 94], f: 'U', d: 'RWD', e: 5.0, t: 'GT Fastback|GT Convertible|Dark Horse' },
      { n: 'Mustang Mach-E', b: 'suv', s: null, y: 2022, from: 2022, p: [73, 93], f: 'E', d: 'RWD AWD', t: 'Select|Premium|GT' },
      { n: 'Escape', b: 'suv', s: 'ZH', y: 2020, from: 2017, p: [38, 56], f: 'PX', d: 'FWD AWD', e: 2.0, t: 'Escape|ST-Line|Vignale' },
      { n: 'Transit Custom', b: 'van', s: 'VO', y: 2024, p: [55, 70], f: 'D', d: 'FWD', e: 2.0, t: 'Trend|Sport', seats: 3 },
      { n: 'Focus', b: 'hatch', s: 'SA', y: 2019, to: 2022, p: [28, 45], f: 'P', d: 'FWD', e: 1.5, t: 'Trend|ST-Line|ST' },
    ],
  },
  {
    name: 'Mitsubishi', slug: 'mitsubishi', kind: 'cars', logo: true, brand: '#e60012', wmi: 'MMC', weight: 6,
    models: [
      { n: 'Triton', b: 'ute', s: 'MV', y: 2024, p: [38, 66], f: 'D', d: '4x2 4x4', e: 2.4, t: 'GLX|GLX+|GLS|GSR', w: 4 },
      { n: 'Outlander', b: 'suv', s: 'ZM', y: 2022, p: [37, 66], f: 'PX', d: '2WD AWD', e: 2.5, t: 'ES|LS|Aspire|Exceed|Exceed Tourer', seats: 7, w: 3 },
      { n: 'ASX', b: 'suv', s: 'XD', y: 2020, p: [26, 38], f: 'P', d: 'FWD', e: 2.0, t: 'MR|LS|Exceed', w: 3 },
      { n: 'Eclipse Cross', b: 'suv', s: 'YB', y: 2021, from: 2018, p: [33, 55], f: 'PX', d: '2WD AWD', e: 1.5, t: 'ES|LS|Aspire|Exceed' },
      { n: 'Pajero Sport', b: 'suv', s: 'QF', y: 2019, from: 2016, p: [50, 62], f: 'D', d: '4x4', e: 2.4, t: 'GLX|GLS|Exceed|GSR', seats: 7 },
      { n: 'Pajero', b: 'suv', s: 'NX', y: 2015, to: 2021, p: [54, 62], f: 'D', d: '4x4', e: 3.2, t: 'GLX|GLS|Exceed', seats: 7 },
    ],
  },
  {
    name: 'Nissan', slug: 'nissan', kind: 'cars', logo: true, brand: '#c3002f', wmi: 'JN1', weight: 5,
    models: [
      { n: 'Navara', b: 'ute', s: 'D23', y: 2015, p: [36, 70], f: 'D', d: '4x2 4x4', e: 2.3, t: 'SL|ST|ST-X|PRO-4X|Warrior', w: 3 },
      { n: 'X-Trail', b: 'suv', s: 'T33', y: 2022, p: [37, 60], f: 'PH', d: '2WD AWD', e: 2.5, t: 'ST|ST-L|Ti|Ti-L e-POWER', w: 3 },
      { n: 'Qashqai', b: 'suv', s: 'J12', y: 2022, p: [34, 54], f: 'PH', d: 'FWD', e: 1.3, t: 'ST|ST+|Ti|Ti e-POWER' },
      { n: 'Patrol', b: 'suv', s: 'Y62', y: 2013, p: [83, 100], f: 'P', d: '4WD', e: 5.6, t: 'Ti|Ti-L|Warrior', seats: 8 },
      { n: 'LEAF', b: 'hatch', s: 'ZE1', y: 2019, from: 2012, p: [50, 62], f: 'E', d: 'FWD', t: 'LEAF|e+' },
      { n: 'Juke', b: 'suv', s: 'F16', y: 2020, from: 2013, p: [30, 40], f: 'P', d: 'FWD', e: 1.0, t: 'ST|ST+|Ti' },
    ],
  },
  {
    name: 'Subaru', slug: 'subaru', kind: 'cars', logo: true, brand: '#013c74', wmi: 'JF1', weight: 4,
    models: [
      { n: 'Forester', b: 'suv', s: 'SL', y: 2025, p: [42, 56], f: 'PH', d: 'AWD', e: 2.5, t: '2.5i|2.5i-L|Sport|Hybrid S', w: 3, st: 'new' },
      { n: 'Outback', b: 'wagon', s: 'BT', y: 2021, p: [45, 60], f: 'P', d: 'AWD', e: 2.5, t: 'AWD|Sport|Touring|XT Touring', w: 3, sb: 'Wagon' },
      { n: 'Crosstrek', b: 'suv', s: 'GU', y: 2023, from: 2023, p: [36, 47], f: 'PH', d: 'AWD', e: 2.0, t: '2.0R|2.0L|2.0S|Hybrid S' },
      { n: 'WRX', b: 'sedan', s: 'VB', y: 2022, p: [47, 63], f: 'U', d: 'AWD', e: 2.4, t: 'WRX|RS|tS' },
      { n: 'BRZ', b: 'coupe', s: 'ZD8', y: 2022, p: [44, 50], f: 'U', d: 'RWD', e: 2.4, t: 'BRZ|S|tS' },
      { n: 'Impreza', b: 'hatch', s: 'GU', y: 2024, p: [33, 41], f: 'PH', d: 'AWD', e: 2.0, t: '2.0R|2.0S' },
    ],
  },
  {
    name: 'Isuzu', slug: 'isuzu', kind: 'cars', logo: true, brand: '#c00000', wmi: 'MPA', weight: 5,
    models: [
      { n: 'D-MAX', b: 'ute', s: 'RG', y: 2020, p: [36, 70], f: 'D', d: '4x2 4x4', e: 3.0, t: 'SX|LS-M|LS-U|X-TERRAIN|Blade', w: 4 },
      { n: 'MU-X', b: 'suv', s: 'RJ', y: 2021, from: 2014, p: [50, 70], f: 'D', d: '4x2 4x4', e: 3.0, t: 'LS-M|LS-U|LS-T', seats: 7, w: 2 },
    ],
  },
  {
    name: 'MG', slug: 'mg', kind: 'cars', logo: true, brand: '#a6192e', wmi: 'LSJ', weight: 5,
    models: [
      { n: 'ZS', b: 'suv', s: 'AZS1', y: 2017, from: 2017, p: [24, 40], f: 'PHE', d: 'FWD', e: 1.5, t: 'Excite|Essence|EV Excite', w: 3 },
      { n: 'MG3', b: 'hatch', s: 'SZP1', y: 2024, p: [21, 30], f: 'PH', d: 'FWD', e: 1.5, t: 'Vibe|Excite|Hybrid+ Essence', w: 2 },
      { n: 'HS', b: 'suv', s: 'AS23', y: 2019, from: 2019, p: [33, 50], f: 'PX', d: 'FWD AWD', e: 1.5, t: 'Vibe|Excite|Essence|Essence PHEV' },
      { n: 'MG4', b: 'hatch', s: 'EH32', y: 2023, from: 2023, p: [37, 60], f: 'E', d: 'RWD AWD', t: 'Excite 51|Essence 64|XPOWER' },
    ],
  },
  {
    name: 'BYD', slug: 'byd', kind: 'cars', logo: true, brand: '#3d4a57', wmi: 'LGX', weight: 3,
    models: [
      { n: 'ATTO 3', b: 'suv', s: null, y: 2022, from: 2022, p: [44, 52], f: 'E', d: 'FWD', t: 'Standard Range|Extended Range' },
      { n: 'DOLPHIN', b: 'hatch', s: null, y: 2023, from: 2023, p: [36, 47], f: 'E', d: 'FWD', t: 'Dynamic|Premium' },
      { n: 'SEAL', b: 'sedan', s: null, y: 2023, from: 2023, p: [50, 70], f: 'E', d: 'RWD AWD', t: 'Dynamic|Premium|Performance' },
      { n: 'SHARK 6', b: 'ute', s: null, y: 2025, from: 2025, p: [57, 58], f: 'X', d: '4x4', e: 1.5, t: 'Premium', st: 'new' },
    ],
  },
  {
    name: 'Tesla', slug: 'tesla', kind: 'cars', logo: true, brand: '#cc0000', wmi: 'LRW', weight: 3,
    models: [
      { n: 'Model Y', b: 'suv', s: null, y: 2022, from: 2022, p: [59, 83], f: 'E', d: 'RWD AWD', t: 'RWD|Long Range|Performance', w: 2 },
      { n: 'Model 3', b: 'sedan', s: null, y: 2019, from: 2019, p: [55, 80], f: 'E', d: 'RWD AWD', t: 'RWD|Long Range|Performance', w: 2 },
    ],
  },
  {
    name: 'Honda', slug: 'honda', kind: 'cars', logo: true, brand: '#cc0000', wmi: 'MRH', weight: 3,
    models: [
      { n: 'CR-V', b: 'suv', s: 'RS', y: 2023, p: [44, 60], f: 'PH', d: '2WD AWD', e: 1.5, t: 'VTi X|VTi L7|e:HEV RS', w: 2 },
      { n: 'HR-V', b: 'suv', s: 'RV', y: 2022, from: 2015, p: [36, 46], f: 'PH', d: 'FWD', e: 1.5, t: 'Vi X|e:HEV L' },
      { n: 'Civic', b: 'hatch', s: 'FL', y: 2022, p: [50, 73], f: 'PHU', d: 'FWD', e: 2.0, t: 'VTi LX|e:HEV LX|Type R' },
      { n: 'Jazz', b: 'hatch', s: 'GK', y: 2014, to: 2020, p: [17, 24], f: 'P', d: 'FWD', e: 1.5, t: 'VTi|VTi-S|VTi-L' },
    ],
  },
  {
    name: 'Suzuki', slug: 'suzuki', kind: 'cars', logo: true, brand: '#1a3b8f', wmi: 'JSA', weight: 3,
    models: [
      { n: 'Swift', b: 'hatch', s: 'AZ', y: 2024, p: [23, 30], f: 'H', d: 'FWD', e: 1.2, t: 'Hybrid|Hybrid Plus|Hybrid GLX', w: 2 },
      { n: 'Jimny', b: 'suv', s: 'GJ', y: 2018, p: [34, 38], f: 'P', d: '4x4', e: 1.5, t: 'Lite|Jimny|XL', seats: 4, w: 2 },
      { n: 'Vitara', b: 'suv', s: 'LY', y: 2015, from: 2015, p: [30, 40], f: 'PH', d: '2WD AWD', e: 1.4, t: 'Vitara|Turbo|Turbo ALLGRIP' },
    ],
  },
  {
    name: 'BMW', slug: 'bmw', kind: 'cars', logo: true, brand: '#0066b1', wmi: 'WBA', weight: 2,
    models: [
      { n: '3 Series', b: 'sedan', s: 'G20', y: 2019, p: [72, 110], f: 'UX', d: 'RWD AWD', e: 2.0, t: '320i M Sport|330e M Sport|M340i xDrive' },
      { n: 'X3', b: 'suv', s: 'G45', y: 2024, p: [80, 124], f: 'UDX', d: 'AWD', e: 2.0, t: '20 xDrive|20d xDrive|30e xDrive|M50 xDrive', st: 'new' },
      { n: 'X5', b: 'suv', s: 'G05', y: 2019, p: [125, 185], f: 'DX', d: 'AWD', e: 3.0, t: 'xDrive30d|xDrive50e|M60i' },
      { n: 'iX1', b: 'suv', s: 'U11', y: 2023, from: 2023, p: [78, 92], f: 'E', d: 'FWD AWD', t: 'eDrive20|xDrive30 M Sport' },
    ],
  },
  {
    name: 'Mercedes-Benz', slug: 'mercedes-benz', kind: 'cars', logo: true, brand: '#222222', wmi: 'WDD', weight: 2,
    models: [
      { n: 'A-Class', b: 'hatch', s: 'W177', y: 2018, p: [60, 120], f: 'U', d: 'FWD AWD', e: 1.3, t: 'A180|A200|A250 4MATIC|AMG A35' },
      { n: 'C-Class', b: 'sedan', s: 'W206', y: 2022, p: [80, 140], f: 'UX', d: 'RWD AWD', e: 2.0, t: 'C200|C300|C350e|AMG C43' },
      { n: 'GLC', b: 'suv', s: 'X254', y: 2023, from: 2016, p: [90, 130], f: 'UX', d: 'AWD', e: 2.0, t: 'GLC 300 4MATIC|GLC 350e|AMG GLC 43' },
      { n: 'Sprinter', b: 'van', s: 'VS30', y: 2019, p: [70, 110], f: 'D', d: 'RWD', e: 2.0, t: '315 CDI MWB|319 CDI LWB', seats: 3 },
    ],
  },
  {
    name: 'Jeep', slug: 'jeep', kind: 'cars', logo: true, brand: '#40513b', wmi: '1C4', weight: 1,
    models: [
      { n: 'Wrangler', b: 'suv', s: 'JL', y: 2018, p: [80, 100], f: 'P', d: '4x4', e: 2.0, t: 'Sport S|Rubicon|Overland', seats: 5 },
      { n: 'Grand Cherokee', b: 'suv', s: 'WL', y: 2022, p: [80, 130], f: 'PX', d: '4x4', e: 3.6, t: 'Night Eagle|Limited|Summit Reserve', seats: 7 },
    ],
  },
  {
    name: 'Holden', slug: 'holden', kind: 'cars', logo: false, brand: '#b71c1c', wmi: '6G1', weight: 4,
    models: [
      { n: 'Commodore', b: 'sedan', s: 'VF II', y: 2015, to: 2017, p: [36, 60], f: 'P', d: 'RWD', e: 3.6, t: 'Evoke|SV6|SS|SS-V Redline', w: 3 },
      { n: 'Colorado', b: 'ute', s: 'RG', y: 2016, to: 2020, p: [32, 58], f: 'D', d: '4x2 4x4', e: 2.8, t: 'LS|LTZ|Z71|Storm', w: 3 },
      { n: 'Trax', b: 'suv', s: 'TJ', y: 2014, to: 2020, p: [24, 30], f: 'P', d: 'FWD', e: 1.4, t: 'LS|LT' },
      { n: 'Astra', b: 'hatch', s: 'BK', y: 2017, to: 2020, p: [24, 34], f: 'P', d: 'FWD', e: 1.4, t: 'R|RS|RS-V' },
    ],
  },
  {
    name: 'LDV', slug: 'ldv', kind: 'cars', logo: false, brand: '#003a70', wmi: 'LSK', weight: 2,
    models: [
      { n: 'T60 MAX', b: 'ute', s: 'SK8C', y: 2021, from: 2021, p: [36, 52], f: 'D', d: '4x2 4x4', e: 2.0, t: 'PRO|PLUS|LUXE', w: 2 },
      { n: 'Deliver 9', b: 'van', s: 'V80', y: 2020, from: 2020, p: [48, 60], f: 'D', d: 'FWD', e: 2.0, t: 'LWB Mid Roof|LWB High Roof', seats: 3 },
      { n: 'eT60', b: 'ute', s: null, y: 2023, from: 2023, p: [92, 93], f: 'E', d: 'RWD', t: 'Pro' },
    ],
  },
  {
    name: 'GWM', slug: 'gwm', kind: 'cars', logo: false, brand: '#8a0f1e', wmi: 'LGW', weight: 3,
    models: [
      { n: 'Cannon', b: 'ute', s: 'NPW', y: 2021, from: 2021, p: [36, 52], f: 'D', d: '4x2 4x4', e: 2.4, t: 'Lux|Ultra|Vanta', w: 2 },
      { n: 'Haval Jolion', b: 'suv', s: 'A01', y: 2021, from: 2021, p: [26, 38], f: 'PH', d: 'FWD', e: 1.5, t: 'Premium|Lux|Ultra|Ultra Hybrid', w: 2 },
      { n: 'Haval H6', b: 'suv', s: 'B01', y: 2021, from: 2017, p: [35, 50], f: 'PHX', d: '2WD AWD', e: 2.0, t: 'Lux|Ultra|GT|Hybrid Ultra' },
      { n: 'Ora', b: 'hatch', s: null, y: 2022, from: 2022, p: [36, 48], f: 'E', d: 'FWD', t: 'Standard Range|Extended Range|GT' },
    ],
  },
];
