import type { VehicleSettings } from '../../machines/vehicle-page/vehicle-settings.ts';
import type { PublicSite } from '../../tenants/public-site.ts';

/** The car page's settings from the public site config: its values and evaluated switches. */
export function vehicleSettings(site: PublicSite): VehicleSettings {
  return {
    siteId: site.id,
    siteName: site.name,
    searchPath: site.search.path,
    financeProvider: site.finance_provider,
    financePath: site.finance.path,
    financeHiddenDealerships: site.features.financeHidden,
    buyOnlineDealerships: site.features.buyOnlinePath,
    personalisedFlow: site.features.personalisedFlow,
    checkoutJourney: site.features.checkoutJourney,
    certifiedUsed: site.features.certifiedUsed,
    fuelTypeTag: site.features.fuelTypeTag,
    enquireLabel: site.texts.enquire_button,
    texts: {
      no_price: site.texts.no_price,
      tag_new: site.texts.tag_new,
      tag_sold: site.texts.tag_sold,
      tag_new_arrival: site.texts.tag_new_arrival,
    },
    reserveDeposit: site.reserve_deposit,
    phoneNumbers: site.phone_numbers,
    manufacturerSlugs: Object.fromEntries(site.dealerships.map((d) => [d.slug, d.manufacturer_slug])),
  };
}
