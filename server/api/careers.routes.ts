import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Hono, MiddlewareHandler } from 'hono';
import { cvUploadRequest } from '../../domain/contracts/careers.ts';
import type { AppEnv } from '../app-env.ts';
import {
  HELD_REFUSALS,
  HeldRefusals,
  holdRefusals,
  InFlight,
  inFlightLimit,
  UPLOADS_IN_FLIGHT,
} from '../auth/in-flight.ts';
import { type Limiter, limiterFor, rateLimit, UPLOAD_BUCKET } from '../auth/rate-limit.ts';
import { careersCvLinkRoutes } from '../careers/cv-links.ts';
import { receiveCv } from '../careers/cv-uploads.ts';
import { boundaryOf } from '../media/multipart.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { apiRouter, serve } from './serve.ts';

/** Options the tests set: the limiter, the uploads in progress and the refusals held. */
export interface CareersRouteOptions {
  limiter?: Limiter;
  uploadsInFlight?: InFlight;
  heldRefusals?: HeldRefusals;
}

/** An upload refused before its body was read to the end closes the connection with the answer. */
const closeUnlessStored: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status !== 201) c.header('connection', 'close');
};

/**
 * The careers form's CV (issue 37 item 9; contract in `domain/contracts/careers.ts`): the upload,
 * same-origin, rate limited and a few at a time like the trade-in's photos, streamed to the media
 * storage by `server/careers/`; and the dealer's signed, expiring links to a sent CV.
 */
export function careersRoutes(deps: ApiDeps, options: CareersRouteOptions = {}): Hono<AppEnv> {
  const limiter = options.limiter ?? limiterFor(deps, UPLOAD_BUCKET, 'cv-uploads');
  const uploadsInFlight = options.uploadsInFlight ?? new InFlight(UPLOADS_IN_FLIGHT);
  const heldRefusals = options.heldRefusals ?? new HeldRefusals(HELD_REFUSALS);
  const media = deps.media;
  const router = apiRouter(
    serve(
      cvUploadRequest,
      async (c) => {
        const boundary = boundaryOf(c.req.header('content-type') ?? '');
        if (!boundary)
          return apiError(c, 415, 'unsupported_media_type', 'Send the CV as multipart/form-data');
        if (!media) return apiError(c, 503, 'busy', 'CVs cannot be stored just now. Please try again later.');
        const body = c.req.raw.body;
        const receipt = await receiveCv(
          { db: deps.db, media },
          c.get('site').id,
          body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]),
          boundary,
        );
        if (receipt.kind === 'stored') return { cv_id: receipt.id, name: receipt.name, size: receipt.size };
        return apiError(c, receipt.status, receipt.code, receipt.message, receipt.fields);
      },
      [
        closeUnlessStored,
        holdRefusals(heldRefusals),
        rateLimit(limiter, 'careers/cv'),
        inFlightLimit(uploadsInFlight),
      ],
    ),
  );
  if (media && deps.linkSecret) {
    router.route(
      '/',
      careersCvLinkRoutes({
        db: deps.db,
        media,
        linkSecret: deps.linkSecret,
        ...(deps.now ? { now: deps.now } : {}),
      }),
    );
  }
  return router;
}
