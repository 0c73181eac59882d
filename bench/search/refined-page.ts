import { seededRandom } from '../../tests/fixtures/search-records.ts';

/** The 8 facets a refined search page asks for. */
export const PAGE_FACETS = ['make', 'model', 'body', 'fuel', 'transmission', 'year', 'price', 'colour'];

/** One query of a multi-query, as InstantSearch sends it (v5 fields). */
export interface PageQuery {
  indexName: string;
  query: string;
  facets: string[];
  facetFilters: string[][];
  numericFilters: string[];
  hitsPerPage: number;
  page: number;
  maxValuesPerFacet?: number;
  highlightPreTag?: string;
  highlightPostTag?: string;
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  analytics?: boolean;
  clickAnalytics?: boolean;
}

const TEXTS = [
  'toyota',
  'ranger',
  'cx-5',
  'hilux sr',
  'corola',
  'mazda',
  'sport',
  'outlander',
  'gt',
  'ford ev',
  'kia',
  'lux',
];
const MAKE_PAIRS = [
  ['Toyota', 'Mazda'],
  ['Ford', 'Holden'],
  ['Kia', 'Hyundai'],
  ['Mitsubishi', 'Nissan'],
  ['Volkswagen', 'Subaru'],
];
const BODIES = [['SUV'], ['Ute'], ['Sedan', 'Hatch'], ['SUV', 'Wagon']];
const FUELS = [['Petrol', 'Diesel'], ['Hybrid', 'Electric'], ['Diesel']];
const SORTS = ['cars', 'cars', 'cars_latest', 'cars_price_asc', 'cars_price_desc'];

/**
 * The multi-query InstantSearch sends for a refined page: the main query (text, 8 facets, three
 * OR-refined facets, a price range) plus one `hitsPerPage: 0` query per refined facet with that
 * facet's own refinement dropped. Varied deterministically by `seed`.
 */
export function refinedPageRequests(count: number, seed = 7): PageQuery[][] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const out: PageQuery[][] = [];
  for (let i = 0; i < count; i++) {
    const refinements: Record<string, string[]> = {
      make: pick(MAKE_PAIRS),
      body: pick(BODIES),
      fuel: pick(FUELS),
    };
    const low = Math.floor(random() * 30) * 1000;
    const numericFilters = [`price>=${low}`, `price<=${low + 10_000 + Math.floor(random() * 60) * 1000}`];
    const query = pick(TEXTS);
    const indexName = pick(SORTS);
    const filtersWithout = (facet: string | null) =>
      Object.entries(refinements)
        .filter(([name]) => name !== facet)
        .map(([name, values]) => values.map((v) => `${name}:${v}`));
    const main: PageQuery = {
      indexName,
      query,
      facets: PAGE_FACETS,
      facetFilters: filtersWithout(null),
      numericFilters,
      hitsPerPage: 21,
      page: Math.floor(random() * 3),
      maxValuesPerFacet: 20,
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
    };
    const disjunctive = Object.keys(refinements).map(
      (facet): PageQuery => ({
        indexName,
        query,
        facets: [facet],
        facetFilters: filtersWithout(facet),
        numericFilters,
        hitsPerPage: 0,
        page: 0,
        maxValuesPerFacet: 20,
        attributesToRetrieve: [],
        attributesToHighlight: [],
        analytics: false,
        clickAnalytics: false,
      }),
    );
    out.push([main, ...disjunctive]);
  }
  return out;
}
