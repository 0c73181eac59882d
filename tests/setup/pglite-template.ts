import { readFileSync } from 'node:fs';
import type { PGliteOptions } from '@electric-sql/pglite';
import { inject, vi } from 'vitest';

/**
 * An in-memory PGlite store opens from the migrated template dump (tests/setup/pglite-template.global.ts)
 * instead of running `initdb` and every migration again: the same empty, migrated store, seconds
 * sooner. `openStore` still runs the migrations, which find every one applied. Stores in a folder
 * (`dataDir` on disk) and stores given their own dump open as before.
 */
vi.mock('@electric-sql/pglite', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@electric-sql/pglite')>();
  const template = inject('pgliteTemplate');
  const create = actual.PGlite.create.bind(actual.PGlite) as (...args: unknown[]) => Promise<unknown>;
  const inMemory = (options: unknown): options is PGliteOptions => {
    if (typeof options !== 'object' || options === null) return false;
    const { dataDir, loadDataDir } = options as PGliteOptions;
    return !loadDataDir && (dataDir === undefined || dataDir.startsWith('memory://'));
  };
  const fromTemplate = (...args: unknown[]) =>
    template && args.length === 1 && inMemory(args[0])
      ? create({ ...args[0], loadDataDir: new Blob([readFileSync(template)]) })
      : create(...args);
  const PGlite = new Proxy(actual.PGlite, {
    get: (target, key, receiver) => (key === 'create' ? fromTemplate : Reflect.get(target, key, receiver)),
  });
  return { ...actual, PGlite };
});
