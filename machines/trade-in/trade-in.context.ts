import { ANALYTICS_EVENTS } from '../../domain/analytics.ts';
import type { CarSummary } from '../../domain/contracts/vehicle.ts';
import { checkFields } from '../../domain/field-errors.ts';
import type { ShopperContact } from '../../domain/shopper-contact.ts';
import {
  type DetailsStep,
  detailsStepSchema,
  type RegoStep,
  regoStepSchema,
  selectionStepSchema,
  TRADE_IN_CATEGORY,
  type TradeInSubmission,
  type VehicleRecord,
} from '../../domain/trade-in.ts';
import type { FormSubmissionInput } from '../form-submission/form-submission.machine.ts';

/**
 * The trade-in wizard's input, context and events, the domain rules its guards run on each step's
 * raw values (issue 32 item 4: `regoStepSchema`, `selectionStepSchema`, `detailsStepSchema`), and
 * what Step Four hands on: the valuation's `TradeInSubmission` and the lead-sending child's input.
 */

/** Where the wizard runs: which dealerships take photos (Step Three), and the car being bought. */
export interface TradeInInput {
  /** The dealerships switched on for Step Three (`tradeInImageUpload`, a dealership switch). */
  imageDealerships: readonly string[];
  carId: number | null;
  /** The dealership the lead goes to when no car is named (the site's own). */
  dealershipSlug: string | null;
  /** The `valuationSave` switch: a finished valuation is also saved to the site's records (§7). */
  valuationSave: boolean;
}

export interface TradeInContext extends TradeInInput {
  /** The car being bought (`/cars/trade-in?car_id=`), shown beside the wizard; null without one. */
  car: CarSummary | null;
  /** Step One's values as last sent (a failed look-up shows them again). */
  rego: RegoStep | null;
  record: VehicleRecord | null;
  descriptions: string[];
  /** Step Two's choice, as checked. */
  choice: string | null;
  /** Step Four's values, as checked. */
  details: DetailsStep | null;
  /** Step Four's valuation: the car with its offer, or why there is none online. */
  offered: VehicleRecord | null;
  /** The stored lead's id, once the lead about the valuation is sent (the acceptance names it). */
  leadId: string | null;
  error: string | null;
  fieldErrors: Record<string, string>;
  messageIndex: number;
  /** The signed-in shopper's details Step Four starts with (issue 37 item 9), or null. */
  contact: ShopperContact | null;
}

/** A step's values as the shopper entered them, unchecked: the machine runs the step's schema. */
export type RawValues = Record<string, unknown>;

export type TradeInEvent =
  /** Step One's values (rego, state), checked here against `regoStepSchema`. */
  | { type: 'tradeIn.rego'; values: RawValues }
  /** Step Two's values (`manualEntry`, the chosen description), checked against `selectionStepSchema`. */
  | { type: 'tradeIn.choose'; values: RawValues }
  /** Step Four's values, checked against `detailsStepSchema`. */
  | { type: 'tradeIn.details'; values: RawValues }
  | { type: 'tradeIn.accept' }
  | { type: 'tradeIn.back' };

/** A wizard that has not started: the input, nothing entered yet. */
export const initialContext = (input: TradeInInput): TradeInContext => ({
  ...input,
  car: null,
  rego: null,
  record: null,
  descriptions: [],
  choice: null,
  details: null,
  offered: null,
  leadId: null,
  error: null,
  fieldErrors: {},
  messageIndex: 0,
  contact: null,
});

export const checkRego = (values: RawValues) => checkFields(regoStepSchema, values);
export const checkChoice = (values: RawValues) => checkFields(selectionStepSchema, values);
export const checkDetails = (values: RawValues) => checkFields(detailsStepSchema, values);
/** The field errors of a step's values that did not pass its schema. */
export const errorsOf = (check: ReturnType<typeof checkFields>) => (check.ok ? {} : check.fieldErrors);

/**
 * Whether the dealership the trade-in goes to takes photos: the car's dealership when one is being
 * bought, else the site's own.
 */
export const takesPhotos = (context: TradeInContext) =>
  context.imageDealerships.includes(context.car?.dealership_slug ?? context.dealershipSlug ?? '');

/**
 * What Step Four sends: the car as looked up and chosen (for the valuation), or as valued (for the
 * lead), with Step One's rego, Step Four's checked values and the car being bought.
 */
export const submissionOf = (
  context: TradeInContext,
  record: VehicleRecord | null = context.record,
): TradeInSubmission => ({
  record: record ?? {},
  rego: context.rego,
  details: context.details as DetailsStep,
  carId: context.carId,
  dealershipSlug: context.dealershipSlug,
});

/**
 * The lead-sending child's input: the trade-in's category, form and car, and no success page (the
 * wizard goes on to its offer; the page's wiring has the child record no form event and store no
 * category, as the wizard never has). The steps checked the lead, handed over with `form.send`, so
 * the form rules here are never run.
 */
export const leadFormInput = (context: TradeInContext): FormSubmissionInput => ({
  category: TRADE_IN_CATEGORY,
  eventId: ANALYTICS_EVENTS.formDefault,
  successPath: null,
  form: 'tradeIn',
  rules: { dealershipCount: 1, categories: [TRADE_IN_CATEGORY] },
  carId: context.carId,
  carName: context.car?.name ?? null,
});
