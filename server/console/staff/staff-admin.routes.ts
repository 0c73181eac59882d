import type { IncomingMessage } from 'node:http';
import { type Context, Hono } from 'hono';
import { z } from 'zod/mini';
import { routePath } from '../../../domain/contracts/endpoint.ts';
import { staffAdminInviteRequest } from '../../../domain/contracts/staff-admin.ts';
import { STAFF_MESSAGES } from '../../../domain/staff.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import { apiError } from '../../api/api-error.ts';
import { adminOnly } from '../../auth/admin-token.ts';
import { refuseUnstorableText } from '../../auth/request.ts';
import { inviteStaff } from './invitations.ts';
import type { StaffConsoleDeps } from './staff.routes.ts';

/** What the operator's staff route needs. */
export interface StaffAdminDeps extends StaffConsoleDeps {
  sites: readonly SiteConfig[];
  adminToken: string;
  /**
   * Link to each site by its local name (`<slug>.localhost:<port>`) rather than its first domain: the
   * demo, whose dealers' domains are not this server's.
   */
  localLinks?: boolean;
}

/** The admin sub-app's path for invitations, relative to its `/api/admin` mount. */
const INVITE_ROUTE = routePath(staffAdminInviteRequest).slice('/admin'.length);

/**
 * Where an operator's invitation links: the site's first domain over https, else (or in the demo,
 * `local`) its local name on the port this server accepted the CLI's request on.
 */
export function operatorLinkOrigin(site: SiteConfig, port: number | null, local = false): string {
  const [domain] = site.domains;
  if (domain && !local) return `https://${domain}`;
  return `http://${site.slug}.localhost${port ? `:${port}` : ''}`;
}

function listeningPort(c: Context): number | null {
  const bindings = c.env as
    | { incoming?: IncomingMessage; server?: { incoming?: IncomingMessage } }
    | undefined;
  return (bindings?.server?.incoming ?? bindings?.incoming)?.socket?.localPort ?? null;
}

/**
 * `POST /api/admin/staff/invitations` (mounted at `/api/admin`, before tenant resolution; contract in
 * `domain/contracts/staff-admin.ts`): `npm run staff` hands the operator's invitation to the server
 * holding the store, which stores it with its audit entry and emails the link. Bearer admin token only.
 */
export function staffAdminRoutes(deps: StaffAdminDeps): Hono {
  const body = staffAdminInviteRequest.request().body;
  return new Hono().post(INVITE_ROUTE, adminOnly(deps.adminToken), async (c) => {
    const raw = await c.req.json().catch(() => undefined);
    const unstorable = refuseUnstorableText(c, raw, 400);
    if (unstorable) return unstorable;
    const parsed = z.safeParse(body, raw);
    if (!parsed.success) {
      return apiError(c, 400, 'invalid_request', 'Expected { tenant, email, role: "manager" | "sales" }');
    }
    const site = deps.sites.find((s) => s.slug === parsed.data.tenant);
    if (!site) return apiError(c, 404, 'unknown_tenant', `No dealer site ${parsed.data.tenant}`);
    const sent = await inviteStaff(
      {
        db: deps.db,
        now: deps.now ?? (() => new Date()),
        ...(deps.mail ? { mail: deps.mail } : {}),
        ...(deps.logger ? { logger: deps.logger } : {}),
      },
      {
        site,
        email: parsed.data.email,
        role: parsed.data.role,
        invitedBy: null,
        origin: operatorLinkOrigin(site, listeningPort(c), deps.localLinks),
      },
    );
    if (!sent.ok) return apiError(c, 409, 'already_member', STAFF_MESSAGES.alreadyMember);
    c.header('cache-control', 'no-store');
    return c.json(
      { invitation: sent.invitation, emailed: sent.emailed, to: deps.mail?.mailer.target ?? 'nowhere' },
      201,
    );
  });
}
