import { type AvailabilityFacts, isCarAvailable } from './car-availability.ts';

/**
 * Favourite and compare buttons on car cards (`search-detail-finance-watchlist.md` §5 "Search and
 * buttons"). What the buttons do comes with the watchlist.
 */

/** Why the buttons are hidden, in the order the spec lists the reasons. */
export type CarButtonsHiddenReason = 'notForSale' | 'noPrice' | 'noImages' | 'storageOff';

/** What the rule reads of a car: a Car's `images`, or a search record's `primary_image_url`. */
export interface CarButtonsFacts extends AvailabilityFacts {
  readonly price: number | null;
  readonly images?: readonly string[] | null;
  readonly primary_image_url?: string | null;
}

/** The site's settings the rule reads. */
export interface CarButtonsSite {
  /** `garage_enabled` in the site config. */
  readonly garageEnabled: boolean;
  /** The `favouritesStorageOff` switch. */
  readonly favouritesStorageOff: boolean;
}

/** Whether the favourite and compare buttons show, and if not, the first reason. */
export interface CarButtonsVisibility {
  readonly favourite: boolean;
  readonly compare: boolean;
  readonly hiddenBecause: CarButtonsHiddenReason | null;
}

/**
 * §5: a favourite or compare button is hidden when the car is not for sale, has price 0 or less,
 * has no images in garage mode (the spec's "has no images (garage mode)": on a site without garage
 * mode a car without photos keeps its buttons), or the storage setting is off.
 */
export function carButtons(car: CarButtonsFacts, site: CarButtonsSite): CarButtonsVisibility {
  const hasImages = (car.images?.length ?? 0) > 0 || Boolean(car.primary_image_url);
  const hiddenBecause: CarButtonsHiddenReason | null = !isCarAvailable(car)
    ? 'notForSale'
    : car.price === null || car.price <= 0
      ? 'noPrice'
      : site.garageEnabled && !hasImages
        ? 'noImages'
        : site.favouritesStorageOff
          ? 'storageOff'
          : null;
  const shown = hiddenBecause === null;
  return { favourite: shown, compare: shown, hiddenBecause };
}
