import type { StaffRole } from '../../domain/staff.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../store/db.ts';
import { findStaffByEmail, insertStaffMember } from '../store/staff.repo.ts';

/**
 * The demo's console accounts (issue 36 item 2): each demo dealer has a manager and a sales member
 * with documented passwords (README, "Dealer console"), so the console can be tried and its e2e
 * tests sign in. Made by the demo only, never in production (decision 113).
 */

/** A demo account's credentials on a dealer's site. */
export interface DemoStaffAccount {
  email: string;
  password: string;
  role: StaffRole;
  name: string;
}

/** The demo accounts of a dealer: `manager@<slug>.example` and `sales@<slug>.example`. */
export function demoStaffAccounts(slug: string): DemoStaffAccount[] {
  return [
    {
      email: `manager@${slug}.example`,
      password: 'demo-manager-password',
      role: 'manager',
      name: 'Demo Manager',
    },
    { email: `sales@${slug}.example`, password: 'demo-sales-password', role: 'sales', name: 'Demo Sales' },
  ];
}

/**
 * The demo passwords' hashes, made once per process and shared by every dealer's accounts: the
 * passwords are the same on every demo site and published, so one hash each is enough, and a test
 * process that opens many demo stores pays for two hashes rather than eight per store.
 */
const demoHashes = new Map<string, Promise<string>>();
function demoHash(password: string): Promise<string> {
  let hash = demoHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    demoHashes.set(password, hash);
    hash.catch(() => demoHashes.delete(password));
  }
  return hash;
}

/**
 * Adds each site's demo accounts that the store lacks (a store seeded before the console gets them on
 * its next start); an account that exists is left as it is, whatever was done to it since. Returns
 * how many were added.
 */
export async function ensureDemoStaff(
  db: Db,
  sites: readonly Pick<SiteConfig, 'id' | 'slug'>[],
): Promise<number> {
  let added = 0;
  for (const site of sites) {
    for (const account of demoStaffAccounts(site.slug)) {
      if (await findStaffByEmail(db, site.id, account.email)) continue;
      const stored = await insertStaffMember(db, {
        siteId: site.id,
        email: account.email,
        name: account.name,
        role: account.role,
        passwordHash: await demoHash(account.password),
      });
      if (stored) added += 1;
    }
  }
  return added;
}
