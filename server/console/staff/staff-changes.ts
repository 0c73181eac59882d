import type { StaffListMember } from '../../../domain/contracts/console-staff.ts';
import type { StaffMember, StaffRole } from '../../../domain/staff.ts';
import type { Db, Executor } from '../../store/db.ts';
import {
  countActiveManagers,
  disableStaff,
  findStaffById,
  lockActiveManagers,
  type StoredStaffMember,
  setStaffRole,
} from '../../store/staff.repo.ts';
import { recordAudit } from '../audit.ts';

/** A member as the staff page lists them. */
export function toStaffListMember(row: StoredStaffMember): StaffListMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    totp_enabled: row.totp_secret !== null,
    active: row.disabled_at === null,
    created_at: row.created_at,
  };
}

/** What a manager's change of a member comes to. */
export type StaffChange =
  | { ok: true; member: StaffListMember }
  | { ok: false; code: 'not_found' | 'last_manager' };

/**
 * Whether taking the manager role away from `target` (a demotion or a removal) would leave the site
 * with no active manager. The managers' rows are locked first, so two managers acting on each other
 * at once cannot both pass.
 */
async function wouldLeaveNoManager(tx: Executor, target: StoredStaffMember) {
  if (target.role !== 'manager' || target.disabled_at !== null) return false;
  await lockActiveManagers(tx, target.site_id);
  return (await countActiveManagers(tx, target.site_id)) <= 1;
}

/** Changes an active member's role, with its audit entry, in one transaction. */
export async function changeStaffRole(
  db: Db,
  by: StaffMember,
  change: { id: number; role: StaffRole; now: Date },
): Promise<StaffChange> {
  return db.transaction(async (tx) => {
    const target = await findStaffById(tx, by.site_id, change.id);
    if (!target || target.disabled_at !== null) return { ok: false, code: 'not_found' };
    if (target.role === change.role) return { ok: true, member: toStaffListMember(target) };
    if (change.role !== 'manager' && (await wouldLeaveNoManager(tx, target)))
      return { ok: false, code: 'last_manager' };
    await setStaffRole(tx, by.site_id, target.id, change.role);
    await recordAudit(tx, {
      siteId: by.site_id,
      staffId: by.id,
      action: 'staff.role',
      subject: `staff ${target.id}`,
      detail: { email: target.email, from: target.role, to: change.role },
      at: change.now,
    });
    return { ok: true, member: toStaffListMember({ ...target, role: change.role }) };
  });
}

/** Disables a member and ends their sessions, with its audit entry, in one transaction. */
export async function removeStaff(
  db: Db,
  by: StaffMember,
  change: { id: number; now: Date },
): Promise<StaffChange> {
  return db.transaction(async (tx) => {
    const target = await findStaffById(tx, by.site_id, change.id);
    if (!target) return { ok: false, code: 'not_found' };
    if (target.disabled_at !== null) return { ok: true, member: toStaffListMember(target) };
    if (await wouldLeaveNoManager(tx, target)) return { ok: false, code: 'last_manager' };
    await disableStaff(tx, by.site_id, target.id, change.now);
    await recordAudit(tx, {
      siteId: by.site_id,
      staffId: by.id,
      action: 'staff.remove',
      subject: `staff ${target.id}`,
      detail: { email: target.email, role: target.role },
      at: change.now,
    });
    return { ok: true, member: toStaffListMember({ ...target, disabled_at: change.now.toISOString() }) };
  });
}
