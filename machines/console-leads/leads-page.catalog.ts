import type { InboxLead, LeadInbox } from '../../domain/contracts/console-leads.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { leadsPageMachine } from './leads-page.machine.ts';

const lead = (n: number): InboxLead => ({
  lead_id: `7b0c2d4e-1f3a-4b5c-8d6e-00000000000${n}`,
  created_at: `2026-11-2${n}T01:00:00.000Z`,
  category: 'Vehicle Enquiry',
  subcategory: null,
  status: 'new',
  dealership: { slug: 'bayside-mazda', name: 'Bayside Mazda' },
  name: `Shopper ${n}`,
  email: `shopper${n}@example.com`,
  phone: '0400 111 222',
  rego: null,
  car: '2022 Mazda CX-5 Maxx',
});
const options = {
  types: ['Vehicle Enquiry'],
  dealerships: [{ slug: 'bayside-mazda', name: 'Bayside Mazda' }],
  time_zone: 'Australia/Brisbane',
};
const firstPage: LeadInbox = { leads: [lead(2)], next: '1795000000000.12', ...options };
const lastPage: LeadInbox = { leads: [lead(1)], next: null, ...options };

/**
 * The leads inbox's path tests: loading → ready | failed (retry); older leads loaded while there are
 * more (appended, or the error kept with the list); with none left, `list.more` is refused.
 */
export const consoleLeadsPageCatalogEntry = defineCatalogEntry(leadsPageMachine, {
  summary:
    'Dealer console leads inbox: loading → ready | failed (retry); load older leads while there are more — appended or refused with the list kept',
  input: { filters: { status: 'new', q: 'shopper' } },
  promiseInvokes: { loadLeads: 'loadLeads', loadMoreLeads: 'loadLeads' },
  events: [
    { type: 'xstate.done.actor.loadLeads', output: firstPage },
    { type: 'xstate.error.actor.loadLeads', error: new Error('Network error') },
    { type: 'retry' },
    { type: 'list.more' },
    { type: 'xstate.done.actor.loadMoreLeads', output: lastPage },
    { type: 'xstate.error.actor.loadMoreLeads', error: new Error('Network error') },
  ],
  serializeState: ({ value, context }) => ({
    value,
    leads: context.data?.leads.length ?? null,
    more: context.data?.next != null,
    moreError: context.moreError !== null,
  }),
});
