import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../logger.ts';

/** What the browser build is made from: if any of it is newer than the build, the build is stale. */
const SOURCES = [
  'views',
  'machines',
  'services',
  'domain',
  'tenants',
  'index.html',
  'vite.config.ts',
  'panda.config.ts',
  'package-lock.json',
];
/** What the build makes; the oldest of them dates the build. */
const OUTPUTS = ['dist/client/index.html', 'dist/server/entry-server.js'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stat.mtimeMs,
  );
}

/** Whether `dist/` is missing or older than any of its sources. */
export function isBuildStale(root: string): boolean {
  const outputs = OUTPUTS.map((output) => join(root, output));
  if (!outputs.every((output) => existsSync(output))) return true;
  const built = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  return SOURCES.some((source) => existsSync(join(root, source)) && newestMtime(join(root, source)) > built);
}

/** Runs `npm run build` when the build is missing or stale. */
export function ensureBuild(root: string, logger: Logger): void {
  if (!isBuildStale(root)) return;
  logger.info('Building the storefront (the build is missing or stale)');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed with exit code ${result.status}`);
}
