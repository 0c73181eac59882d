import { submitLeadEndpoint, type submitLeadRequest } from '../../domain/contracts/leads.ts';
import { type TestDriveSlots, testDriveSlotsEndpoint } from '../../domain/contracts/test-drives.ts';
import { type LeadSubmission, siteFormSubmission } from '../../domain/lead.ts';
import type { LeadSend } from '../../domain/lead-send.ts';
import type { SiteFormId } from '../../domain/site-forms.ts';
import type { TestDriveSlotsQuery } from '../../domain/test-drive-slots.ts';
import { isServiceError, ServiceError } from '../errors.ts';
import { call, type Http } from '../http.ts';
import { leadOrigin } from './lead-origin.ts';

/**
 * Sends a lead (`POST /api/leads`) and resolves with its `lead_id` once the server has stored it.
 * `idempotencyKey` makes a resend (a retry after a dropped answer) find the same lead. A refusal's
 * field errors come back under the form's own field names (`userData.email` → `email`).
 */
export async function submitLead(
  http: Http,
  submission: LeadSubmission,
  idempotencyKey: string,
): Promise<{ lead_id: string }> {
  try {
    return await call<typeof submitLeadEndpoint, typeof submitLeadRequest>(http, submitLeadEndpoint, {
      body: submission,
      headers: { 'idempotency-key': idempotencyKey },
    });
  } catch (error) {
    if (!isServiceError(error) || !error.details.fields) throw error;
    const fields = Object.fromEntries(
      Object.entries(error.details.fields).map(([name, message]) => [
        name.replace(/^userData\./, ''),
        message,
      ]),
    );
    throw new ServiceError(error.kind, error.message, { ...error.details, fields });
  }
}

/** A location's free test-drive times (`GET /api/test-drives/slots`), for a car's location when given. */
export function fetchTestDriveSlots(http: Http, input: TestDriveSlotsQuery): Promise<TestDriveSlots> {
  const query: Record<string, string> = {};
  if (input.location) query.location = input.location;
  if (input.carId !== null) query.car_id = String(input.carId);
  if (input.form !== 'testDrive') query.form = input.form;
  return call(http, testDriveSlotsEndpoint, { query });
}

/** A fresh key for one submission; sending the same submission again reuses it. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Sends leads with an `Idempotency-Key` per submission: the same submission sent again (a retry
 * after a lost answer) carries the same key and finds its lead instead of storing a second; changed
 * values are a new submission.
 */
export function leadSender(http: Http): (submission: LeadSubmission) => Promise<{ lead_id: string }> {
  const keys = new Map<string, string>();
  return (submission) => {
    const { url: _url, user_agent: _agent, lead_attributes: _attributes, ...what } = submission.userData;
    const identity = JSON.stringify([submission.form, what]);
    let key = keys.get(identity);
    if (!key) {
      key = newIdempotencyKey();
      keys.set(identity, key);
    }
    return submitLead(http, submission, key);
  };
}

/**
 * Sends what a form's machine hands over (`LeadSend`, the `formSubmission` machine's `submitForm`
 * input): the request body built as its form's lead (`siteFormSubmission`: the category, ticked
 * options, the honeypot beside it), with where it was sent from, keyed as `leadSender` keys it.
 */
export function sendLead(http: Http): (input: LeadSend) => Promise<{ lead_id: string }> {
  const send = leadSender(http);
  return ({ form, values }) =>
    send(
      siteFormSubmission(
        { id: form as SiteFormId, category: String(values.category ?? '') },
        values,
        leadOrigin(),
      ),
    );
}
