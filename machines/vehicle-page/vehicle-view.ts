import { type Car, vehicleNoun } from '../../domain/car.ts';
import { isCarAvailable, showsSoldNotice } from '../../domain/car-availability.ts';
import { type PriceDisplay, priceDisplay } from '../../domain/car-price.ts';
import { type CarTag, CERTIFIED_MANUFACTURER, carTag } from '../../domain/car-tag.ts';
import { type DealerComments, dealerComments } from '../../domain/dealer-comments.ts';
import { type DriveAwayEstimate, driveAwayEstimate } from '../../domain/drive-away.ts';
import { type FinanceEstimateDisplay, financeEstimate } from '../../domain/finance.ts';
import { showBelowMarketBadge } from '../../domain/market-price.ts';
import { type PricePoint, priceDrop } from '../../domain/price-history.ts';
import { searchHref } from '../../domain/search-url.ts';
import {
  keepSpecRows,
  keyInformationRows,
  odometerText,
  type ShownSpecRow,
  specificationRows,
} from '../../domain/spec-rows.ts';
import {
  carContactPhone,
  type FeatureLink,
  featureLinks,
  getPreApprovedUrl,
  historyReportUrl,
  isCertifiedVehicle,
  isInstantValuationEligible,
  type ReserveDeposit,
  reserveDeposit,
  reservePath,
  type SidebarAction,
  sidebarActions,
} from '../../domain/vehicle-actions.ts';
import type { VehicleData } from './vehicle-page.machine.ts';
import type { VehicleSettings } from './vehicle-settings.ts';

/** Everything the car page shows, derived from the loaded car and the site's settings by the rules. */
export interface VehicleView {
  car: Car;
  /** What the vehicle is called in a sentence: `car`, `caravan` or `motorcycle`. */
  noun: string;
  dealerName: string;
  sold: boolean;
  /** The car is for sale, so the enquiry form shows (a sold car is enquired about through /contact-us). */
  enquirable: boolean;
  /** §2 SOLD notice: a search for similar vehicles (same make and model). */
  similarSearchHref: string;
  tag: CarTag | null;
  price: PriceDisplay;
  belowMarket: boolean;
  certified: boolean;
  finance: FinanceEstimateDisplay | null;
  /**
   * Issue 37 item 5: the drive-away estimate (stamp duty, registration, CTP in the state of the car's
   * location) where the shown price excludes government charges and the car is for sale.
   */
  driveAway: DriveAwayEstimate | null;
  preApprovedUrl: string;
  /** §2 vehicle details box: the headline facts, empty ones dropped. */
  details: ShownSpecRow[];
  keyInformation: ShownSpecRow[];
  specifications: ShownSpecRow[];
  features: string[];
  comments: DealerComments;
  historyReportUrl: string | null;
  sidebar: SidebarAction[];
  featureLinks: FeatureLink[];
  /**
   * Reserve Online terms and where the deposit is taken (the dealer's reserve route,
   * `/cars/{slug}/checkout` or `/buy-online`, even where the sidebar's button buys the car outright on
   * the checkout journey), for a reservable car only.
   */
  reserve: (ReserveDeposit & { href: string }) | null;
  instantValuation: boolean;
  /** The contact-phone box's number (`carContactPhone`), or `null` when the dealer has none. */
  phone: string | null;
  /** The asking prices, oldest first, and the last change when it was a fall within 30 days. */
  priceHistory: readonly PricePoint[];
  priceDrop: ReturnType<typeof priceDrop>;
  /** The answer's clock: time rules and the price chart's right edge. */
  now: Date;
}

/** The car page's view of a loaded car (pure: time comes from the answer's `as_of`). */
export function vehicleView(
  { car, dealer, as_of, price_history }: VehicleData,
  settings: VehicleSettings,
): VehicleView {
  const now = new Date(as_of);
  const financeHidden = settings.financeHiddenDealerships.includes(car.dealership_slug);
  const price = priceDisplay(car, settings.texts);
  const buyOnlinePath = settings.buyOnlineDealerships.includes(car.dealership_slug);
  const sidebar = sidebarActions(car, {
    financePath: settings.financePath,
    buyOnlinePath,
    checkoutJourney: settings.checkoutJourney,
    personalisedFlow: settings.personalisedFlow,
    enquireLabel: settings.enquireLabel,
  });
  return {
    car,
    noun: vehicleNoun(car.vehicle_kind),
    dealerName: dealer.name,
    sold: showsSoldNotice(car),
    enquirable: isCarAvailable(car),
    similarSearchHref: searchHref(settings.searchPath, { make: [car.make], model: [car.model] }),
    tag: carTag(car, {
      nowSeconds: Math.floor(now.getTime() / 1000),
      fuelTypeTagEnabled: settings.fuelTypeTag,
      certifiedUsedEnabled: settings.certifiedUsed,
      texts: settings.texts,
    }),
    price,
    belowMarket: showBelowMarketBadge(car.price, car.autograb_data),
    certified: isCertifiedVehicle(car, {
      certifiedUsed: settings.certifiedUsed,
      certifiedManufacturer: CERTIFIED_MANUFACTURER,
    }),
    finance: financeEstimate(car, { provider: settings.financeProvider, financeHidden, now }),
    driveAway:
      price.kind === 'price' && isCarAvailable(car)
        ? driveAwayEstimate({
            price: price.amount,
            priceType: car.price_type,
            state: car.location?.state ?? car.state,
            fuel: car.simple_fuel ?? car.fuel,
            cylinders: car.variant?.cylinders ?? null,
          })
        : null,
    preApprovedUrl: getPreApprovedUrl(car, settings.financePath),
    details: keepSpecRows([
      { label: 'Year', value: String(car.year) },
      { label: 'Odometer', value: odometerText(car) },
      { label: 'Transmission', value: car.simple_transmission ?? car.trans },
      { label: 'Fuel', value: car.simple_fuel ?? car.fuel },
      { label: 'Body', value: car.simple_body },
      { label: 'Colour', value: car.colour },
    ]),
    keyInformation: keyInformationRows(car),
    specifications: specificationRows(car, now),
    features: car.standardEquipment,
    comments: dealerComments(car.dealercomments),
    historyReportUrl: historyReportUrl(car),
    sidebar,
    featureLinks: featureLinks(car, {
      financePath: settings.financePath,
      financeHidden,
      personalisedFlow: settings.personalisedFlow,
      checkoutJourney: settings.checkoutJourney,
    }),
    reserve: sidebar.some((action) => action.id === 'reserve')
      ? {
          ...reserveDeposit(settings.reserveDeposit, car.vehicle_kind),
          href: reservePath(car.slug, buyOnlinePath),
        }
      : null,
    instantValuation: isInstantValuationEligible(car),
    phone: carContactPhone(car, { phoneNumbers: settings.phoneNumbers, dealershipPhone: dealer.phone }),
    priceHistory: price_history,
    priceDrop: isCarAvailable(car) ? priceDrop(price_history, now) : null,
    now,
  };
}
