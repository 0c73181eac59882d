import { algoliasearch } from 'algoliasearch';
import type { IndexSettings, SearchRecord } from './engine/types.ts';

/** The `algoliasearch` client the push uses. */
export type PushClient = ReturnType<typeof algoliasearch>;

/** One index to push: its settings and, for a primary, where its records come from. */
export interface PushIndex {
  name: string;
  settings: IndexSettings;
  /** Synonym objects to save (replacing the index's earlier ones, on its replicas too). */
  synonyms?: ReadonlyArray<{ objectID: string; type: 'synonym'; synonyms: string[] }>;
  /** Records of a primary (replicas take their primary's records); wired to the store later. */
  loadRecords?: () => Promise<readonly SearchRecord[]>;
}

/** What was pushed to one index. */
export interface PushReport {
  index: string;
  settings: boolean;
  records: number | null;
  /** How many synonym objects were saved (null: none were sent). */
  synonyms?: number | null;
}

/** Where to push: hosted Algolia, or any compatible host (`ALGOLIA_HOST`, e.g. the embedded endpoint). */
export interface PushEnv {
  ALGOLIA_APP_ID?: string | undefined;
  ALGOLIA_ADMIN_KEY?: string | undefined;
  /** `https://host/path` or `host:port/path` (https when no scheme is given). */
  ALGOLIA_HOST?: string | undefined;
}

/** The admin client for a push, from the environment. */
export function pushClientFromEnv(env: PushEnv): PushClient {
  if (!env.ALGOLIA_APP_ID || !env.ALGOLIA_ADMIN_KEY) {
    throw new Error('search:push needs ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY');
  }
  if (!env.ALGOLIA_HOST) return algoliasearch(env.ALGOLIA_APP_ID, env.ALGOLIA_ADMIN_KEY);
  const match = /^(https?):\/\/(.+)$/.exec(env.ALGOLIA_HOST.trim());
  const protocol = (match?.[1] ?? 'https') as 'http' | 'https';
  const url = (match?.[2] ?? env.ALGOLIA_HOST.trim()).replace(/\/+$/, '');
  return algoliasearch(env.ALGOLIA_APP_ID, env.ALGOLIA_ADMIN_KEY, {
    hosts: [{ url, protocol, accept: 'readWrite' }],
  });
}

/**
 * Pushes settings in the order given (list a primary before its replicas, so its `replicas`
 * setting creates them before their own settings arrive), then the synonyms (decision 129)
 * and then every primary's records with `replaceAllObjects` (a temporary index moved into place,
 * so searches never see a half-filled index). Waits for every task.
 */
export async function pushSearchIndices(
  client: PushClient,
  indices: readonly PushIndex[],
  log: (line: string) => void = () => {},
): Promise<PushReport[]> {
  const reports = new Map<string, PushReport>();
  for (const index of indices) {
    const { primary: _primary, ...settings } = index.settings;
    const task = await client.setSettings({ indexName: index.name, indexSettings: settings as never });
    await client.waitForTask({ indexName: index.name, taskID: task.taskID });
    log(`settings → ${index.name}`);
    reports.set(index.name, { index: index.name, settings: true, records: null });
  }
  // After the replicas exist, so forwarding reaches them.
  for (const index of indices) {
    if (!index.synonyms) continue;
    const task = await client.saveSynonyms({
      indexName: index.name,
      synonymHit: index.synonyms.map((hit) => ({ ...hit, synonyms: [...hit.synonyms] })),
      forwardToReplicas: true,
      replaceExistingSynonyms: true,
    });
    await client.waitForTask({ indexName: index.name, taskID: task.taskID });
    log(`${index.synonyms.length} synonyms → ${index.name}`);
    const report = reports.get(index.name) ?? { index: index.name, settings: true, records: null };
    reports.set(index.name, { ...report, synonyms: index.synonyms.length });
  }
  for (const index of indices) {
    if (!index.loadRecords) continue;
    const records = await index.loadRecords();
    await client.replaceAllObjects({
      indexName: index.name,
      objects: [...records] as Array<Record<string, unknown>>,
      batchSize: 1000,
    });
    log(`${records.length} records → ${index.name}`);
    reports.set(index.name, {
      ...reports.get(index.name),
      index: index.name,
      settings: true,
      records: records.length,
    });
  }
  return [...reports.values()];
}
