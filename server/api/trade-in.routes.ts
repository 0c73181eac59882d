import type { Hono } from 'hono';
import {
  enterVinRequest,
  imageUploadRequest,
  manualEntryRequest,
  miscellaneousRequest,
  updateEvalRequest,
} from '../../domain/contracts/trade-in.ts';
import {
  EVAL_ID_PATTERN,
  IMAGE_RULES,
  offerLimits,
  offerValidUntil,
  type VehicleRecord,
  vehicleRecordSchema,
} from '../../domain/trade-in.ts';
import { hasFeature } from '../../tenants/features.ts';
import type { AppEnv } from '../app-env.ts';
import { type Limiter, limiterFor, rateLimit, VALUATION_BUCKET } from '../auth/rate-limit.ts';
import {
  addValuationImage,
  findValuation,
  saveValuation,
  updateValuation,
} from '../store/valuations.repo.ts';
import { cleanImage, IMAGE_CONTENT_TYPES, sniffImage } from '../valuation/images.ts';
import {
  localOffer,
  localValuationProvider,
  type ValuationProvider,
  ValuationUnavailableError,
} from '../valuation/provider.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { type ApiContext, apiRouter, serve } from './serve.ts';

/** Options the tests set: the provider and the limiter. */
export interface TradeInRouteOptions {
  provider?: ValuationProvider;
  limiter?: Limiter;
}

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

/** The provider's answer, read with the record schema (unknown fields dropped, bad ones refused). */
function records(answer: unknown): VehicleRecord[] {
  if (!Array.isArray(answer)) throw new ValuationUnavailableError('not a list');
  return answer.map((item) => {
    const parsed = vehicleRecordSchema.safeParse(item);
    if (!parsed.success) throw new ValuationUnavailableError('not a vehicle record');
    return parsed.data;
  });
}

/**
 * The trade-in wizard's valuation calls (issue 16 item 3; contracts in `domain/contracts/trade-in.ts`)
 * behind the valuation adapter (`server/valuation/provider.ts`). A valuation with an EvalID is kept
 * for the site; update-eval values only a valuation this site started, and adds the instant offer
 * (the local provider's figure, valid 7 days) or why there is none online (§9 FAQ limits).
 */
export function tradeInRoutes(deps: ApiDeps, options: TradeInRouteOptions = {}): Hono<AppEnv> {
  const provider = options.provider ?? deps.valuation ?? localValuationProvider();
  const limiter = options.limiter ?? limiterFor(deps, VALUATION_BUCKET, 'valuations');
  // Ten images a valuation, a few valuations: 40 at once, then one every 3 s per address.
  const uploadLimiter = options.limiter ?? limiterFor(deps, { capacity: 40, perSecond: 1 / 3 }, 'uploads');
  const now = deps.now ?? (() => new Date());
  const guarded = async (c: ApiContext, work: () => Promise<VehicleRecord[] | Response>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ValuationUnavailableError) return unavailable(c);
      throw error;
    }
  };
  return apiRouter(
    serve(
      enterVinRequest,
      (c, { body }) =>
        guarded(c, async () => {
          const rego = body.rego.replace(/[\s-]/g, '').toUpperCase();
          const found = records(await provider.enterVin({ rego, state: body.state }));
          const first = found[0];
          if (first?.EvalID) {
            await saveValuation(deps.db, {
              siteId: c.get('site').id,
              evalId: first.EvalID,
              rego,
              state: body.state,
              record: first,
            });
          }
          return found;
        }),
      [rateLimit(limiter, 'eval-expert')],
    ),
    serve(
      manualEntryRequest,
      (c, { body }) =>
        guarded(c, async () => {
          const found = records(await provider.manualEntry(body));
          const first = found[0];
          if (!first?.EvalID) return notFound(c);
          await saveValuation(deps.db, { siteId: c.get('site').id, evalId: first.EvalID, record: first });
          return found;
        }),
      [rateLimit(limiter, 'eval-expert')],
    ),
    serve(
      updateEvalRequest,
      (c, { body }) =>
        guarded(c, async () => {
          const site = c.get('site');
          const valuation = await findValuation(deps.db, site.id, body.evalid);
          if (!valuation) return notFound(c);
          const answer = records(
            await provider.updateEval({
              evalid: body.evalid,
              km: body.km,
              userEmail: site.email,
              cName: body.cName,
              cEmail: body.cEmail,
              cPhone: body.cPhone,
            }),
          );
          const stored = await updateValuation(deps.db, site.id, body.evalid, body.km, answer[0] ?? {});
          const record = { ...(stored?.record ?? valuation.record), KM: body.km };
          const at = now();
          const year = Number(record.Year ?? Number.NaN);
          const why = offerLimits(
            { year: Number.isFinite(year) ? year : null, km: body.km },
            at,
            site.trade_in.offer_max_age_years,
          );
          const offer = why
            ? { OfferAmount: null, OfferValidUntil: null, NoOnlineOfferReason: why }
            : {
                OfferAmount: localOffer(
                  {
                    make: String(record.Make ?? ''),
                    model: String(record.Model ?? ''),
                    year: Number.isFinite(year) ? year : null,
                    km: body.km,
                    condition: body.car_condition ?? 'Good',
                  },
                  at,
                ),
                OfferValidUntil: offerValidUntil(at),
                NoOnlineOfferReason: null,
              };
          return [{ ...record, ...offer }];
        }),
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
        const type = c.req.header('content-type') ?? '';
        if (!/^multipart\/form-data\b/i.test(type)) {
          return apiError(c, 415, 'unsupported_media_type', 'Send the image as multipart/form-data');
        }
        let form: FormData;
        try {
          form = await c.req.formData();
        } catch {
          return apiError(c, 400, 'invalid_request', 'The upload could not be read');
        }
        const evalid = form.get('evalid');
        const file = form.get('file');
        if (typeof evalid !== 'string' || !EVAL_ID_PATTERN.test(evalid)) {
          return apiError(c, 422, 'invalid_request', 'Which valuation is this image for?', {
            evalid: 'Not an EvalID',
          });
        }
        if (!(file instanceof File)) {
          return apiError(c, 422, 'invalid_request', 'Please choose an image', {
            file: 'Please choose an image',
          });
        }
        if (file.size >= IMAGE_RULES.maxBytes) {
          return apiError(c, 413, 'image_too_large', IMAGE_RULES.tooBig, { file: IMAGE_RULES.tooBig });
        }
        // What the file is, by its content: its name and declared type are the sender's to choose.
        const bytes = new Uint8Array(await file.arrayBuffer());
        const kind = sniffImage(bytes);
        if (!kind) {
          return apiError(c, 422, 'not_an_image', IMAGE_RULES.wrongType, { file: IMAGE_RULES.wrongType });
        }
        let clean: Uint8Array;
        try {
          clean = cleanImage(bytes, kind);
        } catch {
          return apiError(c, 422, 'not_an_image', IMAGE_RULES.wrongType, { file: IMAGE_RULES.wrongType });
        }
        const stored = await addValuationImage(
          deps.db,
          site.id,
          evalid,
          { contentType: IMAGE_CONTENT_TYPES[kind], bytes: clean },
          IMAGE_RULES.maxImages,
        );
        if (stored.kind === 'notFound') return notFound(c);
        if (stored.kind === 'full') {
          return apiError(c, 409, 'too_many_images', IMAGE_RULES.tooMany, { file: IMAGE_RULES.tooMany });
        }
        return { image_id: stored.imageId, count: stored.count };
      },
      [rateLimit(uploadLimiter, 'eval-expert/image')],
    ),
    serve(
      miscellaneousRequest,
      async (c, { body }) => {
        const site = c.get('site');
        // Only the flagged sites keep their valuations (§7 "only on a flagged site").
        if (!hasFeature(site, 'valuationSave')) {
          return apiError(c, 404, 'not_found', 'This site does not keep valuations');
        }
        if (!(await findValuation(deps.db, site.id, body.EvalID))) return notFound(c);
        await deps.db.query(
          'INSERT INTO site_records (site_id, column_name, payload) VALUES ($1, $2, $3::jsonb)',
          [site.id, body.column_name, JSON.stringify(body)],
        );
        return { saved: true };
      },
      [rateLimit(limiter, 'miscellaneous')],
    ),
  );
}
