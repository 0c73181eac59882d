import {
  csvMappingRequest,
  csvPreviewRequest,
  feedRunRequest,
  feedSettingsRequest,
  STOCK_LIST_LIMIT,
  stockCarActionRequest,
  stockOverviewRequest,
  stockUploadRequest,
} from '../../../domain/contracts/console-stock.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import {
  CSV_FIELDS,
  CSV_REQUIRED_FIELDS,
  type CsvMapping,
  mappingProblem,
  proposeMapping,
} from '../../../domain/stock-csv.ts';
import { apiError } from '../../api/api-error.ts';
import type { ApiContext } from '../../api/serve.ts';
import { type ServedEndpoint, serve } from '../../api/serve.ts';
import type { AllowedHost } from '../../media/photos/address-policy.ts';
import type { ResolveHost } from '../../media/photos/fetch-photo.ts';
import type { Db } from '../../store/db.ts';
import {
  getCsvMapping,
  getStockFeed,
  listStockRuns,
  saveCsvMapping,
  saveStockFeed,
  searchConsoleCars,
} from '../../store/stock-console.repo.ts';
import { recordAudit } from '../audit.ts';
import { changeStockCar, stockCarOf } from './car-actions.ts';
import { feedUrlProblem } from './feed-fetch.ts';
import { pullFeed } from './feed-puller.ts';
import { parseCsv, readStockFile, StockFileError } from './stock-file.ts';
import { runConsoleImport } from './stock-import.ts';

/** What the console's stock routes use besides the store and clock. */
export interface StockConsoleDeps {
  db: Db;
  now?: () => Date;
  /** The server's hooks; without them (a test of another area) no host is exempt and nothing follows. */
  stock?: {
    /** Hosts a feed may be fetched from despite the address check (`PHOTO_FETCH_ALLOW_HOSTS`, as photos). */
    allowHosts: readonly AllowedHost[];
    /** After a committed import: search and pages follow (`refreshSearch`). */
    afterImport: () => Promise<void>;
    /** After a car changed by hand: its search record follows (`refreshCars`). */
    carsChanged: (carIds: readonly number[]) => Promise<void>;
    resolve?: ResolveHost;
  };
}

/** The signed-in member; `serve()` has refused the request before the handler runs without one. */
const memberOf = (c: ApiContext): StaffMember => c.get('staff') as StaffMember;

const dealershipIdsOf = (c: ApiContext) => c.get('site').dealerships.map((d) => d.id);

const fileError = (c: ApiContext, error: StockFileError) => apiError(c, 422, error.code, error.message);

const invalidMapping = (c: ApiContext, problem: string) =>
  apiError(c, 422, 'invalid_mapping', problem, { mapping: problem });

/** Saves the dealer's mapping with its audit entry. */
async function saveMapping(deps: StockConsoleDeps, c: ApiContext, mapping: CsvMapping): Promise<void> {
  const member = memberOf(c);
  await deps.db.transaction(async (tx) => {
    await saveCsvMapping(tx, member.site_id, mapping);
    await recordAudit(tx, {
      siteId: member.site_id,
      staffId: member.id,
      action: 'stock.mapping',
      subject: 'CSV column mapping',
      detail: { mapping },
    });
  });
}

/**
 * The dealer console's stock (issue 36 item 5, decision 127; contracts in
 * `domain/contracts/console-stock.ts`), managers only: the page's data, a file's upload (a CSV through
 * the dealer's mapping) with its report, the mapping, the feed's settings and a pull by hand, and a
 * car hidden, shown, sold or repriced — each change audited in its own transaction.
 */
export function stockConsoleEndpoints(deps: StockConsoleDeps): ServedEndpoint[] {
  const now = () => deps.now?.() ?? new Date();
  const stock = deps.stock ?? { allowHosts: [], afterImport: async () => {}, carsChanged: async () => {} };
  const feedDeps = (c: ApiContext) => ({
    db: deps.db,
    sites: [c.get('site')],
    allowHosts: stock.allowHosts,
    afterImport: stock.afterImport,
    now,
    ...(stock.resolve ? { resolve: stock.resolve } : {}),
  });
  return [
    serve(stockOverviewRequest, async (c, { query }) => {
      const siteId = memberOf(c).site_id;
      const found = await searchConsoleCars(deps.db, dealershipIdsOf(c), query.q ?? '', STOCK_LIST_LIMIT);
      return {
        cars: found.cars.map(stockCarOf),
        total: found.total,
        feed: await getStockFeed(deps.db, siteId),
        runs: await listStockRuns(deps.db, siteId),
        mapping: await getCsvMapping(deps.db, siteId),
      };
    }),

    serve(csvPreviewRequest, async (c, { body }) => {
      try {
        const table = parseCsv(body.content);
        const saved = await getCsvMapping(deps.db, memberOf(c).site_id);
        return {
          headers: table.headers,
          mapping: proposeMapping(table.headers, saved),
          saved: saved !== null,
          rows: table.rows.length,
          fields: CSV_FIELDS.map(({ field }) => field),
          required: [...CSV_REQUIRED_FIELDS],
        };
      } catch (error) {
        if (error instanceof StockFileError) return fileError(c, error);
        throw error;
      }
    }),

    serve(stockUploadRequest, async (c, { body }) => {
      const member = memberOf(c);
      if (body.mapping) {
        const problem = mappingProblem(body.mapping);
        if (problem) return invalidMapping(c, problem);
      }
      try {
        const mapping =
          body.format === 'csv' ? (body.mapping ?? (await getCsvMapping(deps.db, member.site_id))) : null;
        const file = readStockFile(body.format, body.content, mapping);
        // A mapping sent with a CSV that could be read is the dealer's from now on.
        if (body.format === 'csv' && body.mapping) await saveMapping(deps, c, body.mapping);
        return await runConsoleImport(
          deps.db,
          {
            site: c.get('site'),
            staffId: member.id,
            source: 'upload',
            format: body.format,
            file,
            replace: body.replace,
            now: now(),
          },
          stock.afterImport,
        );
      } catch (error) {
        if (error instanceof StockFileError) return fileError(c, error);
        throw error;
      }
    }),

    serve(csvMappingRequest, async (c, { body }) => {
      const problem = mappingProblem(body.mapping);
      if (problem) return invalidMapping(c, problem);
      await saveMapping(deps, c, body.mapping);
      return { mapping: body.mapping };
    }),

    serve(feedSettingsRequest, async (c, { body }) => {
      const member = memberOf(c);
      const problem = feedUrlProblem(body.url, stock.allowHosts);
      if (problem) return apiError(c, 422, 'invalid_feed_url', problem, { url: problem });
      const feed = await deps.db.transaction(async (tx) => {
        // An enabled feed is due at once: the feed job pulls it within the minute.
        const saved = await saveStockFeed(tx, member.site_id, body, body.enabled ? now() : null);
        await recordAudit(tx, {
          siteId: member.site_id,
          staffId: member.id,
          action: 'stock.feed_settings',
          subject: 'stock feed',
          detail: { ...body },
        });
        return saved;
      });
      return { feed };
    }),

    serve(feedRunRequest, async (c) => {
      const member = memberOf(c);
      const feed = await getStockFeed(deps.db, member.site_id);
      if (!feed) return apiError(c, 409, 'no_feed', 'Save the feed’s address first');
      return pullFeed(feedDeps(c), c.get('site'), feed, member.id);
    }),

    serve(stockCarActionRequest, async (c, { params, body }) => {
      const carId = Number(params.id);
      const car = await changeStockCar(deps.db, {
        site: c.get('site'),
        staffId: memberOf(c).id,
        carId,
        action: body,
        now: now(),
      });
      if (!car) return apiError(c, 404, 'car_not_found', 'No such car in this dealer’s stock');
      await stock.carsChanged([carId]);
      return car;
    }),
  ];
}
