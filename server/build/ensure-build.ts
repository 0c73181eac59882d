import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
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
  'console.html',
  'vite.config.ts',
  'vite.console.config.ts',
  // The build's own plugins, which the Vite configs import (the assets' compressed copies among them):
  // the whole folder, so a plugin added there is never left out.
  'server/build',
  'panda.config.ts',
  'package-lock.json',
];
/** What the build makes; the oldest of them dates the build. */
const OUTPUTS = [
  'dist/client/index.html',
  'dist/server/entry-server.js',
  // The dealer console's own build (decision 126).
  'dist/client/console.html',
  'dist/server/console/entry-server.js',
];

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

/** Whether the build tools are installed: a production install (`npm ci --omit=dev`) has no Vite. */
export function hasBuildTools(root: string): boolean {
  try {
    createRequire(join(root, 'package.json')).resolve('vite/package.json');
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `npm run build` when the build is missing or stale. Without build tools (a production install,
 * issue 33 item 7) it never builds: a build that only looks older than its sources (files copied
 * with new times) is served as it is, and a missing one stops start-up with what to do.
 */
export function ensureBuild(
  root: string,
  logger: Pick<Logger, 'info'>,
  tools: boolean = hasBuildTools(root),
): void {
  if (!isBuildStale(root)) return;
  if (!tools) {
    if (OUTPUTS.every((output) => existsSync(join(root, output)))) {
      logger.info(
        'Serving dist/ as it is: it looks older than its sources, and no build tools are installed',
      );
      return;
    }
    throw new Error(
      'dist/ holds no build and no build tools are installed (a production install): run `npm run build` in a development install and ship dist/ with the code',
    );
  }
  logger.info('Building the storefront (the build is missing or stale)');
  // The build is production's whatever the caller runs as: under NODE_ENV=test (a test that starts the
  // server) Vite would compile JSX for React's development runtime, which production React lacks.
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`npm run build failed with exit code ${result.status}`);
}
