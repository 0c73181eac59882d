import { z } from 'zod/mini';
import { auStateSchema } from '../au-state.ts';
import { evalIdSchema, IMAGE_RULES, regoStepSchema, vehicleRecordSchema } from '../trade-in.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * The trade-in wizard's valuation calls (`locations-forms-tradein-site.md` §7; issue 16 item 3), shaped
 * as the spec shows them: each answers a list whose first item is the vehicle record. The server
 * keeps each valuation (its EvalID, the record, the kilometres) per site, so a later step can only
 * name a valuation this site started.
 */
const records = z.array(vehicleRecordSchema);

/** `POST /api/eval-expert/enter-vin`: rego and state → the vehicle, its candidate descriptions, or `[]`. */
export const enterVinEndpoint = {
  method: 'POST',
  path: '/api/eval-expert/enter-vin',
  answer: records,
} as const satisfies Endpoint;
export const enterVinRequest = withRequest(enterVinEndpoint, () => ({
  errors: ['valuation_unavailable'],
  body: z.object({ rego: regoStepSchema.shape.rego, state: auStateSchema }),
}));

/** `POST /api/eval-expert/manual-entry`: the chosen description → the vehicle with its EvalID. */
export const manualEntryEndpoint = {
  method: 'POST',
  path: '/api/eval-expert/manual-entry',
  answer: records,
} as const satisfies Endpoint;
export const manualEntryRequest = withRequest(manualEntryEndpoint, () => ({
  errors: ['valuation_unavailable', 'valuation_not_found'],
  body: z.object({
    vin: z.string().check(z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9]+$/, 'Not a VIN')),
    desc: z.string().check(z.minLength(1, '* Please choose one car.'), z.maxLength(300)),
  }),
}));

/**
 * `POST /api/eval-expert/update-eval`: the customer's details and kilometres → the full vehicle
 * details, with the instant offer (`OfferAmount`, `OfferValidUntil`) or why there is none online
 * (`NoOnlineOfferReason`).
 */
export const updateEvalEndpoint = {
  method: 'POST',
  path: '/api/eval-expert/update-eval',
  answer: records,
} as const satisfies Endpoint;
export const updateEvalRequest = withRequest(updateEvalEndpoint, () => ({
  errors: ['valuation_unavailable', 'valuation_not_found'],
  body: z.object({
    evalid: evalIdSchema(),
    km: z.int().check(z.minimum(0), z.maximum(2_000_000)),
    car_condition: z.optional(z.string().check(z.maxLength(20))),
    cName: z.string().check(z.minLength(1), z.maxLength(200)),
    cEmail: z.email(),
    cPhone: z.string().check(z.minLength(6), z.maxLength(40)),
  }),
}));

/**
 * `POST /api/eval-expert/image-upload` (multipart: `evalid`, `file`; one request per image, §7): an
 * image of the car under 10 MB, at most 10 per valuation, judged by its content; answers its id and
 * how many the valuation has (201). The form's other fields are ignored.
 */
export const imageUploadEndpoint = {
  method: 'POST',
  path: '/api/eval-expert/image-upload',
  answer: z.object({ image_id: z.int(), count: z.int() }),
  status: 201,
  // The file, and room for the multipart framing and the EvalID.
  maxBody: IMAGE_RULES.maxBytes + 64 * 1024,
} as const satisfies Endpoint;
export const imageUploadRequest = withRequest(imageUploadEndpoint, () => ({
  errors: ['valuation_not_found', 'too_many_images', 'not_an_image', 'image_too_large'],
}));

/** The endpoints whose bodies may be larger than the server's 64 kB, their ceilings and what a larger one is told. */
export const LARGE_BODY_ENDPOINTS: readonly { path: string; maxBody: number; tooLarge: string }[] = [
  { path: imageUploadEndpoint.path, maxBody: imageUploadEndpoint.maxBody, tooLarge: IMAGE_RULES.tooBig },
];

/**
 * `POST /api/miscellaneous` (`search-detail-finance-watchlist.md` §7 "Valuation save: the valuation
 * result fields plus column_name valuation; only on a flagged site"): keeps a finished valuation in
 * the site's records. The browser only logs its outcome (§8 'Failed to save valuation data').
 */
export const miscellaneousEndpoint = {
  method: 'POST',
  path: '/api/miscellaneous',
  answer: z.object({ saved: z.boolean() }),
  status: 201,
} as const satisfies Endpoint;
export const miscellaneousRequest = withRequest(miscellaneousEndpoint, () => ({
  errors: ['valuation_not_found'],
  body: z.looseObject({
    column_name: z.literal('valuation'),
    EvalID: evalIdSchema(),
  }),
}));
