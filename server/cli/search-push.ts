import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SearchRecord } from '../search/engine/types.ts';
import { SEARCH_INDICES } from '../search/indices.ts';
import { type PushEnv, type PushIndex, pushClientFromEnv, pushSearchIndices } from '../search/push.ts';

/** Where each primary index's records come from (the store's loaders are wired here later). */
export type RecordLoaders = Partial<Record<string, () => Promise<readonly SearchRecord[]>>>;

const USAGE =
  'usage: search:push [--cars <file.json>] [--models <file.json>] [--items <file.json>]\n' +
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
  const indices: PushIndex[] = SEARCH_INDICES.map(({ name, settings }) => {
    const loadRecords = loaders[name];
    return loadRecords ? { name, settings, loadRecords } : { name, settings };
  });
  const reports = await pushSearchIndices(pushClientFromEnv(env), indices, log);
  log(`pushed ${reports.length} indices`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSearchPush(process.env, fileLoaders(process.argv.slice(2)), (line) => console.log(line)).catch(
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
