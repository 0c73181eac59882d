import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Hono, MiddlewareHandler } from 'hono';
import {
  enterVinRequest,
  imageUploadRequest,
  manualEntryRequest,
  miscellaneousRequest,
  updateEvalRequest,
} from '../../domain/contracts/trade-in.ts';
import type { VehicleRecord } from '../../domain/trade-in.ts';
import { hasFeature } from '../../tenants/features.ts';
import type { AppEnv } from '../app-env.ts';
import {
  HELD_REFUSALS,
  HeldRefusals,
  holdRefusals,
  InFlight,
  inFlightLimit,
  UPLOADS_IN_FLIGHT,
} from '../auth/in-flight.ts';
import { type Limiter, limiterFor, rateLimit, UPLOAD_BUCKET, VALUATION_BUCKET } from '../auth/rate-limit.ts';
import { boundaryOf } from '../media/multipart.ts';
import { tradeInPhotoRoutes } from '../trade-in/photo-links.ts';
import { receivePhoto } from '../trade-in/photos.ts';
import {
  localValuationProvider,
  type ValuationProvider,
  ValuationUnavailableError,
} from '../trade-in/provider.ts';
import { chooseDescription, lookUpRego, saveValuationRecord, valueCar } from '../trade-in/valuations.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { type ApiContext, apiRouter, serve } from './serve.ts';

/** Options the tests set: the provider, the limiter, the uploads in progress and the refusals held. */
export interface TradeInRouteOptions {
  provider?: ValuationProvider;
  limiter?: Limiter;
  uploadsInFlight?: InFlight;
  heldRefusals?: HeldRefusals;
}

/**
 * An upload refused before its body was read to the end: the connection is closed with the answer,
 * so the rest of the body is not read (a refused 10 MB photo costs its headers, not its bytes).
 */
const closeUnlessStored: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status !== 201) c.header('connection', 'close');
};

const unavailable = (c: ApiContext) =>
  apiError(
    c,
    502,
    'valuation_unavailable',
    'We could not value your car just now. Please try again shortly.',
  );
const notFound = (c: ApiContext) =>
  apiError(c, 404, 'valuation_not_found', 'This valuation has expired. Please start again.', {
    evalid: 'No such valuation',
  });

/**
 * The trade-in wizard's valuation calls (issue 16 item 3; contracts in `domain/contracts/trade-in.ts`),
 * served at the spec's `/api/eval-expert/*` and `/api/miscellaneous`: each parses and answers, and the
 * trade-in's server (`server/trade-in/`: the valuations, the adapter, the photos) does the work.
 */
export function tradeInRoutes(deps: ApiDeps, options: TradeInRouteOptions = {}): Hono<AppEnv> {
  const provider = options.provider ?? deps.valuation ?? localValuationProvider();
  const limiter = options.limiter ?? limiterFor(deps, VALUATION_BUCKET, 'valuations');
  // A valuation's photos, one at a time (issue 31 item 1).
  const uploadLimiter = options.limiter ?? limiterFor(deps, UPLOAD_BUCKET, 'uploads');
  const uploadsInFlight = options.uploadsInFlight ?? new InFlight(UPLOADS_IN_FLIGHT);
  const heldRefusals = options.heldRefusals ?? new HeldRefusals(HELD_REFUSALS);
  const media = deps.media;
  const valuations = { db: deps.db, provider, now: deps.now ?? (() => new Date()) };
  const guarded = async (c: ApiContext, work: () => Promise<VehicleRecord[] | 'notFound'>) => {
    try {
      const answer = await work();
      return answer === 'notFound' ? notFound(c) : answer;
    } catch (error) {
      if (error instanceof ValuationUnavailableError) return unavailable(c);
      throw error;
    }
  };
  const router = apiRouter(
    serve(
      enterVinRequest,
      (c, { body }) => guarded(c, () => lookUpRego(valuations, c.get('site').id, body)),
      [rateLimit(limiter, 'eval-expert')],
    ),
    serve(
      manualEntryRequest,
      (c, { body }) => guarded(c, () => chooseDescription(valuations, c.get('site').id, body)),
      [rateLimit(limiter, 'eval-expert')],
    ),
    serve(
      updateEvalRequest,
      (c, { body }) => {
        const site = c.get('site');
        const valued = {
          id: site.id,
          email: site.email,
          offerMaxAgeYears: site.trade_in.offer_max_age_years,
        };
        return guarded(c, () => valueCar(valuations, valued, body));
      },
      [rateLimit(limiter, 'eval-expert')],
    ),
    serve(
      imageUploadRequest,
      async (c) => {
        const site = c.get('site');
        // Step Three is a dealership switch: a site none of whose dealerships takes photos takes none.
        if (!site.dealerships.some((d) => hasFeature(site, 'tradeInImageUpload', d.slug))) {
          return apiError(c, 404, 'not_found', 'This dealer does not take photos of trade-ins');
        }
        const boundary = boundaryOf(c.req.header('content-type') ?? '');
        if (!boundary) {
          return apiError(c, 415, 'unsupported_media_type', 'Send the image as multipart/form-data');
        }
        if (!media) {
          return apiError(c, 503, 'busy', 'Photos cannot be stored just now. Please try again later.');
        }
        // Read as it arrives: the EvalID is checked before the file, the file streams to the media
        // storage without its metadata (decision 103).
        const body = c.req.raw.body;
        const receipt = await receivePhoto(
          { db: deps.db, media },
          site.id,
          body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]),
          boundary,
        );
        if (receipt.kind === 'stored') return { image_id: receipt.imageId, count: receipt.count };
        return apiError(c, receipt.status, receipt.code, receipt.message, receipt.fields);
      },
      [
        closeUnlessStored,
        holdRefusals(heldRefusals),
        rateLimit(uploadLimiter, 'eval-expert/image'),
        inFlightLimit(uploadsInFlight),
      ],
    ),
    serve(
      miscellaneousRequest,
      async (c, { body }) => {
        const site = c.get('site');
        // Only the flagged sites keep their valuations (§7 "only on a flagged site").
        if (!hasFeature(site, 'valuationSave')) {
          return apiError(c, 404, 'not_found', 'This site does not keep valuations');
        }
        if ((await saveValuationRecord(deps.db, site.id, body)) === 'notFound') return notFound(c);
        return { saved: true };
      },
      [rateLimit(limiter, 'miscellaneous')],
    ),
  );
  // The dealer's links to a trade-in's photos, signed and expiring (issue 36 item 1, decision 123).
  if (media && deps.linkSecret) {
    router.route(
      '/',
      tradeInPhotoRoutes({
        db: deps.db,
        media,
        linkSecret: deps.linkSecret,
        ...(deps.now ? { now: deps.now } : {}),
      }),
    );
  }
  return router;
}
