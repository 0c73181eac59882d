import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { z } from 'zod/mini';
import { fieldErrors } from '../../domain/auth.ts';
import {
  type PendingInvitation,
  type StaffInviteInput,
  type StaffListMember,
  type StaffRoleChange,
  staffInviteSchema,
  totpCodeBodySchema,
} from '../../domain/contracts/console-staff.ts';
import type { StaffMember, StaffRole } from '../../domain/staff.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { loadingRegion } from '../shared/page-loader.ts';

/** The page's data: the staff and pending invitations (managers), and the signed-in member. */
export interface StaffPageData {
  me: StaffMember;
  members: StaffListMember[];
  invitations: PendingInvitation[];
}

/** A new two-step secret, shown once until a code from it is confirmed. */
export interface TotpEnrolment {
  secret: string;
  otpauth_uri: string;
}

/** The staff page's context. */
export interface StaffPageContext {
  data: StaffPageData | null;
  error: string | null;
  /** The invitation form's field errors. */
  fields: Record<string, string>;
  /** The two-step form's field error. */
  codeError: string | null;
  enrolment: TotpEnrolment | null;
  /** What the last change did, for the status line. */
  notice: string | null;
  /** Why the last change was refused. */
  problem: string | null;
  pendingRole: StaffRoleChange | null;
  pendingRemoval: number | null;
  pendingInvite: StaffInviteInput | null;
  pendingCode: string | null;
}

/** What the member does on the page. */
export type StaffPageEvent =
  | { type: 'retry' }
  | { type: 'invite.submit'; email: string; role: string }
  | { type: 'member.role'; id: number; role: StaffRole }
  | { type: 'member.remove'; id: number }
  | { type: 'removal.confirm' }
  | { type: 'removal.cancel' }
  | { type: 'totp.enrol' }
  | { type: 'totp.confirm'; code: string }
  | { type: 'totp.cancel' }
  | { type: 'totp.disable'; code: string };

const ROLE_NAMES: Record<StaffRole, string> = { manager: 'a manager', sales: 'sales' };
const clear = { notice: null, problem: null, fields: {}, codeError: null } as const;

const replaceMember = (data: StaffPageData | null, member: StaffListMember): StaffPageData | null =>
  data && { ...data, members: data.members.map((listed) => (listed.id === member.id ? member : listed)) };

/**
 * `/dealer/staff` (issue 36 item 2): a manager's staff — the members and pending invitations, an
 * invitation form (`invite.submit`, checked by the contract's schema), a role change (`member.role`)
 * and a removal (`member.remove`, asked again before it is sent: `removal.confirm` | `removal.cancel`)
 * — and everyone's own two-step sign-in: `totp.enrol` shows a secret once (`enrolled`), `totp.confirm` turns it on with a code, `totp.cancel` drops it, `totp.disable`
 * turns it off with a current code. Each change answers with a status line or the server's refusal.
 */
export const staffPageMachine = setup({
  types: {} as { context: StaffPageContext; events: StaffPageEvent },
  actors: {
    loadStaff: fromPromise<StaffPageData, undefined>(notProvided('consoleStaffPage: loadStaff')),
    inviteMember: fromPromise<PendingInvitation, StaffInviteInput>(
      notProvided('consoleStaffPage: inviteMember'),
    ),
    changeRole: fromPromise<StaffListMember, StaffRoleChange>(notProvided('consoleStaffPage: changeRole')),
    removeMember: fromPromise<StaffListMember, number>(notProvided('consoleStaffPage: removeMember')),
    enrolTotp: fromPromise<TotpEnrolment, undefined>(notProvided('consoleStaffPage: enrolTotp')),
    confirmTotp: fromPromise<StaffMember, string>(notProvided('consoleStaffPage: confirmTotp')),
    disableTotp: fromPromise<StaffMember, string>(notProvided('consoleStaffPage: disableTotp')),
  },
  guards: {
    isValidInvite: ({ event }) => z.safeParse(staffInviteSchema, event).success,
    isValidCode: ({ event }) => z.safeParse(totpCodeBodySchema, event).success,
  },
  actions: {
    assignData: assign((_, data: StaffPageData) => ({ data, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    assignProblem: assign((_, error: unknown) => ({ problem: errorMessage(error), notice: null })),
    assignInviteErrors: assign((_, event: { email: string; role: string }) => {
      const parsed = z.safeParse(staffInviteSchema, event);
      return { ...clear, fields: parsed.success ? {} : fieldErrors(parsed.error) };
    }),
    assignCodeError: assign((_, event: { code: string }) => {
      const parsed = z.safeParse(totpCodeBodySchema, event);
      return { ...clear, codeError: parsed.success ? null : (fieldErrors(parsed.error).code ?? null) };
    }),
    assignMe: assign(({ context }, me: StaffMember) => ({
      data: context.data && { ...context.data, me },
      enrolment: null,
      pendingCode: null,
      notice: me.totp_enabled ? 'Two-step sign-in is on' : 'Two-step sign-in is off',
      problem: null,
    })),
  },
}).createMachine({
  id: 'consoleStaffPage',
  context: {
    data: null,
    error: null,
    fields: {},
    codeError: null,
    enrolment: null,
    notice: null,
    problem: null,
    pendingRole: null,
    pendingRemoval: null,
    pendingInvite: null,
    pendingCode: null,
  },
  initial: 'loading',
  states: {
    ...loadingRegion<'loadStaff', StaffPageData, undefined>('loadStaff'),
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'invite.submit': [
              {
                guard: 'isValidInvite',
                target: 'inviting',
                actions: assign(({ event }) => ({
                  ...clear,
                  pendingInvite: { email: event.email, role: event.role as StaffRole },
                })),
              },
              { actions: { type: 'assignInviteErrors', params: ({ event }) => event } },
            ],
            'member.role': {
              target: 'changingRole',
              actions: assign(({ event }) => ({ ...clear, pendingRole: { id: event.id, role: event.role } })),
            },
            'member.remove': {
              target: 'confirmingRemoval',
              actions: assign(({ event }) => ({ ...clear, pendingRemoval: event.id })),
            },
            'totp.enrol': { target: 'enrolling', actions: assign(clear) },
            'totp.disable': [
              {
                guard: 'isValidCode',
                target: 'disabling',
                actions: assign(({ event }) => ({ ...clear, pendingCode: event.code })),
              },
              { actions: { type: 'assignCodeError', params: ({ event }) => event } },
            ],
          },
        },
        inviting: {
          tags: 'busy',
          invoke: {
            id: 'inviteMember',
            src: 'inviteMember',
            input: ({ context }) => context.pendingInvite as StaffInviteInput,
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                data: context.data && {
                  ...context.data,
                  invitations: [event.output, ...context.data.invitations],
                },
                notice: `An invitation is on its way to ${event.output.email}`,
                pendingInvite: null,
              })),
            },
            onError: { target: 'idle', actions: { type: 'assignProblem', params: errorOf } },
          },
        },
        changingRole: {
          tags: 'busy',
          invoke: {
            id: 'changeRole',
            src: 'changeRole',
            input: ({ context }) => context.pendingRole as StaffRoleChange,
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                data: replaceMember(context.data, event.output),
                notice: `${event.output.name} is now ${ROLE_NAMES[event.output.role]}`,
                pendingRole: null,
              })),
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'assignProblem', params: errorOf }, assign({ pendingRole: null })],
            },
          },
        },
        confirmingRemoval: {
          on: {
            'removal.confirm': 'removing',
            'removal.cancel': { target: 'idle', actions: assign({ pendingRemoval: null }) },
          },
        },
        removing: {
          tags: 'busy',
          invoke: {
            id: 'removeMember',
            src: 'removeMember',
            input: ({ context }) => context.pendingRemoval as number,
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                data: replaceMember(context.data, event.output),
                notice: `${event.output.name} is removed and signed out`,
                pendingRemoval: null,
              })),
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'assignProblem', params: errorOf }, assign({ pendingRemoval: null })],
            },
          },
        },
        enrolling: {
          tags: 'busy',
          invoke: {
            id: 'enrolTotp',
            src: 'enrolTotp',
            onDone: { target: 'enrolled', actions: assign(({ event }) => ({ enrolment: event.output })) },
            onError: { target: 'idle', actions: { type: 'assignProblem', params: errorOf } },
          },
        },
        enrolled: {
          on: {
            'totp.confirm': [
              {
                guard: 'isValidCode',
                target: 'confirming',
                actions: assign(({ event }) => ({ ...clear, pendingCode: event.code })),
              },
              { actions: { type: 'assignCodeError', params: ({ event }) => event } },
            ],
            'totp.cancel': { target: 'idle', actions: assign({ ...clear, enrolment: null }) },
          },
        },
        confirming: {
          tags: 'busy',
          invoke: {
            id: 'confirmTotp',
            src: 'confirmTotp',
            input: ({ context }) => context.pendingCode as string,
            onDone: { target: 'idle', actions: { type: 'assignMe', params: ({ event }) => event.output } },
            onError: { target: 'enrolled', actions: { type: 'assignProblem', params: errorOf } },
          },
        },
        disabling: {
          tags: 'busy',
          invoke: {
            id: 'disableTotp',
            src: 'disableTotp',
            input: ({ context }) => context.pendingCode as string,
            onDone: { target: 'idle', actions: { type: 'assignMe', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: [{ type: 'assignProblem', params: errorOf }, assign({ pendingCode: null })],
            },
          },
        },
      },
    },
  },
});

/** A running staff page. */
export type StaffPageActorRef = ActorRefFrom<typeof staffPageMachine>;
