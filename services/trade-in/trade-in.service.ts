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
import { type LeadOrigin, type LeadSubmission, originFields } from '../../domain/lead.ts';
import {
  type DescriptionChoice,
  type DetailsStep,
  type DetailsStepInput,
  leadVehicleDetails,
  OFFER_ACCEPTED_SUBCATEGORY,
  type OfferAcceptanceRequest,
  type PhotoUpload,
  type RegoStep,
  TRADE_IN_CATEGORY,
  type TradeInSubmission,
  type TradeInValued,
  type VehicleRecord,
} from '../../domain/trade-in.ts';
import { call, type Http } from '../http.ts';
import { leadOrigin } from '../leads/lead-origin.ts';
import { leadSender } from '../leads/leads.service.ts';

/**
 * The trade-in wizard's calls (`locations-forms-tradein-site.md` §7): look a rego up, choose a
 * description, upload a photo, value the car with the customer's details and send the lead; and the
 * offer's acceptance (`search-detail-finance-watchlist.md` §4), a lead update.
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

/** §7 update-eval: the customer's details and kilometres value the car (with the instant offer). */
export function valueCar(
  http: Http,
  input: { evalId: string; km: number; condition: string; name: string; email: string; phone: string },
): Promise<VehicleRecord[]> {
  const body = {
    evalid: input.evalId,
    km: input.km,
    car_condition: input.condition,
    cName: input.name,
    cEmail: input.email,
    cPhone: input.phone,
  } satisfies EveryFieldOf<typeof updateEvalRequest>;
  return call<typeof updateEvalEndpoint, typeof updateEvalRequest>(http, updateEvalEndpoint, { body });
}

/**
 * §7 "Lead submission: dealership_slug, category 'Trade-in Enquiry', the form fields, vehicle details
 * …, sms_content, sms_from": the trade-in's lead, about the car being bought when there is one, else
 * for the site's own dealership.
 */
export function tradeInLead(
  record: VehicleRecord,
  rego: RegoStep | null,
  details: DetailsStep | (DetailsStepInput & { odometer: number | string }),
  about: { carId: number | null; dealershipSlug: string | null },
  origin: LeadOrigin | null,
): LeadSubmission {
  const { carId, dealershipSlug } = about;
  const km = Number(details.odometer);
  const vehicle = leadVehicleDetails(record, km);
  const offer =
    typeof record.OfferAmount === 'number' ? `$${record.OfferAmount.toLocaleString('en-AU')}` : 'none online';
  return {
    form: 'tradeIn',
    last_step: true,
    userData: {
      ...details,
      category: TRADE_IN_CATEGORY,
      subcategory: '2. Valuation',
      rego: rego?.rego ?? null,
      regoState: rego?.state ?? null,
      state: rego?.state ?? null,
      // About the car being bought, else for the site's own dealership.
      ...(carId !== null ? { car_id: carId } : dealershipSlug ? { dealership_slug: dealershipSlug } : {}),
      ...vehicle,
      OfferAmount: record.OfferAmount ?? null,
      sms_content:
        `Trade-in: ${vehicle.Year ?? ''} ${vehicle.Make ?? ''} ${vehicle.Model ?? ''}, ${km} km, offer ${offer}. ${details.name} ${details.phone}`.trim(),
      sms_from: 'Forecourt',
      form_completed: true,
      source: 'website',
      ...originFields(origin),
    } as unknown as LeadSubmission['userData'],
  };
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
 * The wizard's calls for one page (what its wiring binds, each taking the machine's input as it is):
 * one lead sender, so a retried lead or acceptance keeps its idempotency key.
 */
export function tradeInCalls(http: Http) {
  const sendLead = leadSender(http);
  return {
    lookUpRego: (input: RegoStep) => lookUpRego(http, input),
    chooseDescription: (input: DescriptionChoice) => chooseDescription(http, input),
    uploadImage: (input: PhotoUpload) => uploadImage(http, input),
    /** Step Four: the valuation with the customer's details, then the lead about it (with the offer). */
    submitDetails: async (input: TradeInSubmission): Promise<TradeInValued> => {
      const { record, rego, details, carId, dealershipSlug } = input;
      const [valued] = await valueCar(http, {
        evalId: String(record.EvalID ?? ''),
        km: details.odometer,
        condition: details.car_condition,
        name: details.name,
        email: details.email,
        phone: details.phone,
      });
      const offered = { ...record, ...valued };
      const lead = tradeInLead(offered, rego, details, { carId, dealershipSlug }, leadOrigin());
      const { lead_id } = await sendLead(lead);
      return { record: offered, leadId: lead_id };
    },
    acceptOffer: (input: OfferAcceptanceRequest) => sendLead(offerAcceptance(input.leadId)),
    saveValuation: (record: VehicleRecord) => saveValuationRecord(http, record),
  };
}
