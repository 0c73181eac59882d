import type { VehicleKind } from '../../domain/car.ts';
import type { Rng } from './prng.ts';

/** Custom tags dealers put on cars (spec §4 tag precedence, rule 4). */
export const CUSTOM_TAGS = [
  'Test Drive Only',
  'Special Offer',
  'Low Kms',
  'One Owner',
  'Clearance',
  'Family Favourite',
  'Fleet Special',
] as const;

const NEW_OPENERS = [
  'Brand new {title}, ready to drive away.',
  'Be the first owner of this {title} in {colour}.',
  'The new {make} {model} is here: book a test drive today.',
];

const OPENERS = [
  'This {title} presents beautifully inside and out and is ready for its next owner.',
  'Looking for a reliable {model}? This one ticks every box.',
  'Just arrived in stock, this {title} will not last long.',
  'Finished in {colour}, this {model} has been well cared for.',
  'A great example of the popular {make} {model}.',
];

const MIDDLES = [
  'Full service history with logbooks.',
  'Comes with two keys and the owner manuals.',
  'Freshly detailed and mechanically inspected by our qualified technicians.',
  'Finance available on approved credit; ask our team about low weekly repayments.',
  'Trade-ins are welcome and we can value yours on the spot.',
  'Extended warranty options are available at the time of purchase.',
  'Nationwide delivery can be arranged to your door.',
  'Priced to sell and backed by our trusted after-sales service.',
  'Book a test drive today and see why our customers keep coming back.',
  'Safety certificate and registration transfer handled for you.',
];

const CLOSERS = [
  'Call our friendly sales team to arrange an inspection.',
  'Enquire now to secure this vehicle before someone else does.',
  'Visit us this weekend, we are open seven days.',
];

/** Fills `{title}`, `{make}`… placeholders. */
function fill(template: string, facts: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => facts[key] ?? match);
}

/**
 * Dealer comments: paragraphs joined by `|` (`facts.type` 'new' picks new-car wording). About one in eight is empty and about one in five is
 * long (over 400 characters), so the pending text and the more/less toggle both have data.
 */
export function dealerComments(rng: Rng, facts: Record<string, string>): string {
  const roll = rng.next();
  if (roll < 0.12) return '';
  const paragraphs = [fill(rng.pick(facts.type === 'new' ? NEW_OPENERS : OPENERS), facts)];
  if (roll < 0.32) {
    for (const sentence of rng.sample(MIDDLES, 7)) paragraphs.push(sentence);
  } else {
    for (const sentence of rng.sample(MIDDLES, rng.int(1, 3))) paragraphs.push(sentence);
  }
  paragraphs.push(rng.pick(CLOSERS));
  return paragraphs.join('|');
}

const EQUIPMENT: Record<VehicleKind, readonly string[]> = {
  cars: [
    'Reversing Camera',
    'Apple CarPlay',
    'Android Auto',
    'Bluetooth Connectivity',
    'Adaptive Cruise Control',
    'Lane Keep Assist',
    'Autonomous Emergency Braking',
    'Blind Spot Monitoring',
    'Rear Cross Traffic Alert',
    'Rear Parking Sensors',
    'Front Parking Sensors',
    'Keyless Entry',
    'Push Button Start',
    'Dual-Zone Climate Control',
    'Heated Front Seats',
    'Leather Upholstery',
    'Sunroof',
    'LED Headlights',
    'Alloy Wheels',
    'Satellite Navigation',
    'Wireless Phone Charger',
    'Power Tailgate',
    '360-Degree Camera',
    'Head-Up Display',
    'Tow Bar',
  ],
  motorcycles: [
    'ABS',
    'Traction Control',
    'Ride Modes',
    'Quick Shifter',
    'LED Lighting',
    'TFT Display',
    'Cruise Control',
    'Heated Grips',
    'Slipper Clutch',
    'USB Charging Port',
  ],
  caravans: [
    'Ensuite',
    'Queen Bed',
    'Solar Panels',
    'Lithium Battery',
    'Diesel Heater',
    'Air Conditioning',
    'Roll-Out Awning',
    'Front Boot',
    'Gas Cooktop',
    'Microwave',
    'Washing Machine',
    'Two 95L Water Tanks',
    'External Shower',
    'Reversing Camera',
    'Bunk Beds',
  ],
};

/** A random but plausible standard-equipment list for a kind of vehicle. */
export function standardEquipment(rng: Rng, kind: VehicleKind): string[] {
  const bank = EQUIPMENT[kind];
  return rng.sample(bank, rng.int(Math.min(5, bank.length), Math.min(16, bank.length)));
}

/** Suburbs and postcodes used for private-seller (consignment) listings, per state. */
export const PRIVATE_SUBURBS: Record<string, readonly (readonly [string, string])[]> = {
  QLD: [
    ['Carindale', '4152'],
    ['Kirwan', '4817'],
    ['Redcliffe', '4020'],
  ],
  NSW: [
    ['Parramatta', '2150'],
    ['Chatswood', '2067'],
    ['Penrith', '2750'],
  ],
  VIC: [
    ['Box Hill', '3128'],
    ['Frankston', '3199'],
    ['Werribee', '3030'],
  ],
};
