import { defineCatalogEntry } from '../catalog.types.ts';
import { auditPageMachine } from './audit-page.machine.ts';

/** The console's audit log path tests: loading → ready | failed (retry). */
export const consoleAuditPageCatalogEntry = defineCatalogEntry(auditPageMachine, {
  summary: 'Dealer console audit log: loading a page of entries → ready | failed (retry)',
  input: { page: 1 },
  promiseInvokes: { loadAudit: 'loadAudit' },
  events: [
    {
      type: 'xstate.done.actor.loadAudit',
      output: {
        entries: [
          {
            id: 1,
            at: '2026-11-27T09:00:00.000Z',
            action: 'staff.invite',
            subject: 'invitation new@example.com',
            detail: { email: 'new@example.com', role: 'sales' },
            by: { name: 'Demo Manager', email: 'manager@bayside-mazda.example' },
          },
        ],
        page: 1,
        pages: 1,
        total: 1,
      },
    },
    { type: 'xstate.error.actor.loadAudit', error: new Error('Network error') },
    { type: 'retry' },
  ],
});
