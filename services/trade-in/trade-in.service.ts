import type { EveryFieldOf } from '../../domain/contracts/endpoint.ts';
import {
  enterVinEndpoint,
  type enterVinRequest,
  imageUploadEndpoint,
  manualEntryEndpoint,
  type manualEntryRequest,
  miscellaneousEndpoint,
  type miscellaneousRequest,
  updateEvalEndpoint,
  type updateEvalRequest,
} from '../../domain/contracts/trade-in.ts';
import type { LeadSubmission } from '../../domain/lead.ts';
import {
  type DescriptionChoice,
  OFFER_ACCEPTED_SUBCATEGORY,
  type OfferAcceptanceRequest,
  type PhotoUpload,
  type RegoStep,
  TRADE_IN_CATEGORY,
  type TradeInSubmission,
  type VehicleRecord,
} from '../../domain/trade-in.ts';
import { call, type Http } from '../http.ts';
import { leadSender } from '../leads/leads.service.ts';

/**
 * The trade-in wizard's calls (`locations-forms-tradein-site.md` §7): look a rego up, choose a
 * description, upload a photo, value the car with the customer's details; and the offer's acceptance
 * (`search-detail-finance-watchlist.md` §4), a lead update. The lead about the valuation is sent as
 * every lead is (`sendLead`, through the lead-sending child), from `tradeInLeadValues`.
 */

/** §7 enter-vin. */
export function lookUpRego(http: Http, input: RegoStep): Promise<VehicleRecord[]> {
  const body = { rego: input.rego, state: input.state } satisfies EveryFieldOf<typeof enterVinRequest>;
  return call<typeof enterVinEndpoint, typeof enterVinRequest>(http, enterVinEndpoint, { body });
}

/** §7 manual-entry. */
export function chooseDescription(http: Http, input: DescriptionChoice): Promise<VehicleRecord[]> {
  const body = { vin: input.vin, desc: input.desc } satisfies EveryFieldOf<typeof manualEntryRequest>;
  return call<typeof manualEntryEndpoint, typeof manualEntryRequest>(http, manualEntryEndpoint, { body });
}

/** §7 image-upload: one photo, as multipart `evalid` and `file`. */
export function uploadImage(http: Http, input: PhotoUpload) {
  const form = new FormData();
  form.set('evalid', input.evalId);
  if (input.file) form.set('file', input.file, input.name);
  return http.postForm(imageUploadEndpoint.path, form, imageUploadEndpoint.answer);
}

/**
 * §7 update-eval: Step Four's details and kilometres value the car; the car as valued so far with the
 * answer over it (the instant offer, or why there is none online).
 */
export async function valueCar(http: Http, input: TradeInSubmission): Promise<VehicleRecord> {
  const { record, details } = input;
  const body = {
    evalid: String(record.EvalID ?? ''),
    km: details.odometer,
    car_condition: details.car_condition,
    cName: details.name,
    cEmail: details.email,
    cPhone: details.phone,
  } satisfies EveryFieldOf<typeof updateEvalRequest>;
  const [valued] = await call<typeof updateEvalEndpoint, typeof updateEvalRequest>(http, updateEvalEndpoint, {
    body,
  });
  return { ...record, ...valued };
}

/** §4 "Trade-in offer acceptance": the lead updated with subcategory '3. Offer Accepted'. */
export function offerAcceptance(leadId: string): LeadSubmission {
  return {
    form: 'tradeIn',
    last_step: true,
    userData: {
      lead_id: leadId,
      category: TRADE_IN_CATEGORY,
      subcategory: OFFER_ACCEPTED_SUBCATEGORY,
      form_completed: true,
      offer_accepted: true,
    },
  };
}

/** §7 "Valuation save": the valuation's result fields with `column_name` valuation (flagged sites). */
export async function saveValuationRecord(http: Http, record: VehicleRecord): Promise<void> {
  await call<typeof miscellaneousEndpoint, typeof miscellaneousRequest>(http, miscellaneousEndpoint, {
    body: { ...record, column_name: 'valuation', EvalID: String(record.EvalID ?? '') },
  });
}

/**
 * The wizard's calls for one page (what its wiring binds, each taking the machine's input as it is).
 * The lead itself goes through the one lead-sending child (`formSubmission`); the acceptance has a
 * lead sender of its own, so a retried acceptance keeps its idempotency key.
 */
export function tradeInCalls(http: Http) {
  const sendLead = leadSender(http);
  return {
    lookUpRego: (input: RegoStep) => lookUpRego(http, input),
    chooseDescription: (input: DescriptionChoice) => chooseDescription(http, input),
    uploadImage: (input: PhotoUpload) => uploadImage(http, input),
    /** Step Four: the valuation with the customer's details. */
    valueCar: (input: TradeInSubmission) => valueCar(http, input),
    acceptOffer: (input: OfferAcceptanceRequest) => sendLead(offerAcceptance(input.leadId)),
    saveValuation: (record: VehicleRecord) => saveValuationRecord(http, record),
  };
}
