import type { Car } from '../../domain/car.ts';
import { carSchema } from '../../domain/car.ts';
import { savedSearchKey } from '../../domain/saved-search.ts';
import type { SearchState } from '../../domain/search-state.ts';
import {
  type CarNews,
  matchPriceChanges,
  matchSite,
  skipPriceChanges,
} from '../../server/saved-searches/match.ts';
import { upsertCars } from '../../server/store/cars.repo.ts';
import type { Db } from '../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../server/store/open-store.ts';
import { listMatchableSearches } from '../../server/store/saved-searches.repo.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { percentile } from '../search/report.ts';
import { machine, machineText, writeReport } from '../support/server.ts';

/**
 * Issue 19 item 2: the matching of one stock import against 10,000 saved searches. One dealer's
 * shoppers hold 10,000 saved searches (1,000 shoppers × 10: makes, models, bodies, price and km
 * ranges, car types, some with text); each round imports 200 new cars and cuts the price of 50, then
 * times `matchPriceChanges` — reading the changes, running every saved search through the engine,
 * storing the alerts. On PGlite, and on PostgreSQL when `DATABASE_URL` is set. Writes
 * `bench/reports/alerts.md` and `.json`.
 */
const SEARCHES = Number(process.env.BENCH_SAVED_SEARCHES ?? 10_000);
const ROUNDS = 5;
const NEW_CARS = 200;
const PRICE_CUTS = 50;

const sites = loadTenants();
const site = sites.find((s) => s.slug === 'metro-used') ?? (sites[0] as (typeof sites)[number]);
const dealership = site.dealerships[0] as (typeof site.dealerships)[number];
const MAKES = [
  ['Toyota', ['Corolla', 'RAV4', 'HiLux', 'Camry']],
  ['Mazda', ['CX-5', 'Mazda3', 'BT-50', 'CX-30']],
  ['Ford', ['Ranger', 'Everest', 'Puma']],
  ['Hyundai', ['i30', 'Tucson', 'Kona']],
  ['Kia', ['Sportage', 'Cerato', 'Seltos']],
] as const;
const BODIES = ['SUV', 'Hatch', 'Sedan', 'Ute'];

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

function car(id: number, price: number): Car {
  const [make, models] = pick(MAKES);
  const model = pick(models);
  return carSchema.parse({
    id,
    slug: `bench-${id}`,
    name: `2022 ${make} ${model} ${id}`,
    year: 2015 + Math.floor(random() * 11),
    make,
    model,
    car_type: pick(['used', 'used', 'demo', 'new']),
    status: 'in_stock',
    price,
    km: Math.floor(random() * 150_000),
    simple_body: pick(BODIES),
    stocknum: `B${id}`,
    created_at: new Date().toISOString(),
    dealership_id: dealership.id,
    dealership_slug: dealership.slug,
  });
}

function savedSearch(i: number): { search: SearchState; car_types: Car['car_type'][] | null } {
  const [make, models] = pick(MAKES);
  const search: SearchState = { make: [make] };
  if (random() < 0.4) search.model = [pick(models)];
  if (random() < 0.3) search.body = [pick(BODIES)];
  if (random() < 0.6) search.price = { max: 10_000 + Math.floor(random() * 50) * 1000 };
  if (random() < 0.3) search.km = { max: 20_000 + Math.floor(random() * 10) * 10_000 };
  if (random() < 0.1) search.query = pick(['auto', 'turbo', make.toLowerCase(), 'sport']);
  if (i % 7 === 0) search.year = { min: 2018 };
  return { search, car_types: random() < 0.3 ? ['used'] : null };
}

async function seedSearches(db: Db): Promise<void> {
  const users = Math.ceil(SEARCHES / 10);
  await db.query(
    `INSERT INTO users (site_id, email, password_hash)
     SELECT $1, 'bench-' || n || '@example.com', 'x' FROM generate_series(1, $2) AS n`,
    [site.id, users],
  );
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE site_id = $1 ORDER BY id', [
    site.id,
  ]);
  const rowsOf = Array.from({ length: SEARCHES }, (_, i) => {
    const { search, car_types } = savedSearch(i);
    return {
      user_id: (rows[Math.floor(i / 10)] as { id: number }).id,
      name: `Search ${i}`,
      href: '/search',
      origin: 'https://bench.example',
      search,
      car_types,
      key: `${i}|${savedSearchKey(search, car_types)}`,
      frequency: i % 3 === 0 ? 'daily' : 'instant',
    };
  });
  await db.query(
    `INSERT INTO saved_searches (user_id, name, href, origin, search, car_types, key, frequency)
     SELECT (s->>'user_id')::int, s->>'name', s->>'href', s->>'origin', s->'search',
            CASE WHEN s->'car_types' = 'null'::jsonb THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(s->'car_types')) END,
            s->>'key', s->>'frequency'
     FROM jsonb_array_elements($1::jsonb) AS s`,
    [JSON.stringify(rowsOf)],
  );
}

interface Outcome {
  engine: string;
  searches: number;
  rounds: { ms: number; engineMs: number; changes: number; cars: number; alerts: number }[];
  engineP50Ms: number;
  p50Ms: number;
  maxMs: number;
  perSearchUs: number;
}

async function measure(engine: string, db: Db): Promise<Outcome> {
  await seedSearches(db);
  let nextId = 5_000_000;
  const stock: Car[] = [];
  for (let i = 0; i < 1000; i += 1) stock.push(car(nextId++, 8_000 + Math.floor(random() * 60) * 1000));
  await upsertCars(db, stock);
  await skipPriceChanges(db);
  const rounds: Outcome['rounds'] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const arrivals = Array.from({ length: NEW_CARS }, () =>
      car(nextId++, 8_000 + Math.floor(random() * 60) * 1000),
    );
    const cuts = stock
      .slice(round * PRICE_CUTS, (round + 1) * PRICE_CUTS)
      .map((c) => ({ ...c, price: c.price - 1500 }));
    await upsertCars(db, [...arrivals, ...cuts]);
    const started = performance.now();
    const report = await matchPriceChanges(db, sites);
    const ms = performance.now() - started;
    // The engine's share: the same cars and searches, matched again without the store.
    const searches = await listMatchableSearches(db, site.id);
    const news = new Map<number, CarNews>(
      [...arrivals, ...cuts].map((c) => [
        c.id,
        { car_id: c.id, reason: 'new', price: c.price, previous_price: null },
      ]),
    );
    const engineStarted = performance.now();
    matchSite(site, [...arrivals, ...cuts], news, searches, Math.floor(Date.now() / 1000));
    const engineMs = Math.round(performance.now() - engineStarted);
    rounds.push({
      ms: Math.round(ms),
      engineMs,
      changes: report.changes,
      cars: report.cars,
      alerts: report.alerts,
    });
    console.log(
      `${engine} round ${round + 1}: ${Math.round(ms)} ms, ${report.cars} cars × ${report.searches} searches → ${report.alerts} alerts`,
    );
  }
  const times = rounds.map((r) => r.ms);
  const p50 = percentile(times, 50);
  return {
    engine,
    searches: SEARCHES,
    rounds,
    p50Ms: p50,
    engineP50Ms: percentile(
      rounds.map((r) => r.engineMs),
      50,
    ),
    maxMs: Math.max(...times),
    perSearchUs: Math.round((p50 * 1000) / SEARCHES),
  };
}

const outcomes: Outcome[] = [];
const pglite = await openStore({ dataDir: IN_MEMORY });
outcomes.push(await measure('PGlite', pglite));
await pglite.close();
if (process.env.DATABASE_URL) {
  const schema = `bench_alerts_${Date.now().toString(36)}`;
  const postgres = await openStore({ databaseUrl: process.env.DATABASE_URL, schema });
  try {
    outcomes.push(await measure('PostgreSQL', postgres));
  } finally {
    await postgres.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await postgres.close();
  }
}

const host = machine();
writeReport('alerts', { machine: host, newCars: NEW_CARS, priceCuts: PRICE_CUTS, outcomes }, [
  '# Saved-search alerts: one import against 10,000 saved searches',
  '',
  `Machine: ${machineText(host)}. Each round imports ${NEW_CARS} new cars and cuts the price of ${PRICE_CUTS}, then times \`matchPriceChanges\` (read the changes, run every saved search through the engine, store the alerts). ${ROUNDS} rounds per store.`,
  '',
  '| Store | Saved searches | p50 per import | slowest | of which the engine (p50) | per saved search | alerts per import |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...outcomes.map(
    (o) =>
      `| ${o.engine} | ${o.searches.toLocaleString('en')} | ${o.p50Ms} ms | ${o.maxMs} ms | ${o.engineP50Ms} ms | ${o.perSearchUs} µs | ${Math.round(
        percentile(
          o.rounds.map((r) => r.alerts),
          50,
        ),
      ).toLocaleString('en')} |`,
  ),
  '',
]);
