import { Hono } from 'hono';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { apiError } from '../api/api-error.ts';
import { sameSecret } from '../search/keys.ts';
import { toSeedTenant } from '../seed/seed-tenant.ts';
import type { Db } from '../store/db.ts';
import { stockImportErrorBody, stockImportRequestSchema } from './admin-contract.ts';
import { importStock, StockImportError } from './import.ts';

/** What the admin routes need. */
export interface StockAdminDeps {
  db: Db;
  sites: readonly SiteConfig[];
  adminToken: string;
  /** Runs after a committed import, before the answer (search reflects the import at once). */
  afterImport: () => Promise<void>;
}

/**
 * `POST /api/admin/stock-import` (mounted at `/api/admin`): hands a stock file to the running server,
 * so `npm run stock:import` works while PGlite is held by the server. Bearer admin token only.
 */
export function stockAdminRoutes(deps: StockAdminDeps): Hono {
  return new Hono().post('/stock-import', async (c) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token || !sameSecret(token, deps.adminToken)) {
      return apiError(c, 401, 'unauthorized', 'A valid admin token is required');
    }
    const body = await c.req.json().catch(() => undefined);
    const parsed = stockImportRequestSchema.safeParse(body);
    if (!parsed.success) {
      return apiError(c, 400, 'invalid_request', 'Expected { tenant, replace?, records: [...] }');
    }
    const site = deps.sites.find((s) => s.slug === parsed.data.tenant);
    if (!site) return apiError(c, 404, 'unknown_tenant', `No dealer site ${parsed.data.tenant}`);
    try {
      const result = await importStock(deps.db, toSeedTenant(site), parsed.data.records, {
        replace: parsed.data.replace,
      });
      await deps.afterImport();
      return c.json(result);
    } catch (error) {
      if (error instanceof StockImportError) return c.json(stockImportErrorBody(error), 422);
      throw error;
    }
  });
}
