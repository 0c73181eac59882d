import { describe, expect, it } from 'vitest';
import type { CarInput } from '../../../domain/car.ts';
import {
  CERTIFIED_BENEFITS,
  carContactPhone,
  featureLinks,
  getPreApprovedUrl,
  historyReportUrl,
  isCertifiedVehicle,
  isInstantValuationEligible,
  isReservable,
  isTradeInAllowed,
  reserveDeposit,
  reservePath,
  type SidebarSite,
  sidebarActions,
} from '../../../domain/vehicle-actions.ts';
import { buildCar } from '../../fixtures/cars.ts';

function carOf(overrides: Partial<CarInput> = {}) {
  return buildCar({ payment_processors: ['stripe'], ...overrides });
}

const SOLD = { status: 'sold', sold: true } as const;

describe('detail-page buttons (search-detail-finance-watchlist.md §5 Search and buttons)', () => {
  it.each([
    { case: 'available, unreserved, priced, with a processor', car: {}, reservable: true },
    { case: 'coming_soon', car: { status: 'coming_soon' }, reservable: true },
    { case: 'sold', car: SOLD, reservable: false },
    { case: 'reserved', car: { reserved: true }, reservable: false },
    { case: 'price 1', car: { price: 1 }, reservable: true },
    { case: 'price 0', car: { price: 0 }, reservable: false },
    { case: 'no payment processor', car: { payment_processors: [] as string[] }, reservable: false },
  ] as const)(
    '§5 the reserve button shows only if reservable: $case → $reservable',
    ({ car, reservable }) => {
      expect(isReservable(carOf(car))).toBe(reservable);
    },
  );

  it.each([
    { case: 'in_stock', car: {}, allowed: true },
    { case: 'coming_soon', car: { status: 'coming_soon' }, allowed: true },
    { case: 'reserved', car: { reserved: true }, allowed: true },
    { case: 'sold', car: SOLD, allowed: false },
  ] as const)(
    '§5 the trade-in button shows only if trade-in is allowed: $case → $allowed',
    ({ car, allowed }) => {
      expect(isTradeInAllowed(carOf(car))).toBe(allowed);
    },
  );

  it.each([
    {
      file: 'https://history.example.com/reports/JM0.pdf',
      url: 'https://history.example.com/reports/JM0.pdf',
    },
    { file: null, url: null },
  ])('§5 the history report link shows only with a file: $file', ({ file, url }) => {
    expect(historyReportUrl(carOf({ file }))).toBe(url);
  });

  it('§5 a blank file gives no link', () => {
    expect(historyReportUrl({ file: ' ' })).toBeNull();
  });
});

describe('instant-valuation eligibility (locations-forms-tradein-site.md §5 Instant-valuation eligibility)', () => {
  it.each([
    { case: 'in_stock, unsold, unreserved, price 201', car: { price: 201 }, eligible: true },
    { case: 'price 200', car: { price: 200 }, eligible: false },
    { case: 'coming_soon', car: { status: 'coming_soon' }, eligible: false },
    { case: 'status sold', car: SOLD, eligible: false },
    { case: 'in_stock but flagged sold', car: { sold: true }, eligible: false },
    { case: 'reserved', car: { reserved: true }, eligible: false },
  ] as const)('§5 $case → $eligible', ({ car, eligible }) => {
    expect(isInstantValuationEligible(carOf(car))).toBe(eligible);
  });
});

describe('certified-vehicle benefits (search-detail-finance-watchlist.md §4 tag 3, §6, §9 used pre-owned copy)', () => {
  const site = { certifiedUsed: true, certifiedManufacturer: 'Mazda' };
  it.each([
    { case: 'certified Mazda on a flagged Mazda site', car: { certified: true }, site, shown: true },
    { case: 'not certified', car: { certified: false }, site, shown: false },
    { case: 'sold', car: { certified: true, ...SOLD }, site, shown: false },
    { case: 'another make', car: { certified: true, make: 'Toyota' }, site, shown: false },
    {
      case: 'site not flagged',
      car: { certified: true },
      site: { ...site, certifiedUsed: false },
      shown: false,
    },
    {
      case: 'site without a manufacturer',
      car: { certified: true },
      site: { ...site, certifiedManufacturer: null },
      shown: false,
    },
  ] as const)('§6 $case → $shown', ({ car, site: s, shown }) => {
    expect(isCertifiedVehicle(carOf(car), s)).toBe(shown);
  });

  it('§9 the modal carries the used pre-owned copy and money-back terms', () => {
    expect(CERTIFIED_BENEFITS.benefits).toEqual([
      '48-hour money-back guarantee',
      '12 months roadside assist',
    ]);
    const terms = CERTIFIED_BENEFITS.terms.join(' ');
    expect(terms).toContain('beyond 300 km or any damage voids');
    expect(terms).toContain('by 5pm the next day');
    expect(terms).toContain('2 cars per customer per 12 months');
  });
});

describe('reserve and finance routes (search-detail-finance-watchlist.md §2 Routes, §9)', () => {
  it.each([
    { configured: undefined, amount: 200, label: '$200' },
    { configured: null, amount: 200, label: '$200' },
    { configured: 0, amount: 200, label: '$200' },
    { configured: 500, amount: 500, label: '$500' },
  ])(
    '§9 reserve deposit default $200, fully refundable, held 48 hours: $configured',
    ({ configured, amount, label }) => {
      const deposit = reserveDeposit(configured);
      expect(deposit).toMatchObject({ amount, label, refundable: true, holdHours: 48 });
      expect(deposit.text).toContain(`fully refundable ${label} deposit`);
      expect(deposit.text).toContain('48 hours');
    },
  );

  it.each([
    { buyOnline: false, path: '/cars/a-car-1/checkout' },
    { buyOnline: true, path: '/cars/a-car-1/buy-online' },
  ])('§2 reserving uses checkout or buy-online: buyOnlinePath $buyOnline → $path', ({ buyOnline, path }) => {
    expect(reservePath('a-car-1', buyOnline)).toBe(path);
  });

  it.each([
    {
      path: '/finance',
      url: '/finance?preferredDealership=bayside-mazda&vehiclePriceBudget=34990&car_id=10001&car_type=used#finance-form',
    },
    {
      path: '/apply-for-finance',
      url: '/apply-for-finance?preferredDealership=bayside-mazda&vehiclePriceBudget=34990&car_id=10001&car_type=used#finance-form',
    },
  ] as const)('§2 Get Pre-Approved goes to the dealer finance route: $path', ({ path, url }) => {
    expect(getPreApprovedUrl(carOf({ price: 34_990 }), path)).toBe(url);
  });
});

describe('car page sidebar (locations-forms-tradein-site.md §2 Car page sidebar)', () => {
  const site: SidebarSite = {
    financePath: '/finance-enquiry',
    buyOnlinePath: false,
    checkoutJourney: false,
    personalisedFlow: false,
    enquireLabel: 'Enquire Now',
  };
  const hrefs = (car: Partial<CarInput>, s: Partial<SidebarSite> = {}) =>
    Object.fromEntries(sidebarActions(carOf(car), { ...site, ...s }).map((a) => [a.id, a.href]));

  const SLUG = '2021-mazda-cx-5-maxx-sport-10001';
  const ALL = ['enquire', 'finance', 'trade-in', 'test-drive', 'reserve'];

  it('§2 a reservable used car links every button to its route', () => {
    expect(hrefs({})).toEqual({
      enquire: `/cars/${SLUG}#enquiry-form`,
      finance:
        '/finance-enquiry?preferredDealership=bayside-mazda&vehiclePriceBudget=30000&car_id=10001&car_type=used#finance-form',
      'trade-in': '/cars/trade-in?car_id=10001',
      'test-drive': '/book-test-drive?car_id=10001',
      reserve: `/cars/${SLUG}/checkout`,
    });
  });

  it.each([
    { case: 'reservable car', car: {}, ids: ALL },
    { case: 'coming_soon car', car: { status: 'coming_soon' }, ids: ALL },
    { case: 'reserved car', car: { reserved: true }, ids: ['enquire', 'finance', 'trade-in', 'test-drive'] },
    { case: 'car without a price', car: { price: 0 }, ids: ['enquire', 'finance', 'trade-in', 'test-drive'] },
    { case: 'sold car', car: SOLD, ids: ['enquire'] },
  ] as const)('§2, §5 which buttons show: $case', ({ car, ids }) => {
    expect(Object.keys(hrefs(car))).toEqual(ids);
  });

  it.each([
    { case: 'checkout', car: {}, switches: {}, id: 'reserve', href: `/cars/${SLUG}/checkout` },
    {
      case: 'buyOnlinePath dealership',
      car: {},
      switches: { buyOnlinePath: true },
      id: 'reserve',
      href: `/cars/${SLUG}/buy-online`,
    },
    {
      case: 'checkoutJourney site, used car',
      car: {},
      switches: { checkoutJourney: true },
      id: 'reserve',
      href: `/checkout-journey?car_id=${SLUG}`,
    },
    {
      case: 'checkoutJourney site, new car',
      car: { car_type: 'new' },
      switches: { checkoutJourney: true },
      id: 'reserve',
      href: `/cars/${SLUG}/checkout`,
    },
    {
      case: 'personalised finance flow',
      car: {},
      switches: { personalisedFlow: true },
      id: 'finance',
      href: '/personalised/finance?car_id=10001',
    },
  ] as const)('§2 routes follow the dealer switches: $case', ({ car, switches, id, href }) => {
    expect(hrefs(car, switches)[id]).toBe(href);
  });

  it('a sold car is enquired about through the contact page (its page shows no enquiry form)', () => {
    expect(hrefs(SOLD)).toEqual({ enquire: '/contact-us' });
  });

  it("§2 the enquire button uses the site's label", () => {
    const [first] = sidebarActions(carOf(), { ...site, enquireLabel: 'Message Now' });
    expect(first).toMatchObject({ id: 'enquire', label: 'Message Now' });
  });
});

describe('contact-phone box (search-detail-finance-watchlist.md §2, §3 Site config, §8 no phone number)', () => {
  const location = {
    slug: 'bayside-mazda-sales',
    city: 'Wynnum West',
    state: 'qld',
    location_name: 'Bayside Mazda Sales',
    name: 'Bayside Mazda Sales',
    address: { street: '1 Road', city: 'Wynnum West', state: 'qld', postcode: '4178' },
  };
  it.each([
    {
      case: "the site's number for the car type wins",
      car: { location: { ...location, phone: '07 1111 1111' } },
      site: { phoneNumbers: { used: '07 2222 2222' }, dealershipPhone: '07 3333 3333' },
      phone: '07 2222 2222',
    },
    {
      case: 'another type’s number is not used; the location phone is',
      car: { location: { ...location, phone: '07 1111 1111' } },
      site: { phoneNumbers: { new: '07 2222 2222' }, dealershipPhone: '07 3333 3333' },
      phone: '07 1111 1111',
    },
    {
      case: 'no location phone: the dealership phone',
      car: { location: { ...location, phone: null } },
      site: { phoneNumbers: {}, dealershipPhone: '07 3333 3333' },
      phone: '07 3333 3333',
    },
    {
      case: 'no number anywhere (blank ones ignored)',
      car: { location: null },
      site: { phoneNumbers: { used: ' ' }, dealershipPhone: null },
      phone: null,
    },
  ])('§2/§8 $case', ({ car, site, phone }) => {
    expect(carContactPhone(carOf(car), site)).toBe(phone);
  });
});

describe('banner of three feature links (search-detail-finance-watchlist.md §2 Screens and widgets)', () => {
  const site = {
    financePath: '/finance',
    financeHidden: false,
    personalisedFlow: false,
    checkoutJourney: false,
  } as const;
  const ids = (links: { id: string }[]) => links.map((link) => link.id);

  it('§2 finance, trade in towards this car, and test drive by default', () => {
    const links = featureLinks(carOf(), site);
    expect(ids(links)).toEqual(['finance', 'trade-in', 'test-drive']);
    expect(links.map((link) => link.href)).toEqual([
      '/finance',
      '/cars/trade-in?car_id=10001',
      '/book-test-drive?car_id=10001',
    ]);
  });

  it('a sold car’s banner books a test drive in general and trades in towards nothing (no page without a car)', () => {
    const links = featureLinks(carOf({ status: 'sold', sold: true }), site);
    expect(links.map((link) => link.href)).toEqual(['/finance', '/trade-in', '/book-test-drive']);
  });

  it.each([
    {
      case: 'financeHidden drops the finance link',
      site: { financeHidden: true },
      car: {},
      expected: ['trade-in', 'test-drive'],
    },
    {
      case: 'checkoutJourney offers buying a used car online',
      site: { checkoutJourney: true },
      car: {},
      expected: ['finance', 'trade-in', 'buy-online'],
    },
    {
      case: 'checkoutJourney does not apply to a new car',
      site: { checkoutJourney: true },
      car: { car_type: 'new' },
      expected: ['finance', 'trade-in', 'test-drive'],
    },
    {
      case: 'checkoutJourney does not apply to a sold car',
      site: { checkoutJourney: true },
      car: SOLD,
      expected: ['finance', 'trade-in', 'test-drive'],
    },
  ] as const)('§2 switches: $case', ({ site: switches, car, expected }) => {
    expect(ids(featureLinks(carOf(car), { ...site, ...switches }))).toEqual(expected);
  });

  it('§2 personalisedFlow sends finance to the personalised flow; a sold car trades in generically', () => {
    const links = featureLinks(carOf(SOLD), { ...site, personalisedFlow: true });
    expect(links[0]?.href).toBe('/personalised/finance?car_id=10001');
    expect(links[1]?.href).toBe('/trade-in');
  });
});
