import type { LeadDelivery, LeadDetail } from '../../domain/contracts/console-leads.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { leadPageMachine } from './lead-page.machine.ts';

const LEAD_ID = '7b0c2d4e-1f3a-4b5c-8d6e-000000000001';
const givenUp: LeadDelivery = {
  key: 'acknowledgement',
  recipient: 'shopper',
  address: 'sam@example.com',
  version: null,
  outcome: 'given_up',
  attempts: 12,
  at: '2026-11-27T06:00:00.000Z',
  last_error: '550 mailbox unavailable',
  can_resend: true,
};
const lead: LeadDetail = {
  lead_id: LEAD_ID,
  created_at: '2026-11-27T01:00:00.000Z',
  updated_at: '2026-11-27T01:00:00.000Z',
  version: 1,
  category: 'Vehicle Enquiry',
  subcategory: 'Used Car Enquiry',
  status: 'new',
  status_changed_at: null,
  dealership: { slug: 'bayside-mazda', name: 'Bayside Mazda' },
  name: 'Sam Shopper',
  email: 'sam@example.com',
  phone: '0400 111 222',
  car: { id: 9001, name: '2022 Mazda CX-5 Maxx', stock_number: 'BM1234' },
  fields: [{ name: 'message', value: 'Is it still available?' }],
  visit: { pages: ['/search'], params: [] },
  adf: '<?xml version="1.0"?><adf></adf>',
  deliveries: [
    {
      key: 'lead-1',
      recipient: 'team',
      address: 'sales@baysidemazda.example',
      version: 1,
      outcome: 'sent',
      attempts: 1,
      at: '2026-11-27T01:00:02.000Z',
      last_error: null,
      can_resend: false,
    },
    givenUp,
  ],
  notes: [],
  time_zone: 'Australia/Brisbane',
};
const changed: LeadDetail = {
  ...lead,
  status: 'contacted',
  deliveries: [
    lead.deliveries[0] as LeadDelivery,
    { ...givenUp, outcome: 'waiting', attempts: 0, can_resend: false },
  ],
};

/**
 * The lead page's path tests: loading → ready | failed (retry); set a status (not the one it has),
 * add a note (an empty one refused at once), send a given-up delivery again (not one that was sent) —
 * each answered or refused by the server.
 */
export const consoleLeadPageCatalogEntry = defineCatalogEntry(leadPageMachine, {
  summary:
    'Dealer console lead page: loading → ready | failed (retry); set status, add a note (empty refused), resend a given-up delivery — each answered or refused',
  input: { leadId: LEAD_ID },
  promiseInvokes: {
    loadLead: 'loadLead',
    setStatus: 'setStatus',
    addNote: 'addNote',
    resendDelivery: 'resendDelivery',
  },
  events: [
    { type: 'xstate.done.actor.loadLead', output: lead },
    { type: 'xstate.error.actor.loadLead', error: new Error('No such lead on this site') },
    { type: 'retry' },
    { type: 'status.set', status: 'contacted' },
    { type: 'status.set', status: 'new' },
    { type: 'xstate.done.actor.setStatus', output: changed },
    { type: 'xstate.error.actor.setStatus', error: new Error('Network error') },
    { type: 'note.add', text: 'Called back, booked Saturday' },
    { type: 'note.add', text: '   ' },
    {
      type: 'xstate.done.actor.addNote',
      output: {
        ...lead,
        notes: [{ id: 1, staff_name: 'Sam Ortiz', text: 'Called back', at: lead.created_at }],
      },
    },
    { type: 'xstate.error.actor.addNote', error: new Error('Network error') },
    { type: 'delivery.resend', delivery: 'acknowledgement' },
    { type: 'delivery.resend', delivery: 'lead-1' },
    { type: 'xstate.done.actor.resendDelivery', output: changed },
    {
      type: 'xstate.error.actor.resendDelivery',
      error: new Error('Only a delivery that was given up can be sent again'),
    },
  ],
  serializeState: ({ value, context }) => ({
    value,
    status: context.lead?.status ?? null,
    notes: context.lead?.notes.length ?? null,
    resendable: context.lead?.deliveries.some((d) => d.can_resend) ?? null,
    outcome: context.outcome !== null,
    refused: context.actionError !== null,
  }),
  simplePaths: false,
});
