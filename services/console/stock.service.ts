import {
  type CarActionCall,
  type CsvPreview,
  csvPreviewEndpoint,
  type csvPreviewRequest,
  type FeedSettings,
  feedRunEndpoint,
  type feedRunRequest,
  feedSettingsEndpoint,
  type feedSettingsRequest,
  type StockCar,
  type StockFeed,
  type StockOverview,
  type StockRun,
  stockCarActionEndpoint,
  type stockCarActionRequest,
  stockOverviewEndpoint,
  type stockOverviewRequest,
  stockUploadEndpoint,
  type stockUploadRequest,
  type UploadCall,
} from '../../domain/contracts/console-stock.ts';
import type { EveryFieldOf } from '../../domain/contracts/endpoint.ts';
import { call, type Http } from '../http.ts';

/** The stock page's data: the dealer's cars matching `query`, its feed, runs and mapping (`GET /api/dealer/stock`). */
export function fetchStock(http: Http, input: { query: string }): Promise<StockOverview> {
  return call<typeof stockOverviewEndpoint, typeof stockOverviewRequest>(
    http,
    stockOverviewEndpoint,
    input.query ? { query: { q: input.query } } : {},
  );
}

/** A CSV file's headers and the mapping proposed for them (`POST /api/dealer/stock/csv-preview`). */
export function previewCsv(http: Http, input: { content: string }): Promise<CsvPreview> {
  return call<typeof csvPreviewEndpoint, typeof csvPreviewRequest>(http, csvPreviewEndpoint, {
    body: { content: input.content },
  });
}

/**
 * Uploads a stock file (`POST /api/dealer/stock/upload`): its run with the report. Rejects with the
 * server's `invalid_file`, `mapping_needed` or `invalid_mapping`.
 */
export function uploadStock(http: Http, input: UploadCall): Promise<StockRun> {
  const body = {
    format: input.format,
    content: input.content,
    replace: input.replace,
    mapping: input.mapping,
  } satisfies EveryFieldOf<typeof stockUploadRequest>;
  return call<typeof stockUploadEndpoint, typeof stockUploadRequest>(http, stockUploadEndpoint, { body });
}

/** Saves the dealer's feed (`POST /api/dealer/stock/feed`). Rejects with `invalid_feed_url`. */
export async function saveFeed(http: Http, input: FeedSettings): Promise<StockFeed> {
  const body = {
    url: input.url,
    format: input.format,
    every_minutes: input.every_minutes,
    enabled: input.enabled,
    replace: input.replace,
  } satisfies EveryFieldOf<typeof feedSettingsRequest>;
  const answer = await call<typeof feedSettingsEndpoint, typeof feedSettingsRequest>(
    http,
    feedSettingsEndpoint,
    {
      body,
    },
  );
  return answer.feed;
}

/** Pulls the feed now (`POST /api/dealer/stock/feed/run`): its run, failed or not. */
export function runFeed(http: Http): Promise<StockRun> {
  return call<typeof feedRunEndpoint, typeof feedRunRequest>(http, feedRunEndpoint, {});
}

/** Hides, shows, marks sold or reprices a car (`POST /api/dealer/stock/cars/:id`): the car as it now is. */
export function actOnCar(http: Http, input: CarActionCall): Promise<StockCar> {
  return call<typeof stockCarActionEndpoint, typeof stockCarActionRequest>(http, stockCarActionEndpoint, {
    params: { id: String(input.id) },
    body: input.action,
  });
}
