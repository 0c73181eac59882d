import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod/mini';
import { stockImportEndpoint } from '../../domain/contracts/stock-import.ts';
import { loadSeedTenants } from '../seed/load-tenants.ts';
import type { ImportResult } from '../stock/import.ts';
import { importStock } from '../stock/import.ts';
import { openStoreFromEnv } from '../store/open-store.ts';

/**
 * `npm run stock:import -- --tenant <slug> [--replace] <file.json>`. Hands the file to a running
 * server first (so its search sees the import at once and PGlite stays with one process); when no
 * server answers, opens the store itself.
 */

const DATA_DIR = process.env.DATA_DIR
  ? resolve(process.env.DATA_DIR)
  : fileURLToPath(new URL('../../.data/', import.meta.url));
const SECRETS = join(DATA_DIR, 'secrets.json');
const USAGE = 'usage: npm run stock:import -- --tenant <slug> [--replace] <file.json>';

function adminToken(): string | null {
  if (process.env.FORECOURT_ADMIN_TOKEN) return process.env.FORECOURT_ADMIN_TOKEN;
  if (!existsSync(SECRETS)) return null;
  const secrets = JSON.parse(readFileSync(SECRETS, 'utf8')) as { adminToken?: unknown };
  return typeof secrets.adminToken === 'string' ? secrets.adminToken : null;
}

/** The server's answer, or null when nothing listens on the port. */
async function viaServer(tenant: string, replace: boolean, records: unknown): Promise<ImportResult | null> {
  const url = `http://127.0.0.1:${process.env.PORT || 3000}${stockImportEndpoint.path}`;
  const token = adminToken();
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ tenant, replace, records }),
    });
  } catch {
    return null;
  }
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (response.ok) return z.parse(stockImportEndpoint.answer, body);
  if (response.status === 404 && !body?.error) {
    throw new Error(`a server runs at ${url} but has no stock-import route; stop it and run this again`);
  }
  if (response.status === 401 || response.status === 403) {
    throw new Error(
      `the running server refused the admin token (set FORECOURT_ADMIN_TOKEN or .data/secrets.json)`,
    );
  }
  throw new Error(body?.error?.message ?? `the server answered ${response.status}`);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { tenant: { type: 'string' }, replace: { type: 'boolean', default: false } },
  });
  const file = positionals[0];
  if (!values.tenant || !file || positionals.length > 1) throw new Error(USAGE);
  let records: unknown;
  try {
    records = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  let result = await viaServer(values.tenant, values.replace, records);
  let where = 'through the running server';
  if (!result) {
    const tenant = loadSeedTenants(process.env.TENANTS_DIR || undefined).find(
      (t) => t.slug === values.tenant,
    );
    if (!tenant) throw new Error(`unknown tenant ${values.tenant}`);
    const db = await openStoreFromEnv();
    try {
      result = await importStock(db, tenant, records, { replace: values.replace });
    } finally {
      await db.close();
    }
    where = 'into the store';
  }
  console.log(
    `Imported ${file} for ${values.tenant} ${where}: ${result.inserted} inserted, ${result.updated} updated, ${result.removed} removed.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
