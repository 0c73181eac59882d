import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadSeedTenants } from '../seed/load-tenants.ts';
import { DEFAULT_SEED, ensureSeeded, reseed } from '../seed/seed.ts';
import { countCarsByDealership } from '../store/cars.repo.ts';
import { openStoreFromEnv } from '../store/open-store.ts';
import { claimStore } from '../store/store-owner.ts';

/** The data folder when `DATA_DIR` is not set: `<repo>/.data`. */
const DEFAULT_DATA_ROOT = fileURLToPath(new URL('../../.data/', import.meta.url));

/**
 * `npm run seed [-- --reset] [--seed N] [--now ISO]`: seeds the demo data for the tenants in
 * `TENANTS_DIR` (default `tenants/`) into the store that `DATABASE_URL` names, or into
 * `<DATA_DIR>/pglite` (default `.data/pglite`). Without `--reset` it only seeds an empty store.
 * A running server (or another command) holding the same data folder is named and refused: PGlite
 * admits one process, so stop it first.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      seed: { type: 'string' },
      now: { type: 'string' },
    },
  });
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  const now = values.now === undefined ? new Date() : new Date(values.now);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got ${values.seed}`);
  if (Number.isNaN(now.getTime())) throw new Error(`--now must be an ISO date, got ${values.now}`);
  const tenants = loadSeedTenants(process.env.TENANTS_DIR || undefined);
  // One process per store: a running server (or another CLI) on this data folder is named, not raced.
  const claim = claimStore(process.env.DATA_DIR || DEFAULT_DATA_ROOT, 'seed', {
    shared: Boolean(process.env.DATABASE_URL) && !values.reset,
  });
  const db = await openStoreFromEnv().catch((error: unknown) => {
    claim.release();
    throw error;
  });
  try {
    const report = values.reset
      ? await reseed(db, tenants, now, { seed })
      : await ensureSeeded(db, tenants, now, { seed });
    if (!report.seeded) {
      console.log('The store already has cars; nothing seeded. Use --reset to regenerate.');
      return;
    }
    const counts = await countCarsByDealership(db);
    console.log(
      `Seeded ${report.cars} vehicles in ${Math.round(report.ms)} ms (seed ${seed}, now ${now.toISOString()}).`,
    );
    for (const tenant of tenants) {
      for (const dealership of tenant.dealerships) {
        console.log(`  ${tenant.slug} / ${dealership.slug}: ${counts.get(dealership.id) ?? 0}`);
      }
    }
  } finally {
    await db.close();
    claim.release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
