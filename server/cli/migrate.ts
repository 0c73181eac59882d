import { join, resolve } from 'node:path';
import { readEnv } from '../env.ts';
import { openStoreUnmigrated } from '../store/open-store.ts';
import { claimStore } from '../store/store-owner.ts';

/**
 * `npm run db:migrate`: applies the store's pending migrations and exits — the release step a
 * production deployment runs before it starts the new version (issue 33 item 6, decision 113). The
 * store is the one the server would open: PostgreSQL with `DATABASE_URL` (and `DATABASE_SCHEMA`),
 * else PGlite in `<DATA_DIR>/pglite`. Exits 0 with a line saying how many it applied, or 1 with the
 * reason (a migration that fails is rolled back, and the ones before it stay applied).
 */
async function main(): Promise<void> {
  const env = readEnv();
  // PGlite admits one process: a server holding this data folder's store is named and refused.
  const claim = claimStore(env.DATA_DIR, 'db:migrate', { shared: Boolean(env.DATABASE_URL) });
  try {
    const store = await openStoreUnmigrated({
      databaseUrl: env.DATABASE_URL,
      schema: env.DATABASE_SCHEMA,
      dataDir: join(resolve(env.DATA_DIR), 'pglite'),
    });
    try {
      const applied = await store.migrate();
      const where = env.DATABASE_URL
        ? `PostgreSQL${env.DATABASE_SCHEMA ? `, schema ${env.DATABASE_SCHEMA}` : ''}`
        : join(resolve(env.DATA_DIR), 'pglite');
      console.log(
        applied.length === 0
          ? `No pending migrations: the store is current (${where}).`
          : `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} (${where}): ${applied.join(', ')}.`,
      );
    } finally {
      await store.db.close();
    }
  } finally {
    claim.release();
  }
}

main().catch((error: unknown) => {
  console.error(`db:migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
