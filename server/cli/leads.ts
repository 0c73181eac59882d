import { parseArgs } from 'node:util';
import { z } from 'zod/mini';
import { leadsExportEndpoint } from '../../domain/contracts/leads.ts';
import { formatLeads, type LeadFormat } from '../leads/export.ts';
import { listLeads } from '../store/leads.repo.ts';
import { findStoreOwner, StoreHeldError } from '../store/store-owner.ts';
import { loadTenants } from '../tenants/load.ts';
import { askHoldingServer, DATA_DIR, withOwnStore } from './holding-server.ts';

/**
 * `npm run leads -- --tenant <slug> [--since <ISO date>] [--format json|adf|csv]`: prints a dealer's
 * stored leads, oldest first (issue 15 item 6). Through the server that holds the store of this data
 * folder when one runs (`server/store/store-owner.ts`), else from the store itself.
 */
const USAGE = 'usage: npm run leads -- --tenant <slug> [--since <ISO date>] [--format json|adf|csv]';
const FORMATS = ['json', 'adf', 'csv'] as const;

async function fromStore(tenant: string, since: string | undefined, format: LeadFormat): Promise<string> {
  const site = loadTenants(process.env.TENANTS_DIR || undefined).find((s) => s.slug === tenant);
  if (!site) throw new Error(`unknown tenant ${tenant}`);
  return withOwnStore('leads', async (db) =>
    formatLeads(await listLeads(db, site.id, since ? new Date(since) : undefined), site, format, db),
  );
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      tenant: { type: 'string' },
      since: { type: 'string' },
      format: { type: 'string', default: 'json' },
    },
  });
  const format = FORMATS.find((f) => f === values.format);
  if (!values.tenant || !format || positionals.length > 0) throw new Error(USAGE);
  if (values.since !== undefined && Number.isNaN(Date.parse(values.since))) {
    throw new Error(`--since ${values.since} is not a date; ${USAGE}`);
  }
  const owner = findStoreOwner(DATA_DIR);
  if (owner && !owner.url) throw new StoreHeldError(DATA_DIR, owner);
  if (owner?.url) {
    const query = new URLSearchParams({
      tenant: values.tenant,
      format,
      ...(values.since ? { since: values.since } : {}),
    });
    const answer = z.parse(
      leadsExportEndpoint.answer,
      await askHoldingServer({ ...owner, url: owner.url }, `${leadsExportEndpoint.path}?${query}`),
    );
    process.stdout.write(answer.text);
    return;
  }
  process.stdout.write(await fromStore(values.tenant, values.since, format));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
