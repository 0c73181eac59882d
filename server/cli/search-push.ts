import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SearchRecord } from '../search/engine/types.ts';
import { SEARCH_INDICES } from '../search/indices.ts';
import { type PushEnv, type PushIndex, pushClientFromEnv, pushSearchIndices } from '../search/push.ts';
import { loadSearchRecords } from '../search/records.ts';
import type { Db } from '../store/db.ts';
import { openStoreFromEnv } from '../store/open-store.ts';
import { loadTenants } from '../tenants/load.ts';

/** Where each primary index's records come from: the store by default, or JSON files. */
export type RecordLoaders = Partial<Record<string, () => Promise<readonly SearchRecord[]>>>;

const USAGE =
  'usage: search:push [--cars <file.json>] [--models <file.json>] [--items <file.json>]\n' +
  '  without files, the records come from the store (DATABASE_URL, else PGlite in DATA_DIR)\n' +
  '  env: ALGOLIA_APP_ID, ALGOLIA_ADMIN_KEY, optional ALGOLIA_HOST (e.g. http://127.0.0.1:3000/search-api)';

/** Loaders from `--<index> <file.json>` arguments (a JSON array of records each). */
export function fileLoaders(args: readonly string[]): RecordLoaders {
  const loaders: RecordLoaders = {};
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i] ?? '';
    const file = args[i + 1];
    if (!flag.startsWith('--') || !file) throw new Error(USAGE);
    loaders[flag.slice(2)] = async () => {
      const parsed: unknown = JSON.parse(await readFile(resolve(file), 'utf8'));
      if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array of records`);
      return parsed as SearchRecord[];
    };
  }
  return loaders;
}

/** Pushes every storefront index's settings, and the records the loaders give, to `env`'s Algolia app. */
export async function runSearchPush(
  env: PushEnv,
  loaders: RecordLoaders,
  log: (line: string) => void,
): Promise<void> {
  const indices: PushIndex[] = SEARCH_INDICES.map(({ name, settings, synonyms }) => {
    const loadRecords = loaders[name];
    const base = synonyms ? { name, settings, synonyms } : { name, settings };
    return loadRecords ? { ...base, loadRecords } : base;
  });
  const reports = await pushSearchIndices(pushClientFromEnv(env), indices, log);
  log(`pushed ${reports.length} indices`);
}

/** Loaders reading the store once for every index (PGlite admits one process: stop the server first). */
export function storeLoaders(env: NodeJS.ProcessEnv): { loaders: RecordLoaders; close: () => Promise<void> } {
  let opened: Promise<{ db: Db; records: Awaited<ReturnType<typeof loadSearchRecords>> }> | null = null;
  const load = () => {
    opened ??= openStoreFromEnv(env).then(async (db) => ({
      db,
      records: await loadSearchRecords(db, loadTenants()),
    }));
    return opened;
  };
  return {
    loaders: {
      cars: async () => (await load()).records.cars,
      models: async () => (await load()).records.models,
    },
    close: async () => {
      if (opened) await (await opened).db.close();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const store = args.length === 0 ? storeLoaders(process.env) : null;
  runSearchPush(process.env, store ? store.loaders : fileLoaders(args), (line) => console.log(line))
    .finally(() => store?.close())
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
