import { Hono } from 'hono';
import { z } from 'zod/mini';
import { routePath } from '../../domain/contracts/endpoint.ts';
import { type leadsExportEndpoint, leadsExportRequest } from '../../domain/contracts/leads.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { apiError } from '../api/api-error.ts';
import { adminOnly } from '../auth/admin-token.ts';
import type { Db } from '../store/db.ts';
import { listLeads } from '../store/leads.repo.ts';
import { formatLeads } from './export.ts';

/** The admin sub-app's path for the leads export, relative to its `/api/admin` mount. */
const LEADS_ROUTE = routePath(leadsExportRequest).slice('/admin'.length);

/**
 * `GET /api/admin/leads` (mounted at `/api/admin`, before tenant resolution; contract in
 * `domain/contracts/leads.ts`): a site's leads as `npm run leads` prints them, so the command works
 * while the server holds PGlite. Bearer admin token only.
 */
export function leadsAdminRoutes(deps: { db: Db; sites: readonly SiteConfig[]; adminToken: string }): Hono {
  const query = leadsExportRequest.request().query;
  return new Hono().get(LEADS_ROUTE, adminOnly(deps.adminToken), async (c) => {
    const parsed = z.safeParse(query, c.req.query());
    if (!parsed.success)
      return apiError(
        c,
        400,
        'invalid_request',
        'Expected ?tenant=<slug>[&since=<date>][&format=json|adf|csv]',
      );
    const site = deps.sites.find((s) => s.slug === parsed.data.tenant);
    if (!site) return apiError(c, 404, 'unknown_tenant', `No dealer site ${parsed.data.tenant}`);
    const leads = await listLeads(
      deps.db,
      site.id,
      parsed.data.since ? new Date(parsed.data.since) : undefined,
    );
    const answer: z.infer<typeof leadsExportEndpoint.answer> = {
      count: leads.length,
      text: await formatLeads(leads, site, parsed.data.format, deps.db),
    };
    return c.json(answer);
  });
}
