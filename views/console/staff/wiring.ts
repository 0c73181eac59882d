import { fromPromise } from 'xstate';
import { auditPageMachine } from '../../../machines/console-staff/audit-page.machine.ts';
import { staffPageMachine } from '../../../machines/console-staff/staff-page.machine.ts';
import {
  changeStaffRole,
  confirmTotp,
  disableTotp,
  enrolTotp,
  fetchAuditLog,
  fetchStaffPage,
  inviteStaffMember,
  removeStaffMember,
} from '../../../services/console/staff.service.ts';
import type { ConsolePageDeps } from '../app/console-page-definition.ts';

/** The staff and account pages' machine, bound to the staff services (with the staff cookie on the server). */
export function staffPageLogic({ http }: ConsolePageDeps) {
  return staffPageMachine.provide({
    actors: {
      loadStaff: fromPromise(() => fetchStaffPage(http)),
      inviteMember: fromPromise(({ input }) => inviteStaffMember(http, input)),
      changeRole: fromPromise(({ input }) => changeStaffRole(http, input)),
      removeMember: fromPromise(({ input }) => removeStaffMember(http, input)),
      enrolTotp: fromPromise(() => enrolTotp(http)),
      confirmTotp: fromPromise(({ input }) => confirmTotp(http, input)),
      disableTotp: fromPromise(({ input }) => disableTotp(http, input)),
    },
  });
}

/** The audit log's machine. */
export function auditPageLogic({ http }: ConsolePageDeps) {
  return auditPageMachine.provide({
    actors: { loadAudit: fromPromise(({ input }) => fetchAuditLog(http, input.page)) },
  });
}
