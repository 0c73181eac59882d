import { z } from 'zod/mini';
import { auStateSchema } from './au-state.ts';
import { LEAD_ID } from './lead.ts';
import { postcodeSchema, REQUIRED_MESSAGE } from './site-forms.ts';
import {
  OFFER_ACCEPTED_SUBCATEGORY,
  OFFER_MAX_AGE_YEARS,
  OFFER_MAX_KM,
  OFFER_VALID_DAYS,
} from './trade-in-terms.ts';

/**
 * The trade-in / instant-offer wizard's rules and texts (`locations-forms-tradein-site.md` §3 "Trade-in
 * vehicle record", "Trade-in lead fields"; §4 "Trade-in / instant-offer wizard"; §5 "Trade-in wizard";
 * §7 the `/api/eval-expert/*` calls; §8; §9 "Trade-in wizard"; `search-detail-finance-watchlist.md` §4
 * "Trade-in offer acceptance", §9 event 18). One schema per step checks the browser's step and the
 * server's endpoint alike.
 */

/** The terms' figures, read by the wizard's modules from here too. */
export {
  BUYING_TEAM_HOURS,
  IMAGE_RULES,
  OFFER_ACCEPTED_SUBCATEGORY,
  OFFER_MAX_AGE_YEARS,
  OFFER_MAX_KM,
  OFFER_VALID_DAYS,
} from './trade-in-terms.ts';

/** §8: any failure that is not an error with a message. */
export const TRADE_IN_ERROR_MESSAGE = 'An error occurred while submitting the form. Please try again.';
/** §8: the not-found screen. */
export const NOT_FOUND_TEXTS = {
  heading: 'Unfortunately, we could not find a match for your registration number.',
  body: 'Please get in touch with one of our friendly team members to receive an offer for your vehicle.',
} as const;
/** §5: the vehicle selection's message. */
export const CHOOSE_CAR_MESSAGE = '* Please choose one car.';
/** §4, §9: loading messages rotate every 5 seconds. */
export const LOADING_MESSAGE_MS = 5000;
/** The loading messages (the spec shows the rotation, not the texts). */
export const LOADING_MESSAGES = [
  'Looking up your registration…',
  'Finding your exact model…',
  'Checking recent sales of cars like yours…',
  'Almost there…',
] as const;
/** §7: the lead's category. */
export const TRADE_IN_CATEGORY = 'Trade-in Enquiry';

/** §5: the state options, default qld (§9 "Default state: qld"). */
export const TRADE_IN_STATES = auStateSchema.options;
export const DEFAULT_TRADE_IN_STATE = 'qld';

const required = (max = 200) =>
  z.string(REQUIRED_MESSAGE).check(z.trim(), z.minLength(1, REQUIRED_MESSAGE), z.maxLength(max));

/** Step One (§5): rego and state, each required. */
export const regoStepSchema = z.object({
  rego: required(10).check(z.regex(/^[A-Za-z0-9 -]+$/, 'Letters and numbers only')),
  state: z.enum(auStateSchema.options, REQUIRED_MESSAGE),
});
/** Step One's values. */
export type RegoStep = z.infer<typeof regoStepSchema>;

/** Step Two (§5): one of the matching descriptions. */
export const selectionStepSchema = z.object({
  manualEntry: z
    .string(CHOOSE_CAR_MESSAGE)
    .check(z.trim(), z.minLength(1, CHOOSE_CAR_MESSAGE), z.maxLength(300)),
});

/** §5 Step Four: the car's condition options (the spec names the field, not its options). */
export const CAR_CONDITIONS = ['Excellent', 'Good', 'Fair', 'Poor'] as const;
/** §5 Step Four: the service history options. */
export const SERVICE_HISTORY = ['Full', 'Partial', 'None'] as const;

/** Step Four (§5 "Final step: postcode, odometer, service_history, number_of_keys, car_condition and comments are required"). */
export const detailsStepSchema = z.object({
  name: required(),
  last_name: z.optional(z.string().check(z.maxLength(200))),
  email: z
    .string('Please enter a valid email address')
    .check(z.trim(), z.email('Please enter a valid email address')),
  phone: required(40).check(z.regex(/^[0-9 +()-]{6,20}$/, 'Please enter a valid phone number')),
  postcode: postcodeSchema,
  odometer: z.pipe(
    required(9).check(z.regex(/^\d{1,7}$/, 'Please enter the kilometres as a whole number')),
    z.transform(Number),
  ),
  service_history: z.enum(SERVICE_HISTORY, REQUIRED_MESSAGE),
  number_of_keys: z.pipe(required(2).check(z.regex(/^\d{1,2}$/, REQUIRED_MESSAGE)), z.transform(Number)),
  car_condition: z.enum(CAR_CONDITIONS, REQUIRED_MESSAGE),
  comments: required(5000),
});
/** Step Four's values as typed. */
export type DetailsStepInput = z.input<typeof detailsStepSchema>;

/** Step Four's values as checked: the odometer and the number of keys as numbers. */
export type DetailsStep = z.output<typeof detailsStepSchema>;

/** §3 "Trade-in vehicle record" (both spellings of the descriptions list are read). */
export const vehicleRecordSchema = z.object({
  EvalID: z.optional(z.nullable(z.string())),
  VIN: z.optional(z.nullable(z.string())),
  Body: z.optional(z.nullable(z.string())),
  Transmission: z.optional(z.nullable(z.string())),
  Cylinders: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  Make: z.optional(z.nullable(z.string())),
  Model: z.optional(z.nullable(z.string())),
  Series: z.optional(z.nullable(z.string())),
  Variant: z.optional(z.nullable(z.string())),
  Year: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  EngineNo: z.optional(z.nullable(z.string())),
  Registration: z.optional(z.nullable(z.string())),
  RegExpiry: z.optional(z.nullable(z.string())),
  KM: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  redbookCode: z.optional(z.nullable(z.string())),
  CompMth: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  CompYr: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  BuildMth: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  BuildYr: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  VechielDescriptions: z.optional(z.array(z.object({ Description: z.string() }))),
  VechicleDescriptions: z.optional(z.array(z.object({ Description: z.string() }))),
  /** Our instant offer (update-eval's answer), valid until `OfferValidUntil` (§9: 7 days). */
  OfferAmount: z.optional(z.nullable(z.number())),
  OfferValidUntil: z.optional(z.nullable(z.string())),
  /** Why there is no online offer (§9 FAQ limits); the dealer still gets the lead. */
  NoOnlineOfferReason: z.optional(z.nullable(z.string())),
});
/** A vehicle record as the valuation provider answers it. */
export type VehicleRecord = z.infer<typeof vehicleRecordSchema>;

/** §3: the descriptions to choose from, whichever spelling the record uses. */
export function vehicleDescriptions(record: VehicleRecord): string[] {
  return (record.VechielDescriptions ?? record.VechicleDescriptions ?? []).map((d) => d.Description);
}

/** Step Two's choice (§7 manual-entry): the looked-up car's VIN and the description chosen. */
export interface DescriptionChoice {
  vin: string;
  desc: string;
}

/** Step Three (§7 image-upload): one photo for the valuation `evalId`, sent as it was chosen. */
export interface PhotoUpload {
  evalId: string;
  file: Blob | null;
  name: string;
}

/**
 * What Step Four sends (§7 update-eval, then the lead): the car as valued so far, Step One's rego,
 * Step Four's checked values, and the car being bought (else the site's own dealership). The
 * valuation takes it as it is; the lead (`tradeInLeadValues`) is built from it with the car as valued.
 */
export interface TradeInSubmission {
  record: VehicleRecord;
  rego: RegoStep | null;
  details: DetailsStep;
  carId: number | null;
  dealershipSlug: string | null;
}

/** §4 "Trade-in offer acceptance": the lead the offer was sent with. */
export interface OfferAcceptanceRequest {
  leadId: string;
}

/** A valuation's EvalID as the server accepts it from a browser. */
export const EVAL_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
/** The EvalID a later step names. */
export const evalIdSchema = (required = 'Not an EvalID') =>
  z.string(required).check(z.regex(EVAL_ID_PATTERN, 'Not an EvalID'));

/** §4 Step One's answer decides the next step. */
export type RegoOutcome = 'selection' | 'images' | 'details' | 'notFound';

/**
 * §4: descriptions → Step Two; an EvalID → Step Three, or Step Four where the dealer takes no images;
 * neither → the not-found screen.
 */
export function regoOutcome(record: VehicleRecord | null | undefined, takesImages: boolean): RegoOutcome {
  if (record && vehicleDescriptions(record).length > 0) return 'selection';
  if (record?.EvalID) return takesImages ? 'images' : 'details';
  return 'notFound';
}

/** An instant offer, or why there is none online. */
export type Offer =
  | { kind: 'offer'; amount: number; validUntil: string }
  | { kind: 'noOnlineOffer'; reason: string };

/**
 * §9 FAQ: no online estimate for a car older than the dealer's limit or over 100,000 km — the
 * shopper is told why, and the lead still reaches the dealer.
 */
export function offerLimits(
  vehicle: { year: number | null; km: number },
  now: Date,
  maxAgeYears: number = OFFER_MAX_AGE_YEARS,
): string | null {
  if (vehicle.km > OFFER_MAX_KM) {
    return `We don't give online estimates for cars over ${OFFER_MAX_KM.toLocaleString('en-AU')} km: our buying team will call you with an offer.`;
  }
  if (vehicle.year !== null && now.getUTCFullYear() - vehicle.year > maxAgeYears) {
    return `We don't give online estimates for cars over ${maxAgeYears} years old: our buying team will call you with an offer.`;
  }
  return null;
}

/** §9: until when an offer made now is valid (7 days), as an ISO date. */
export function offerValidUntil(now: Date): string {
  return new Date(now.getTime() + OFFER_VALID_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** The §7 lead's vehicle details from a record (EvalID, VIN, EngineNumber, Rego, …, RedBookCode). */
export function leadVehicleDetails(
  record: VehicleRecord,
  km: number,
): Record<string, string | number | null> {
  const text = (value: unknown) => (value === undefined || value === null ? null : String(value));
  return {
    EvalID: text(record.EvalID),
    VIN: text(record.VIN),
    EngineNumber: text(record.EngineNo),
    Rego: text(record.Registration),
    RegoExpiry: text(record.RegExpiry),
    Kms: km,
    Make: text(record.Make),
    Model: text(record.Model),
    Series: text(record.Series),
    Variant: text(record.Variant),
    Year: text(record.Year),
    Transmission: text(record.Transmission),
    RedBookCode: text(record.redbookCode),
  };
}

/**
 * §7 "Lead submission: dealership_slug, category 'Trade-in Enquiry', the form fields, vehicle details
 * …, sms_content, sms_from": the trade-in lead's fields about the car as valued (with its offer, or
 * none online), about the car being bought when there is one, else for the site's own dealership.
 * The wizard hands them to the lead-sending child; the leads service adds where they were sent from.
 */
export function tradeInLeadValues(submission: TradeInSubmission): Record<string, unknown> {
  const { record, rego, details, carId, dealershipSlug } = submission;
  const km = Number(details.odometer);
  const vehicle = leadVehicleDetails(record, km);
  const offer =
    typeof record.OfferAmount === 'number' ? `$${record.OfferAmount.toLocaleString('en-AU')}` : 'none online';
  return {
    ...details,
    category: TRADE_IN_CATEGORY,
    subcategory: '2. Valuation',
    rego: rego?.rego ?? null,
    regoState: rego?.state ?? null,
    state: rego?.state ?? null,
    ...(carId !== null ? { car_id: carId } : dealershipSlug ? { dealership_slug: dealershipSlug } : {}),
    ...vehicle,
    OfferAmount: record.OfferAmount ?? null,
    sms_content:
      `Trade-in: ${vehicle.Year ?? ''} ${vehicle.Make ?? ''} ${vehicle.Model ?? ''}, ${km} km, offer ${offer}. ${details.name} ${details.phone}`.trim(),
    sms_from: 'Forecourt',
  };
}

/**
 * The trade-in lead as the server checks it (§3 "Trade-in lead fields", §5 final step): Step Four's
 * fields as sent (the odometer and keys as numbers) and the valuation it is about.
 */
export const tradeInLeadSchema = z.looseObject({
  category: z.literal(TRADE_IN_CATEGORY, `A trade-in lead is a ${TRADE_IN_CATEGORY}`),
  name: required(),
  email: z
    .string('Please enter a valid email address')
    .check(z.trim(), z.email('Please enter a valid email address')),
  phone: required(40),
  postcode: postcodeSchema,
  odometer: z.int(REQUIRED_MESSAGE).check(z.minimum(0), z.maximum(2_000_000)),
  service_history: z.enum(SERVICE_HISTORY, REQUIRED_MESSAGE),
  number_of_keys: z.int(REQUIRED_MESSAGE).check(z.minimum(0), z.maximum(99)),
  car_condition: z.enum(CAR_CONDITIONS, REQUIRED_MESSAGE),
  comments: required(5000),
  EvalID: evalIdSchema('Which valuation is this lead about?'),
});

/**
 * §4 "Trade-in offer acceptance": all that a later step may send about a trade-in lead already sent
 * (by its `lead_id`). Nothing else of the lead — its contact details, car, location or dealership —
 * changes after it is sent, so a key beyond these is refused (issue 31 item 6).
 */
export const offerAcceptanceSchema = z.strictObject({
  lead_id: z.string().check(z.regex(LEAD_ID, 'Not a lead id')),
  category: z.literal(TRADE_IN_CATEGORY),
  subcategory: z.literal(OFFER_ACCEPTED_SUBCATEGORY),
  form_completed: z.literal(true),
  offer_accepted: z.literal(true),
});
/** A trade-in offer's acceptance. */
export type OfferAcceptance = z.infer<typeof offerAcceptanceSchema>;
