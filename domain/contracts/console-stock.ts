import { z } from 'zod/mini';
import { carStatusSchema } from '../car.ts';
import type { CsvMapping } from '../stock-csv.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * The dealer console's stock (issue 36 item 5, decision 127): upload a feed file (JSON as the import
 * takes it, or CSV read through the dealer's saved column mapping), the dealer's scheduled feed and its
 * runs, and a car hidden, sold or repriced by hand. Managers only (`staff: 'manager'`: a sales member
 * has leads and reservations); every change is audited; another dealer's car is not found.
 */

/** The file formats an upload or a feed may have. */
export const STOCK_FORMATS = ['json', 'csv'] as const;
export const stockFormatSchema = z.enum(STOCK_FORMATS);
/** json or csv. */
export type StockFormat = z.infer<typeof stockFormatSchema>;

/** The largest file the console takes, in characters (a dealer group's stock is a few MB). */
export const STOCK_FILE_MAX = 16 * 1024 * 1024;
/** What an upload over it is told. */
export const STOCK_FILE_TOO_LARGE = 'A stock file may be at most 16 MB';
/** The feed's shortest and longest schedule, in minutes. */
export const FEED_EVERY_MIN = 15;
export const FEED_EVERY_MAX = 10_080;

/** A record the import refused: its index in the file (from 0), its CSV line, stock number, field and why. */
export const stockRefusalSchema = z.object({
  record: z.nullable(z.int()),
  /** The line of the CSV file it is on (the header is line 1); null for JSON. */
  line: z.nullable(z.int()),
  stocknum: z.nullable(z.string()),
  field: z.string(),
  message: z.string(),
});
/** A refused record. */
export type StockRefusal = z.infer<typeof stockRefusalSchema>;

/** What an import did: cars added, changed, removed, the records refused, and the photos queued. */
export const stockReportSchema = z.object({
  records: z.int(),
  added: z.int(),
  changed: z.int(),
  removed: z.int(),
  refused: z.array(stockRefusalSchema),
  photos_queued: z.int(),
});
/** An import's report. */
export type StockReport = z.infer<typeof stockReportSchema>;

/** One import: an upload or a pull of the feed, with its report, or why it failed. */
export const stockRunSchema = z.object({
  id: z.int(),
  source: z.enum(['upload', 'feed']),
  format: stockFormatSchema,
  at: z.string(),
  /** Who uploaded (or pulled the feed by hand); null for the schedule. */
  staff_name: z.nullable(z.string()),
  ok: z.boolean(),
  report: z.nullable(stockReportSchema),
  error: z.nullable(z.string()),
});
/** An import run. */
export type StockRun = z.infer<typeof stockRunSchema>;

/** A column mapping: each CSV header to the car field it fills, or null (left out). */
export const csvMappingSchema = z.record(
  z.string().check(z.maxLength(200)),
  z.nullable(z.string().check(z.maxLength(100))),
);

/** The dealer's feed as a manager sets it. */
export const feedSettingsSchema = z.object({
  url: z.string().check(z.maxLength(2000), z.regex(/^https?:\/\/\S+$/i, 'Enter the feed’s https:// address')),
  format: stockFormatSchema,
  every_minutes: z
    .int('Must be a whole number of minutes')
    .check(
      z.minimum(FEED_EVERY_MIN, `At least every ${FEED_EVERY_MIN} minutes`),
      z.maximum(FEED_EVERY_MAX, 'At most once a week'),
    ),
  enabled: z.boolean(),
  /** The feed is the whole stock: its cars missing from it are removed. */
  replace: z.boolean(),
});
/** Feed settings. */
export type FeedSettings = z.infer<typeof feedSettingsSchema>;

/** The feed with when it is pulled next. */
export const stockFeedSchema = z.extend(feedSettingsSchema, { next_run_at: z.nullable(z.string()) });
/** The dealer's feed. */
export type StockFeed = z.infer<typeof stockFeedSchema>;

/** One of the dealer's cars as the console lists it. */
export const stockCarSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  stocknum: z.string(),
  price: z.number(),
  status: carStatusSchema,
  /** Shown on the site (a feed's `show_on_dealer_website`, unless hidden in the console). */
  shown: z.boolean(),
  /** Hidden by a manager in the console: stays hidden through imports until shown again. */
  hidden: z.boolean(),
  dealership_slug: z.string(),
  primary_image_url: z.nullable(z.string()),
});
/** A car in the console. */
export type StockCar = z.infer<typeof stockCarSchema>;

/** How many cars one page of the list shows. */
export const STOCK_LIST_LIMIT = 100;

/** The stock page: the dealer's cars (searched), its feed, the last runs and the saved mapping. */
export const stockOverviewSchema = z.object({
  cars: z.array(stockCarSchema),
  /** How many cars match the search (the list shows at most `STOCK_LIST_LIMIT`). */
  total: z.int(),
  feed: z.nullable(stockFeedSchema),
  runs: z.array(stockRunSchema),
  mapping: z.nullable(csvMappingSchema),
});
/** The stock page's data. */
export type StockOverview = z.infer<typeof stockOverviewSchema>;

/** `GET /api/dealer/stock?q=`: the page's data; `q` searches name, stock number, VIN and rego. */
export const stockOverviewEndpoint = {
  method: 'GET',
  path: '/api/dealer/stock',
  answer: stockOverviewSchema,
  staff: 'manager',
} as const satisfies Endpoint;
export const stockOverviewRequest = withRequest(stockOverviewEndpoint, () => ({
  query: z.object({ q: z.optional(z.string().check(z.maxLength(100))) }),
}));

/** What a CSV file's mapping step shows: its headers, the mapping proposed, and the fields to choose from. */
export const csvPreviewSchema = z.object({
  headers: z.array(z.string()),
  mapping: csvMappingSchema,
  /** Whether the dealer has saved a mapping (used for the headers it names). */
  saved: z.boolean(),
  /** Data rows in the file. */
  rows: z.int(),
  fields: z.array(z.string()),
  required: z.array(z.string()),
});
/** A CSV file's mapping step. */
export type CsvPreview = z.infer<typeof csvPreviewSchema>;

/** The file as the console sends it: its text, in a JSON body (decision 127). */
const fileContent = () =>
  z.string().check(z.minLength(1, 'The file is empty'), z.maxLength(STOCK_FILE_MAX, STOCK_FILE_TOO_LARGE));

/** The body ceiling of the two endpoints that carry a file: the file, and room for JSON's escapes. */
const FILE_BODY_MAX = STOCK_FILE_MAX + STOCK_FILE_MAX / 4;

/** `POST /api/dealer/stock/csv-preview` `{ content }`: a CSV file's headers and the mapping proposed for them. */
export const csvPreviewEndpoint = {
  method: 'POST',
  path: '/api/dealer/stock/csv-preview',
  answer: csvPreviewSchema,
  staff: 'manager',
  maxBody: FILE_BODY_MAX,
} as const satisfies Endpoint;
export const csvPreviewRequest = withRequest(csvPreviewEndpoint, () => ({
  errors: ['invalid_file'],
  body: z.object({ content: fileContent() }),
}));

/**
 * `POST /api/dealer/stock/upload` `{ format, content, replace, mapping? }`: imports the file (201 with
 * the run's report). A CSV is read through `mapping` when given (and it is saved as the dealer's), else
 * the saved one; valid records are imported and each refused one named. With `replace` — and only when
 * nothing was refused — the dealer's cars missing from the file are removed. A file that cannot be read
 * at all answers 422 `invalid_file`; a CSV without a mapping, `mapping_needed`.
 */
export const stockUploadEndpoint = {
  method: 'POST',
  path: '/api/dealer/stock/upload',
  answer: stockRunSchema,
  status: 201,
  staff: 'manager',
  maxBody: FILE_BODY_MAX,
} as const satisfies Endpoint;
export const stockUploadRequest = withRequest(stockUploadEndpoint, () => ({
  errors: ['invalid_file', 'mapping_needed', 'invalid_mapping'],
  body: z.object({
    format: stockFormatSchema,
    content: fileContent(),
    replace: z._default(z.boolean(), false),
    mapping: z.optional(csvMappingSchema),
  }),
}));

/** `POST /api/dealer/stock/mapping` `{ mapping }`: saves the dealer's CSV column mapping. */
export const csvMappingEndpoint = {
  method: 'POST',
  path: '/api/dealer/stock/mapping',
  answer: z.object({ mapping: csvMappingSchema }),
  staff: 'manager',
} as const satisfies Endpoint;
export const csvMappingRequest = withRequest(csvMappingEndpoint, () => ({
  errors: ['invalid_mapping'],
  body: z.object({ mapping: csvMappingSchema }),
}));

/**
 * `POST /api/dealer/stock/feed`: saves the dealer's feed (https only, or a host the operator exempts
 * with `PHOTO_FETCH_ALLOW_HOSTS`); its next pull is due at once when enabled.
 */
export const feedSettingsEndpoint = {
  method: 'POST',
  path: '/api/dealer/stock/feed',
  answer: z.object({ feed: stockFeedSchema }),
  staff: 'manager',
} as const satisfies Endpoint;
export const feedSettingsRequest = withRequest(feedSettingsEndpoint, () => ({
  errors: ['invalid_feed_url'],
  body: feedSettingsSchema,
}));

/** `POST /api/dealer/stock/feed/run`: pulls the feed now; answers the run (201), failed or not. */
export const feedRunEndpoint = {
  method: 'POST',
  path: '/api/dealer/stock/feed/run',
  answer: stockRunSchema,
  status: 201,
  staff: 'manager',
} as const satisfies Endpoint;
export const feedRunRequest = withRequest(feedRunEndpoint, () => ({ errors: ['no_feed'] }));

/** What a manager does to one car by hand. */
export const stockCarActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('hide') }),
  z.object({ action: z.literal('show') }),
  z.object({ action: z.literal('sold') }),
  z.object({
    action: z.literal('price'),
    price: z
      .number('Enter a price')
      .check(z.minimum(0, 'A price cannot be negative'), z.maximum(100_000_000, 'Enter a real price')),
  }),
]);
/** A car action. */
export type StockCarAction = z.infer<typeof stockCarActionSchema>;

/**
 * `POST /api/dealer/stock/cars/:id` `{ action: 'hide' | 'show' | 'sold' } | { action: 'price', price }`:
 * changes one of the dealer's cars through the import's path (price history, alerts and search follow
 * as with an import); answers the car. Another dealer's car answers 404 `car_not_found`.
 */
export const stockCarActionEndpoint = {
  method: 'POST',
  path: '/api/dealer/stock/cars/:id',
  answer: stockCarSchema,
  staff: 'manager',
} as const satisfies Endpoint;
export const stockCarActionRequest = withRequest(stockCarActionEndpoint, () => ({
  errors: ['car_not_found'],
  params: z.object({ id: z.string().check(z.regex(/^[1-9]\d{0,9}$/, 'Not a car id')) }),
  body: stockCarActionSchema,
}));

/** The console stock endpoints whose bodies may pass the server's 64 kB: a file. */
export const STOCK_LARGE_BODY_ENDPOINTS: readonly { path: string; maxBody: number; tooLarge: string }[] = [
  { path: csvPreviewEndpoint.path, maxBody: csvPreviewEndpoint.maxBody, tooLarge: STOCK_FILE_TOO_LARGE },
  { path: stockUploadEndpoint.path, maxBody: stockUploadEndpoint.maxBody, tooLarge: STOCK_FILE_TOO_LARGE },
];

/** What the upload actor sends. */
export interface UploadCall {
  format: StockFormat;
  content: string;
  replace: boolean;
  mapping?: CsvMapping;
}

/** What a car action sends. */
export interface CarActionCall {
  id: number;
  action: StockCarAction;
}
