import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod/mini';
import { stockImportEndpoint } from '../../domain/contracts/stock-import.ts';
import { loadSeedTenants } from '../seed/load-tenants.ts';
import type { ImportResult } from '../stock/import.ts';
import { importStock } from '../stock/import.ts';
import { findStoreOwner, StoreHeldError, type StoreOwner } from '../store/store-owner.ts';
import { askHoldingServer, DATA_DIR, withOwnStore } from './holding-server.ts';

/**
 * `npm run stock:import -- --tenant <slug> [--replace] <file.json>`. When a server holds the store of
 * this data folder (`DATA_DIR`, `.data` by default: `server/store/store-owner.ts`), the file goes to
 * that server, whatever port it serves on, so its search sees the import at once and PGlite stays
 * with one process; a holder that does not answer is refused with a message. When none holds it, this
 * command opens the store itself.
 */

const USAGE = 'usage: npm run stock:import -- --tenant <slug> [--replace] <file.json>';

/** The holding server's answer; throws with a message when it refuses or does not answer. */
async function viaServer(
  owner: StoreOwner & { url: string },
  tenant: string,
  replace: boolean,
  records: unknown,
): Promise<ImportResult> {
  const body = await askHoldingServer(owner, stockImportEndpoint.path, {
    method: 'POST',
    body: { tenant, replace, records },
  });
  return z.parse(stockImportEndpoint.answer, body);
}

async function intoStore(tenantSlug: string, replace: boolean, records: unknown): Promise<ImportResult> {
  const tenant = loadSeedTenants(process.env.TENANTS_DIR || undefined).find((t) => t.slug === tenantSlug);
  if (!tenant) throw new Error(`unknown tenant ${tenantSlug}`);
  return withOwnStore('stock:import', (db) => importStock(db, tenant, records, { replace }));
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
  const owner = findStoreOwner(DATA_DIR);
  if (owner && !owner.url) throw new StoreHeldError(DATA_DIR, owner);
  const result = owner?.url
    ? await viaServer({ ...owner, url: owner.url }, values.tenant, values.replace, records)
    : await intoStore(values.tenant, values.replace, records);
  const where = owner ? 'through the running server' : 'into the store';
  console.log(
    `Imported ${file} for ${values.tenant} ${where}: ${result.inserted} inserted, ${result.updated} updated, ${result.removed} removed.`,
  );
  if (result.photos) {
    const fetcher = owner ? 'the server is fetching them' : 'the server fetches them when it starts';
    console.log(`Photos: ${result.photos.queued} waiting to be fetched (${fetcher}).`);
    if (result.photos.failed_cars.length > 0) {
      console.log(
        `Cars with photos that could not be fetched (shown as a placeholder): ${result.photos.failed_cars.join(', ')}.`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
