import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCars, getCarById, upsertCars } from '../../../server/store/cars.repo.ts';
import { loadMigrations, migrate } from '../../../server/store/migrate.ts';
import { openStore } from '../../../server/store/open-store.ts';
import { sampleCar } from './sample-car.ts';
import type { TestStore } from './test-stores.ts';
import { testDrivers } from './test-stores.ts';

const MIGRATIONS = loadMigrations();

describe.each(testDrivers('store'))('store on $name', (driver) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await driver.open();
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it('applies every migration once and records it in schema_migrations', async () => {
    const { rows } = await store.db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(rows.map((row) => row.name)).toEqual(MIGRATIONS.map((m) => m.name));
    const tables = await store.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_name = ANY($1::text[])`,
      [['cars', 'makes', 'models', 'reviews', 'promotions', 'store_meta']],
    );
    expect(tables.rows[0]?.count).toBe(6);
  });

  it('commits a transaction when its function resolves and rolls it back when it throws', async () => {
    await store.db.transaction(async (tx) => {
      await upsertCars(tx, [sampleCar(1)]);
    });
    await expect(
      store.db.transaction(async (tx) => {
        await upsertCars(tx, [sampleCar(2)]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await getCarById(store.db, [1011], 1)).not.toBeNull();
    expect(await getCarById(store.db, [1011], 2)).toBeNull();
  });

  it('never shows a read started during a transaction the uncommitted write', async () => {
    let outside: Promise<number> | undefined;
    await expect(
      store.db.transaction(async (tx) => {
        await upsertCars(tx, [sampleCar(3)]);
        outside = countCars(store.db);
        await new Promise((resolve) => setTimeout(resolve, 30));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const seen = await outside;
    expect(seen).toBe(await countCars(store.db));
    expect(await getCarById(store.db, [1011], 3)).toBeNull();
  });

  it('rolls back only the inner part of a nested transaction (savepoint)', async () => {
    await store.db.transaction(async (tx) => {
      await upsertCars(tx, [sampleCar(4)]);
      await tx
        .transaction(async (inner) => {
          await upsertCars(inner, [sampleCar(5)]);
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    expect(await getCarById(store.db, [1011], 4)).not.toBeNull();
    expect(await getCarById(store.db, [1011], 5)).toBeNull();
  });

  it('refuses to start when an applied migration file was changed', async () => {
    const last = MIGRATIONS.at(-1);
    if (!last) throw new Error('no migrations');
    const changed = [...MIGRATIONS.slice(0, -1), { ...last, checksum: 'edited' }];
    const rerun = store.schema
      ? openStore({ databaseUrl: process.env.DATABASE_URL, schema: store.schema, migrations: changed })
      : migrate(
          { query: (sql, params) => store.db.query(sql, params), exec: async () => {} },
          { lock: false, migrations: changed },
        );
    await expect(rerun).rejects.toThrow(`migration ${last.name} changed after it was applied`);
  });

  it('applies nothing when migrations run again', async () => {
    const rerun = store.schema
      ? openStore({ databaseUrl: process.env.DATABASE_URL, schema: store.schema }).then(async (db) => {
          await db.close();
          return [];
        })
      : migrate(
          { query: (sql, params) => store.db.query(sql, params), exec: async () => {} },
          { lock: false },
        );
    expect(await rerun).toEqual([]);
  });
});

describe('PGlite on disk', () => {
  it('keeps a write that resolved, and applies migrations only once across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forecourt-store-'));
    try {
      const first = await openStore({ dataDir: dir });
      await upsertCars(first, [sampleCar(11)]);
      await first.close();
      const second = await openStore({ dataDir: dir });
      const { rows } = await second.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM schema_migrations',
      );
      expect(rows[0]?.count).toBe(MIGRATIONS.length);
      expect((await getCarById(second, [1011], 11))?.name).toBe('2022 Mazda CX-5 Maxx');
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))(
  'PostgreSQL across processes (runs when DATABASE_URL is set)',
  () => {
    const url = process.env.DATABASE_URL as string;
    const drivers = testDrivers('race');
    const postgres = drivers.find((d) => d.name === 'postgres');

    it('applies migrations once when several stores open the same schema at the same time', async () => {
      if (!postgres) throw new Error('DATABASE_URL is set but no postgres driver');
      const first = await postgres.open();
      const schema = first.schema as string;
      // Empty the schema whatever the migrations have created, so the racers start from nothing.
      await first.db.query(`DROP SCHEMA "${schema}" CASCADE`);
      await first.db.query(`CREATE SCHEMA "${schema}"`);
      const racers = await Promise.all([1, 2, 3, 4].map(() => openStore({ databaseUrl: url, schema })));
      const { rows } = await first.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM schema_migrations',
      );
      expect(rows[0]?.count).toBe(MIGRATIONS.length);
      await Promise.all(racers.map((db) => db.close()));
      await first.cleanup();
    });

    it('acknowledges a write only once another connection can read it', async () => {
      if (!postgres) throw new Error('DATABASE_URL is set but no postgres driver');
      const store = await postgres.open();
      const other = await openStore({ databaseUrl: url, schema: store.schema as string });
      try {
        await upsertCars(store.db, [sampleCar(21)]);
        expect(await getCarById(other, [1011], 21)).not.toBeNull();
      } finally {
        await other.close();
        await store.cleanup();
      }
    });
  },
);
