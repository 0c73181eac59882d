import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { loadMigrations, migrate } from '../../server/store/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an empty in-memory PGlite store with every migration applied. */
    pgliteTemplate: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

/**
 * Vitest global setup: one empty, migrated PGlite store, dumped to a file the test workers copy
 * (tests/setup/pglite-template.ts). Starting PGlite runs `initdb` and the migrations, a few seconds
 * each time; loading the dump skips both. The file is named by PGlite's version and the migrations,
 * so it is built again only when either changes.
 */
export async function setup(project: TestProject): Promise<void> {
  const pkg = readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8');
  const version = (JSON.parse(pkg) as { version: string }).version;
  const key = createHash('sha256')
    .update(version)
    .update(
      loadMigrations()
        .map((m) => `${m.name}:${m.checksum}`)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  const dir = join(root, 'node_modules/.cache/forecourt-tests');
  const file = join(dir, `pglite-${key}.tar`);
  if (!existsSync(file)) {
    const pg = await PGlite.create();
    await migrate(
      {
        query: (sql, params) => pg.query(sql, params ? [...params] : undefined),
        exec: async (s) => void (await pg.exec(s)),
      },
      { lock: false },
    );
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  project.provide('pgliteTemplate', file);
}
