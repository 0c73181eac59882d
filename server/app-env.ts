import type { AuthUser } from '../domain/contracts/session.ts';
import type { StaffMember } from '../domain/staff.ts';
import type { SiteConfig } from '../tenants/tenant.schema.ts';

/** Per-request values the middleware sets. */
export type AppVariables = {
  site: SiteConfig;
  /** The signed-in shopper, on routes behind `signedInOnly`. */
  user?: AuthUser;
  /** The signed-in dealer staff member of this site (the console's session, `server/console/staff-session.ts`). */
  staff?: StaffMember;
  secureHeadersNonce?: string;
  /** `TRUST_PROXY`: how many proxies' `X-Forwarded-For` entries to trust for the client's address. */
  trustProxy?: number;
};
/** The Hono app type with its variables. */
export type AppEnv = { Variables: AppVariables };
