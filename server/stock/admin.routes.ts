import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod/mini';
import { routePath } from '../../domain/contracts/endpoint.ts';
import { stockImportRequest } from '../../domain/contracts/stock-import.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { apiError } from '../api/api-error.ts';
import { adminOnly } from '../auth/admin-token.ts';
import { refuseUnstorableText } from '../auth/request.ts';
import { toSeedTenant } from '../seed/seed-tenant.ts';
import type { Db } from '../store/db.ts';
import { importStock, StockImportError } from './import.ts';

/** What the admin routes need. */
export interface StockAdminDeps {
  db: Db;
  sites: readonly SiteConfig[];
  adminToken: string;
  /** Runs after a committed import, before the answer (search reflects the import at once). */
  afterImport: () => Promise<void>;
}

/** The house error body for a rejected file: `fields` keys are `records.<index>.<field>`. */
export function stockImportErrorBody(error: StockImportError): {
  error: { code: 'invalid_stock'; message: string; fields: Record<string, string> };
} {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = ['records', issue.index, issue.field]
      .filter((part) => part !== null && part !== '')
      .join('.');
    fields[key] ??= issue.message;
  }
  return { error: { code: 'invalid_stock', message: error.message, fields } };
}

/** The largest stock file the admin route reads (a dealer group's whole stock is a few MB). */
export const MAX_STOCK_FILE = 32 * 1024 * 1024;

/** The admin sub-app's path for the stock import, relative to its `/api/admin` mount. */
const STOCK_IMPORT_ROUTE = routePath(stockImportRequest).slice('/admin'.length);

/**
 * `POST /api/admin/stock-import` (mounted at `/api/admin`, before tenant resolution; contract in
 * `domain/contracts/stock-import.ts`): hands a stock file to the running server, so
 * `npm run stock:import` works while PGlite is held by the server. Bearer admin token only.
 */
export function stockAdminRoutes(deps: StockAdminDeps): Hono {
  const importBody = stockImportRequest.request().body;
  const limit = bodyLimit({
    maxSize: MAX_STOCK_FILE,
    onError: (c) =>
      apiError(c, 413, 'payload_too_large', `A stock file may be at most ${MAX_STOCK_FILE / 1024 / 1024} MB`),
  });
  return new Hono().post(STOCK_IMPORT_ROUTE, limit, adminOnly(deps.adminToken), async (c) => {
    const body = await c.req.json().catch(() => undefined);
    // A NUL or half a surrogate pair anywhere in the file is named before it reaches the store.
    const unstorable = refuseUnstorableText(c, body, 400);
    if (unstorable) return unstorable;
    const parsed = z.safeParse(importBody, body);
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
