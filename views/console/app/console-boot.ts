import type { StaffMember } from '../../../domain/staff.ts';
import type { BootData } from '../../app/boot.ts';

/**
 * What the server hands the console in the browser: the storefront's boot block (the site's public
 * config and the settled page actor) and the signed-in member (the server's `GET /api/dealer/me`,
 * null signed out), which opens the console's shell.
 */
export interface ConsoleBootData extends BootData {
  member: StaffMember | null;
}
