import { parseArgs } from 'node:util';
import { loadSeedTenants } from '../seed/load-tenants.ts';
import { DEFAULT_SEED, ensureSeeded, reseed } from '../seed/seed.ts';
import { countCarsByDealership } from '../store/cars.repo.ts';
import { openStoreFromEnv } from '../store/open-store.ts';

/**
 * `npm run seed [-- --reset] [--seed N] [--now ISO]`: seeds the demo data for the tenants in
 * `TENANTS_DIR` (default `tenants/`) into the store that `DATABASE_URL` names, or into
 * `<DATA_DIR>/pglite` (default `.data/pglite`). Without `--reset` it only seeds an empty store.
 * Stop a running server that uses `.data/pglite` first: PGlite admits one process.
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
  const db = await openStoreFromEnv();
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
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
