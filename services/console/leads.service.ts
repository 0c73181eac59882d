import {
  type LeadDetail,
  type LeadInbox,
  leadDetailEndpoint,
  type leadDetailRequest,
  leadInboxEndpoint,
  type leadInboxRequest,
  leadNoteEndpoint,
  type leadNoteRequest,
  leadResendEndpoint,
  type leadResendRequest,
  leadStatusEndpoint,
  type leadStatusRequest,
} from '../../domain/contracts/console-leads.ts';
import type { EveryFieldOf } from '../../domain/contracts/endpoint.ts';
import {
  filtersToQuery,
  type LeadInboxCall,
  type LeadNoteCall,
  type LeadResendCall,
  type LeadStatusCall,
} from '../../domain/lead-inbox.ts';
import { call, type Http } from '../http.ts';

/** A page of the site's leads, newest first (`GET /api/dealer/leads`): the filters and where it starts. */
export function fetchLeadInbox(http: Http, input: LeadInboxCall): Promise<LeadInbox> {
  const query: Record<string, string> = { ...filtersToQuery(input.filters) };
  if (input.after) query.after = input.after;
  return call<typeof leadInboxEndpoint, typeof leadInboxRequest>(http, leadInboxEndpoint, { query });
}

/** A lead's page (`GET /api/dealer/leads/:id`); `notFound` for a lead this site does not have. */
export function fetchLead(http: Http, input: { leadId: string }): Promise<LeadDetail> {
  return call<typeof leadDetailEndpoint, typeof leadDetailRequest>(http, leadDetailEndpoint, {
    params: { id: input.leadId },
  });
}

/** Sets a lead's status (`POST /api/dealer/leads/:id/status`): the lead's page as it now is. */
export function setLeadStatus(http: Http, input: LeadStatusCall): Promise<LeadDetail> {
  const body = { status: input.status } satisfies EveryFieldOf<typeof leadStatusRequest>;
  return call<typeof leadStatusEndpoint, typeof leadStatusRequest>(http, leadStatusEndpoint, {
    params: { id: input.leadId },
    body,
  });
}

/** Adds a note to a lead (`POST /api/dealer/leads/:id/notes`): the lead's page as it now is. */
export function addLeadNote(http: Http, input: LeadNoteCall): Promise<LeadDetail> {
  const body = { text: input.text } satisfies EveryFieldOf<typeof leadNoteRequest>;
  return call<typeof leadNoteEndpoint, typeof leadNoteRequest>(http, leadNoteEndpoint, {
    params: { id: input.leadId },
    body,
  });
}

/**
 * Sends a given-up delivery of a lead again (`POST /api/dealer/leads/:id/resend`): the lead's page as
 * it now is. Rejects with `not_given_up` (409) for one that was sent or is still being tried.
 */
export function resendLeadDelivery(http: Http, input: LeadResendCall): Promise<LeadDetail> {
  const body = { delivery: input.delivery } satisfies EveryFieldOf<typeof leadResendRequest>;
  return call<typeof leadResendEndpoint, typeof leadResendRequest>(http, leadResendEndpoint, {
    params: { id: input.leadId },
    body,
  });
}
