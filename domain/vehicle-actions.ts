import { type Car, type CarType, type VehicleKind, vehicleNoun } from './car.ts';
import { isCarAvailable } from './car-availability.ts';
import { formatPrice } from './format.ts';

/**
 * What a shopper may do with a car on its detail page, and where each action goes
 * (`search-detail-finance-watchlist.md` §2 Routes and Screens, §4 Car availability, §5 Search and
 * buttons, §9 reserve deposit and used pre-owned copy; `locations-forms-tradein-site.md` §2 car page
 * sidebar, §5 Instant-valuation eligibility).
 */

/** The car fields the action rules read. */
export type ActionCar = Pick<
  Car,
  'id' | 'slug' | 'status' | 'sold' | 'reserved' | 'price' | 'car_type' | 'file' | 'payment_processors'
>;

/**
 * §5 "The reserve button shows only if the car is reservable". The spec does not define reservable;
 * here it is: available (§4 `isCarAvailable`: in_stock or coming_soon, so not sold, and the `sold` flag
 * unset), not reserved, a price above 0 to take a deposit against, and at least one payment processor
 * to take it with (`payment_processors`, §3 Car).
 */
export function isReservable(
  car: Pick<Car, 'status' | 'sold' | 'reserved' | 'price' | 'payment_processors'>,
): boolean {
  return isCarAvailable(car) && !car.reserved && car.price > 0 && car.payment_processors.length > 0;
}

/**
 * §5 "The trade-in button shows only if trade-in is allowed for the car". The spec does not define
 * allowed; here it is: the car is available (§4) — a shopper may trade in towards a car that is still
 * for sale, reserved or not (the reservation may be theirs), but not towards a sold one.
 */
export function isTradeInAllowed(car: Pick<Car, 'status' | 'sold'>): boolean {
  return isCarAvailable(car);
}

/** §5 "The history report link shows only if the car has a file": the report's URL, or `null`. */
export function historyReportUrl(car: Pick<Car, 'file'>): string | null {
  return car.file && car.file.trim() !== '' ? car.file : null;
}

/** `locations-forms-tradein-site.md` §5: the lowest price (exclusive) for the instant-valuation check. */
export const INSTANT_VALUATION_MIN_PRICE = 200;

/**
 * `locations-forms-tradein-site.md` §5 Instant-valuation eligibility: "only if in_stock, not sold,
 * not reserved, and price above 200".
 */
export function isInstantValuationEligible(
  car: Pick<Car, 'status' | 'sold' | 'reserved' | 'price'>,
): boolean {
  return car.status === 'in_stock' && !car.sold && !car.reserved && car.price > INSTANT_VALUATION_MIN_PRICE;
}

export { isCertifiedVehicle } from './certified.ts';

/** §2 Modals, §9 "Used pre-owned copy": the certified-vehicle benefits modal. */
export const CERTIFIED_BENEFITS = {
  title: 'Certified Pre-Owned Benefits',
  benefits: ['48-hour money-back guarantee', '12 months roadside assist'],
  termsHeading: 'Money-back guarantee terms',
  terms: [
    'Driving beyond 300 km or any damage voids the money-back guarantee.',
    'Return the car by 5pm the next day.',
    'Limit of 2 cars per customer per 12 months.',
  ],
} as const;

/** §9: the reserve deposit when the site configures none ($200), and how long the car is held. */
export const DEFAULT_RESERVE_DEPOSIT = 200;
/** §9: a reserved car is held for 48 hours. */
export const RESERVE_HOLD_HOURS = 48;

/** The Reserve Online section's terms. */
export interface ReserveDeposit {
  readonly amount: number;
  /** `$200` */
  readonly label: string;
  readonly refundable: true;
  readonly holdHours: number;
  readonly text: string;
}

/**
 * §9 "Reserve deposit default $200, fully refundable, car held 48 hours"; a site may configure its own
 * amount. The text names the vehicle as what it is (a caravan, a motorcycle).
 */
export function reserveDeposit(configured?: number | null, kind: VehicleKind = 'cars'): ReserveDeposit {
  const amount = configured && configured > 0 ? configured : DEFAULT_RESERVE_DEPOSIT;
  const label = formatPrice(amount);
  return {
    amount,
    label,
    refundable: true,
    holdHours: RESERVE_HOLD_HOURS,
    text: `Reserve this ${vehicleNoun(kind)} with a fully refundable ${label} deposit and we will hold it for you for ${RESERVE_HOLD_HOURS} hours.`,
  };
}

/** The three finance routes a site may use (§2 Routes). */
export type FinancePath = '/finance' | '/finance-enquiry' | '/apply-for-finance';

/**
 * §2 Routes and Screens ('Car Finance' card): the Get Pre-Approved button's URL, the site's finance
 * route with preferredDealership (the car's dealership slug), vehiclePriceBudget (its price, whole
 * dollars), car_id (its id), car_type, and the anchor `#finance-form`.
 */
export function getPreApprovedUrl(
  car: Pick<Car, 'id' | 'price' | 'car_type' | 'dealership_slug'>,
  financePath: FinancePath,
): string {
  const query = new URLSearchParams({
    preferredDealership: car.dealership_slug,
    vehiclePriceBudget: String(Math.round(car.price)),
    car_id: String(car.id),
    car_type: car.car_type,
  });
  return `${financePath}?${query.toString()}#finance-form`;
}

/** §2 Routes: reserving uses `/cars/{slug}/checkout`, or `/cars/{slug}/buy-online` where the `buyOnlinePath` switch is on. */
export function reservePath(slug: string, buyOnlinePath: boolean): string {
  return `/cars/${encodeURIComponent(slug)}/${buyOnlinePath ? 'buy-online' : 'checkout'}`;
}

/** §2 Routes: the online purchase journey, for used cars on sites with the `checkoutJourney` switch. */
export function checkoutJourneyPath(slug: string): string {
  return `/checkout-journey?car_id=${encodeURIComponent(slug)}`;
}

/** One sidebar button. */
export interface SidebarAction {
  readonly id: 'enquire' | 'finance' | 'trade-in' | 'test-drive' | 'reserve';
  readonly label: string;
  readonly href: string;
}

/** What the sidebar needs to know of the site (switches evaluated for the car's dealership). */
export interface SidebarSite {
  readonly financePath: FinancePath;
  readonly buyOnlinePath: boolean;
  readonly checkoutJourney: boolean;
  readonly personalisedFlow: boolean;
  /** The site's enquire-button text ('Enquire Now' or 'Message Now'). */
  readonly enquireLabel: string;
}

function isType(car: { readonly car_type: CarType }, type: CarType): boolean {
  return car.car_type === type;
}

/**
 * `locations-forms-tradein-site.md` §2 car page sidebar: Enquire, finance, trade in, test drive and
 * reserve, each shown only where it applies. Enquire always shows; finance and test drive need an
 * available car; trade in needs `isTradeInAllowed`; reserve needs `isReservable` and goes to the
 * online purchase journey for a used car on a `checkoutJourney` site. On a `personalisedFlow` site
 * finance goes to `/personalised/finance?car_id={id}`, otherwise to the Get Pre-Approved URL.
 */
export function sidebarActions(
  car: ActionCar & Pick<Car, 'dealership_slug'>,
  site: SidebarSite,
): SidebarAction[] {
  const id = encodeURIComponent(String(car.id));
  const available = isCarAvailable(car);
  // A car for sale is enquired about on its page; a sold one through the contact page (the enquiry
  // form is not shown for it: the dealer can no longer sell it).
  const actions: SidebarAction[] = [
    {
      id: 'enquire',
      label: site.enquireLabel,
      href: available ? `/cars/${encodeURIComponent(car.slug)}#enquiry-form` : '/contact-us',
    },
  ];
  if (available) {
    actions.push({
      id: 'finance',
      label: 'Apply for Finance',
      href: site.personalisedFlow
        ? `/personalised/finance?car_id=${id}`
        : getPreApprovedUrl(car, site.financePath),
    });
  }
  if (isTradeInAllowed(car))
    actions.push({ id: 'trade-in', label: 'Trade In', href: `/cars/trade-in?car_id=${id}` });
  if (available)
    actions.push({ id: 'test-drive', label: 'Book a Test Drive', href: `/book-test-drive?car_id=${id}` });
  if (isReservable(car)) {
    const journey = site.checkoutJourney && isType(car, 'used');
    actions.push({
      id: 'reserve',
      label: journey ? 'Buy Online' : 'Reserve Online',
      href: journey ? checkoutJourneyPath(car.slug) : reservePath(car.slug, site.buyOnlinePath),
    });
  }
  return actions;
}

/** What the contact-phone box needs to know of the site and the car's dealership. */
export interface ContactPhoneSite {
  /** The site's phone numbers per car type (`site.phone_numbers`). */
  readonly phoneNumbers: Partial<Readonly<Record<CarType, string>>>;
  /** The phone of the car's dealership, when the site knows it. */
  readonly dealershipPhone: string | null;
}

/**
 * §2 contact-phone box, §3 Site config "phone numbers per car type": the number to reveal for a car —
 * the site's number for the car's type, else the car's location phone, else its dealership's phone;
 * `null` when there is none (§8 "No phone number for a car: console warning only").
 */
export function carContactPhone(
  car: Pick<Car, 'car_type' | 'location'>,
  site: ContactPhoneSite,
): string | null {
  const candidates = [site.phoneNumbers[car.car_type], car.location?.phone, site.dealershipPhone];
  return (
    candidates.find((phone): phone is string => typeof phone === 'string' && phone.trim() !== '') ?? null
  );
}

/** One link of the detail page's banner of three feature links (§2 Screens and widgets). */
export interface FeatureLink {
  readonly id: 'finance' | 'trade-in' | 'test-drive' | 'buy-online';
  readonly title: string;
  readonly text: string;
  readonly href: string;
}

/** What the banner needs to know of the site, switches evaluated for the car's dealership. */
export interface FeatureLinksSite {
  readonly financePath: FinancePath;
  readonly financeHidden: boolean;
  readonly personalisedFlow: boolean;
  readonly checkoutJourney: boolean;
}

/**
 * §2 "a banner of three feature links", following the dealer's switches: finance (the personalised
 * flow where `personalisedFlow` is on, else the site's finance route; left out where `financeHidden`
 * is on), trade-in (towards this car when `isTradeInAllowed`, else the generic `/trade-in`), and
 * online purchase for a used car on a `checkoutJourney` site, else booking a test drive. With
 * finance hidden the banner has two links.
 */
export function featureLinks(car: ActionCar, site: FeatureLinksSite): FeatureLink[] {
  const id = encodeURIComponent(String(car.id));
  const links: FeatureLink[] = [];
  if (!site.financeHidden) {
    links.push({
      id: 'finance',
      title: 'Flexible Finance',
      text: 'Get pre-approved before you visit.',
      href: site.personalisedFlow ? `/personalised/finance?car_id=${id}` : site.financePath,
    });
  }
  links.push({
    id: 'trade-in',
    title: 'Trade In Your Car',
    text: 'Find out what your current car is worth.',
    href: isTradeInAllowed(car) ? `/cars/trade-in?car_id=${id}` : '/trade-in',
  });
  links.push(
    site.checkoutJourney && isType(car, 'used') && isCarAvailable(car)
      ? {
          id: 'buy-online',
          title: 'Buy Online',
          text: 'Complete your purchase from home.',
          href: checkoutJourneyPath(car.slug),
        }
      : {
          id: 'test-drive',
          title: 'Book a Test Drive',
          text: 'Choose a time that suits you.',
          // A sold car cannot be test-driven: the generic booking, not a page that has no car.
          href: isCarAvailable(car) ? `/book-test-drive?car_id=${id}` : '/book-test-drive',
        },
  );
  return links;
}
