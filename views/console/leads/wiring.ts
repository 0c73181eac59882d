import { fromPromise } from 'xstate';
import type { LeadDetail, LeadInbox } from '../../../domain/contracts/console-leads.ts';
import type {
  LeadInboxCall,
  LeadNoteCall,
  LeadResendCall,
  LeadStatusCall,
} from '../../../domain/lead-inbox.ts';
import { leadPageMachine } from '../../../machines/console-leads/lead-page.machine.ts';
import { leadsPageMachine } from '../../../machines/console-leads/leads-page.machine.ts';
import {
  addLeadNote,
  fetchLead,
  fetchLeadInbox,
  resendLeadDelivery,
  setLeadStatus,
} from '../../../services/console/leads.service.ts';
import type { ConsolePageDeps } from '../app/console-page-definition.ts';

/** The inbox's machine: its pages read with the staff cookie (also when the server renders). */
export function leadsPageLogic({ http }: ConsolePageDeps) {
  return leadsPageMachine.provide({
    actors: {
      loadLeads: fromPromise<LeadInbox, LeadInboxCall>(({ input }) => fetchLeadInbox(http, input)),
    },
  });
}

/** A lead page's machine: the lead read, and its status, notes and resends sent. */
export function leadPageLogic({ http }: ConsolePageDeps) {
  return leadPageMachine.provide({
    actors: {
      loadLead: fromPromise<LeadDetail, { leadId: string }>(({ input }) => fetchLead(http, input)),
      setStatus: fromPromise<LeadDetail, LeadStatusCall>(({ input }) => setLeadStatus(http, input)),
      addNote: fromPromise<LeadDetail, LeadNoteCall>(({ input }) => addLeadNote(http, input)),
      resendDelivery: fromPromise<LeadDetail, LeadResendCall>(({ input }) => resendLeadDelivery(http, input)),
    },
  });
}
