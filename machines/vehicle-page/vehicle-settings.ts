import type { CarType, FinanceProvider } from '../../domain/car.ts';
import type { FinancePath } from '../../domain/vehicle-actions.ts';

/**
 * What the car page needs to know of the dealer site: config values and feature switches, evaluated
 * by the view layer from the public site config and passed in as the page machine's input (so neither
 * machines nor views test a dealer's slug, ARCHITECTURE §4).
 */
export interface VehicleSettings {
  siteId: number;
  siteName: string;
  searchPath: string;
  financeProvider: FinanceProvider | null;
  financePath: FinancePath;
  /** Dealership slugs with the `financeHidden` switch on. */
  financeHiddenDealerships: string[];
  /** Dealership slugs with the `buyOnlinePath` switch on. */
  buyOnlineDealerships: string[];
  personalisedFlow: boolean;
  checkoutJourney: boolean;
  certifiedUsed: boolean;
  fuelTypeTag: boolean;
  enquireLabel: string;
  texts: { no_price: string; tag_new: string; tag_sold: string; tag_new_arrival: string };
  reserveDeposit: number;
  phoneNumbers: Partial<Record<CarType, string>>;
  /** Each dealership's manufacturer slug (the enquiry's `manufacturer_slug` default, §3). */
  manufacturerSlugs: Record<string, string | null>;
}
