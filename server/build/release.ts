import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * What a production install is made of (issue 33 item 7): the built storefront (`dist/`), the sources
 * the server runs with tsx (it imports `domain/`, `tenants/` and the boot code in `views/`, which
 * reaches `machines/` and `services/`), the lockfile for `npm ci --omit=dev`, and nothing else — no
 * tests, benchmarks, Panda config or `styled-system/`. The Dockerfile and the suite's install test
 * (`tests/unit/ops/production-install.test.ts`) both take exactly this list, by `npm run release`.
 */
export const RELEASE_PATHS = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'dist',
  'server',
  'views',
  'machines',
  'services',
  'domain',
  'tenants',
] as const;

/** Copies the release into `target` (created if missing). Throws naming what is missing, e.g. an unbuilt `dist/`. */
export function copyRelease(root: string, target: string): void {
  const missing = RELEASE_PATHS.filter((path) => !existsSync(join(root, path)));
  if (missing.length > 0) {
    throw new Error(`Cannot make a release: missing ${missing.join(', ')} (run npm run build first)`);
  }
  mkdirSync(target, { recursive: true });
  for (const path of RELEASE_PATHS) cpSync(join(root, path), join(target, path), { recursive: true });
}

// `npm run release -- <folder>`: the production tree in that folder, ready for `npm ci --omit=dev`.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: npm run release -- <folder>');
    process.exit(1);
  }
  try {
    copyRelease(resolve(import.meta.dirname, '../..'), resolve(target));
    console.log(`Release in ${resolve(target)}: now npm ci --omit=dev there, then start it (docs/deploy.md)`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
