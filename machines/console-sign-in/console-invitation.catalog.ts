import { STAFF_MESSAGES } from '../../domain/staff.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { consoleInvitationMachine } from './console-invitation.machine.ts';

const refusal = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  Object.assign(new Error(message), { details: { status, code, ...(fields ? { fields } : {}) } });

/**
 * The invitation page's path tests: a link without a token; the invitation shown, expired/used, or
 * failing to load (retry); the form accepted, refused (a field) or the invitation used meanwhile.
 */
export const consoleInvitationCatalogEntry = defineCatalogEntry(consoleInvitationMachine, {
  summary:
    'Console invitation: no token → invalid; loading → ready | invalid | failed (retry); accept → signed in | refused | used meanwhile',
  inputs: [{ token: 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde' }, { token: null }],
  promiseInvokes: { lookUp: 'lookUp', accept: 'accept' },
  events: [
    {
      type: 'xstate.done.actor.lookUp',
      output: {
        email: 'new.starter@example.com',
        role: 'sales',
        dealer: 'Bayside Mazda',
        expires_at: '2026-11-30T09:00:00.000Z',
      },
    },
    {
      type: 'xstate.error.actor.lookUp',
      error: refusal(410, 'invalid_invitation', STAFF_MESSAGES.invitationExpired),
    },
    { type: 'xstate.error.actor.lookUp', error: new Error('Network error') },
    { type: 'retry' },
    { type: 'submit', name: 'Casey New', password: 'a-long-new-password' },
    {
      type: 'xstate.done.actor.accept',
      output: {
        id: 9,
        site_id: 1,
        email: 'new.starter@example.com',
        name: 'Casey New',
        role: 'sales',
        totp_enabled: false,
      },
    },
    {
      type: 'xstate.error.actor.accept',
      error: refusal(422, 'validation', 'Please check the form', { password: 'At least 8 characters' }),
    },
    {
      type: 'xstate.error.actor.accept',
      error: refusal(410, 'invalid_invitation', STAFF_MESSAGES.invitationUsed),
    },
  ],
  serializeState: (snapshot) => ({
    value: snapshot.value,
    error: snapshot.context.error !== null,
    shown: snapshot.context.data !== null,
  }),
});
