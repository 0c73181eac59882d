import type { CarType } from '../../domain/car.ts';
import {
  displayedStockCount,
  listingNounKind,
  listingTypeLabel,
  searchPageMeta,
  showMeLabel,
} from '../../domain/search-listing.ts';
import type { FacetCounts } from '../../domain/search-result.ts';
import type { SearchState } from '../../domain/search-state.ts';
import type { PublicSite } from '../../tenants/public-site.ts';

/** What the listing says about itself: heading, title, description, count and the 'Show Me' label. */
export interface ListingSummary {
  heading: string;
  title: string;
  description: string;
  /** The stock count after the §9 rule (above 1999 → configured count or summed facet counts). */
  count: number;
  /** `Used Cars`, `Car`… */
  typeLabel: string;
  /** 'Show Me {count} {type}' (§2). */
  showMe: string;
}

/** The listing's words, from its search and result (none yet: count unknown). */
export function listingSummary(
  input: {
    state: SearchState;
    carTypes: readonly CarType[] | null;
    routeCarTypes: readonly CarType[] | null;
    nbHits: number | null;
    facets: FacetCounts;
  },
  site: PublicSite,
): ListingSummary {
  const count =
    input.nbHits === null
      ? null
      : displayedStockCount({
          count: input.nbHits,
          configured: site.stock_count,
          facetCounts: input.facets.car_type ?? null,
        });
  const kind = listingNounKind({
    refined: input.state.item_type,
    kindCounts: input.facets.item_type,
    siteKinds: site.vehicle_kinds,
  });
  const meta = searchPageMeta({
    state: input.state,
    routeCarTypes: input.routeCarTypes,
    place: site.address.city,
    siteName: site.name,
    count,
    kind,
  });
  const typeLabel = listingTypeLabel(input.carTypes, count ?? 0, kind);
  return { ...meta, count: count ?? 0, typeLabel, showMe: showMeLabel(count ?? 0, typeLabel) };
}
