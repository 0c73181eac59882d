import type { AuState } from '../../domain/au-state.ts';
import type { ParsedRequest } from '../../domain/contracts/endpoint.ts';
import type { manualEntryRequest, updateEvalRequest } from '../../domain/contracts/trade-in.ts';
import {
  offerLimits,
  offerValidUntil,
  type VehicleRecord,
  vehicleRecordSchema,
} from '../../domain/trade-in.ts';
import type { Db } from '../store/db.ts';
import { findValuation, saveSiteRecord, saveValuation, updateValuation } from '../store/valuations.repo.ts';
import { localOffer, type ValuationProvider, ValuationUnavailableError } from './provider.ts';

/**
 * The trade-in's valuations (`locations-forms-tradein-site.md` §7, issue 16 item 3) behind the
 * valuation adapter (`provider.ts`): a valuation with an EvalID is kept for the site; update-eval values
 * only a valuation this site started and adds the instant offer (the local provider's figure, valid 7
 * days) or why there is none online (§9 FAQ limits). `server/api/trade-in.routes.ts` parses and answers;
 * a provider that fails throws `ValuationUnavailableError`, and `'notFound'` is a valuation the site
 * does not have.
 */
export interface ValuationDeps {
  db: Db;
  provider: ValuationProvider;
  now: () => Date;
}

/** The site a valuation belongs to: its id, the address the provider mails, its offer age limit. */
export interface ValuationSite {
  id: number;
  email: string;
  offerMaxAgeYears: number;
}

/** The provider's answer, read with the record schema (unknown fields dropped, bad ones refused). */
function records(answer: unknown): VehicleRecord[] {
  if (!Array.isArray(answer)) throw new ValuationUnavailableError('not a list');
  return answer.map((item) => {
    const parsed = vehicleRecordSchema.safeParse(item);
    if (!parsed.success) throw new ValuationUnavailableError('not a vehicle record');
    return parsed.data;
  });
}

/** §7 enter-vin: the rego as the provider reads it; a match with an EvalID is kept for the site. */
export async function lookUpRego(
  deps: ValuationDeps,
  siteId: number,
  body: { rego: string; state: AuState },
): Promise<VehicleRecord[]> {
  const rego = body.rego.replace(/[\s-]/g, '').toUpperCase();
  const found = records(await deps.provider.enterVin({ rego, state: body.state }));
  const first = found[0];
  if (first?.EvalID) {
    await saveValuation(deps.db, { siteId, evalId: first.EvalID, rego, state: body.state, record: first });
  }
  return found;
}

/** §7 manual-entry: the chosen description's car, kept for the site; no EvalID is not found. */
export async function chooseDescription(
  deps: ValuationDeps,
  siteId: number,
  body: ParsedRequest<typeof manualEntryRequest>['body'],
): Promise<VehicleRecord[] | 'notFound'> {
  const found = records(await deps.provider.manualEntry(body));
  const first = found[0];
  if (!first?.EvalID) return 'notFound';
  await saveValuation(deps.db, { siteId, evalId: first.EvalID, record: first });
  return found;
}

/** §7 update-eval: a valuation this site started, valued at its kilometres, with the offer or why not. */
export async function valueCar(
  deps: ValuationDeps,
  site: ValuationSite,
  body: ParsedRequest<typeof updateEvalRequest>['body'],
): Promise<VehicleRecord[] | 'notFound'> {
  const valuation = await findValuation(deps.db, site.id, body.evalid);
  if (!valuation) return 'notFound';
  const answer = records(
    await deps.provider.updateEval({
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
  const at = deps.now();
  const year = Number(record.Year ?? Number.NaN);
  const knownYear = Number.isFinite(year) ? year : null;
  const why = offerLimits({ year: knownYear, km: body.km }, at, site.offerMaxAgeYears);
  const offer = why
    ? { OfferAmount: null, OfferValidUntil: null, NoOnlineOfferReason: why }
    : {
        OfferAmount: localOffer(
          {
            make: String(record.Make ?? ''),
            model: String(record.Model ?? ''),
            year: knownYear,
            km: body.km,
            condition: body.car_condition ?? 'Good',
          },
          at,
        ),
        OfferValidUntil: offerValidUntil(at),
        NoOnlineOfferReason: null,
      };
  return [{ ...record, ...offer }];
}

/** §7 "Valuation save": a finished valuation of this site kept in the site's records. */
export async function saveValuationRecord(
  db: Db,
  siteId: number,
  body: { column_name: string; EvalID: string } & Record<string, unknown>,
): Promise<'saved' | 'notFound'> {
  if (!(await findValuation(db, siteId, body.EvalID))) return 'notFound';
  await saveSiteRecord(db, siteId, body.column_name, body);
  return 'saved';
}
