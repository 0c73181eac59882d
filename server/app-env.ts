import type { AuthUser } from '../domain/contracts/session.ts';
import type { SiteConfig } from '../tenants/tenant.schema.ts';

/** Per-request values the middleware sets. */
export type AppVariables = {
  site: SiteConfig;
  /** The signed-in shopper, on routes behind `signedInOnly`. */
  user?: AuthUser;
  secureHeadersNonce?: string;
  /** `TRUST_PROXY`: how many proxies' `X-Forwarded-For` entries to trust for the client's address. */
  trustProxy?: number;
};
/** The Hono app type with its variables. */
export type AppEnv = { Variables: AppVariables };
