import type { StaffListMember } from '../../domain/contracts/console-staff.ts';
import type { StaffMember } from '../../domain/staff.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { staffPageMachine } from './staff-page.machine.ts';

const me: StaffMember = {
  id: 1,
  site_id: 101,
  email: 'manager@bayside-mazda.example',
  name: 'Demo Manager',
  role: 'manager',
  totp_enabled: false,
};
const sam: StaffListMember = {
  id: 2,
  email: 'sam@example.com',
  name: 'Sam Sales',
  role: 'sales',
  totp_enabled: false,
  active: true,
  created_at: '2026-11-27T09:00:00.000Z',
};
const invitation = {
  id: 9,
  email: 'new@example.com',
  role: 'sales',
  expires_at: '2026-11-30T09:00:00.000Z',
} as const;

/**
 * The console's staff page path tests: loading → ready | failed (retry); an invitation (valid, or its
 * field errors), a role change, a removal (asked again, confirmed or kept) — each answered or refused; two-step sign-in enrolled,
 * confirmed (a malformed code, a refused one), cancelled, and turned off.
 */
export const consoleStaffPageCatalogEntry = defineCatalogEntry(staffPageMachine, {
  summary:
    'Console staff: loading → ready | failed; invite (or field errors), change a role, remove (asked again) → done | refused; two-step enrol → confirm | cancel, off',
  input: undefined,
  promiseInvokes: {
    loadStaff: 'loadStaff',
    inviteMember: 'inviteMember',
    changeRole: 'changeRole',
    removeMember: 'removeMember',
    enrolTotp: 'enrolTotp',
    confirmTotp: 'confirmTotp',
    disableTotp: 'disableTotp',
  },
  events: [
    { type: 'xstate.done.actor.loadStaff', output: { me, members: [sam], invitations: [] } },
    { type: 'xstate.error.actor.loadStaff', error: new Error('Network error') },
    { type: 'retry' },
    { type: 'invite.submit', email: 'new@example.com', role: 'sales' },
    { type: 'invite.submit', email: 'not an email', role: 'owner' },
    { type: 'xstate.done.actor.inviteMember', output: invitation },
    {
      type: 'xstate.error.actor.inviteMember',
      error: new Error('This email already belongs to a member of your staff'),
    },
    { type: 'member.role', id: 2, role: 'manager' },
    { type: 'xstate.done.actor.changeRole', output: { ...sam, role: 'manager' } },
    { type: 'xstate.error.actor.changeRole', error: new Error('The dealership needs at least one manager') },
    { type: 'member.remove', id: 2 },
    { type: 'removal.confirm' },
    { type: 'removal.cancel' },
    { type: 'xstate.done.actor.removeMember', output: { ...sam, active: false } },
    {
      type: 'xstate.error.actor.removeMember',
      error: new Error('The dealership needs at least one manager'),
    },
    { type: 'totp.enrol' },
    {
      type: 'xstate.done.actor.enrolTotp',
      output: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x?secret=JBSW' },
    },
    { type: 'xstate.error.actor.enrolTotp', error: new Error('Network error') },
    { type: 'totp.confirm', code: '123456' },
    { type: 'totp.confirm', code: '12' },
    { type: 'totp.cancel' },
    { type: 'xstate.done.actor.confirmTotp', output: { ...me, totp_enabled: true } },
    { type: 'xstate.error.actor.confirmTotp', error: new Error('That code is not right') },
    { type: 'totp.disable', code: '654321' },
    { type: 'totp.disable', code: 'abc' },
    { type: 'xstate.done.actor.disableTotp', output: me },
    { type: 'xstate.error.actor.disableTotp', error: new Error('That code is not right') },
  ],
  serializeState: ({ value, context }) => ({
    value,
    fields: Object.keys(context.fields).length > 0,
    codeError: context.codeError !== null,
    enrolment: context.enrolment !== null,
    totp: context.data?.me.totp_enabled ?? null,
    notice: context.notice !== null,
    problem: context.problem !== null,
  }),
  simplePaths: false,
});
