import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's build manifest. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The JavaScript one route loads before it is interactive: its chunks and their gzipped sizes. */
export interface RouteJs {
  route: string;
  source: string;
  chunks: { file: string; bytes: number; gzip: number }[];
  bytes: number;
  gzip: number;
}

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * Sums, for each page module, the chunks a first visit to its route fetches: the entry script's
 * static imports plus the page's chunk and its static imports (gzip level 9, as a server would send
 * precompressed assets; on-the-fly compression at level 6 is ~1% larger).
 */
export function measureRouteJs(distClient: string, routes: Record<string, string>): RouteJs[] {
  const manifest = JSON.parse(readFileSync(join(distClient, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The build manifest has no entry');
  return Object.entries(routes).map(([route, source]) => {
    if (!manifest[source]) throw new Error(`The build manifest has no chunk for ${source}`);
    const keys = new Set([...closure(manifest, entry), ...closure(manifest, source)]);
    const chunks = [...keys].map((key) => {
      const file = manifest[key]?.file ?? '';
      const content = readFileSync(join(distClient, file));
      return { file, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
    });
    return {
      route,
      source,
      chunks,
      bytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
      gzip: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
    };
  });
}
