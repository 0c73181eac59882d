import { join, resolve } from 'node:path';
import type { SiteConfig } from '../tenants/tenant.schema.ts';
import type { ServerEnv } from './env.ts';
import type { Logger } from './logger.ts';
import { PROCESSOR_SETTINGS } from './payments/provider.ts';
import { missingSecretSettings } from './secrets.ts';
import type { Executor } from './store/db.ts';
import type { MigrationStatus } from './store/migrate.ts';
import { openStoreUnmigrated } from './store/open-store.ts';

/**
 * The demo and production (issue 33 item 1, decision 113). The demo serves every feature, with a
 * local stand-in where a service is not configured, and says which; production refuses to start
 * while any stand-in, generated secret, pending migration or impossible process count would be used,
 * naming every one in one message.
 */

/** A local stand-in serving a feature because its real service is not configured. */
export interface StandIn {
  /** What shoppers or dealers use it for. */
  feature: string;
  /** What serves it instead of the real service. */
  standIn: string;
  /** The settings that replace it (those not given). */
  settings: readonly string[];
  /** How to make a value, where it is not obvious. */
  how?: string;
}

/** The cars that can be reserved through one payment processor, by dealer. */
export interface ProcessorUse {
  processor: string;
  /** The names of the dealer sites whose cars name it. */
  dealers: string[];
}

/** What a start check needs to know of the store. */
export interface StoreFacts {
  processors: ProcessorUse[];
  migrations: MigrationStatus;
}

/** The settings the modes read (all of `ServerEnv`: a processor's settings are named by string). */
type ModeEnv = ServerEnv;

const unset = (env: ModeEnv, names: readonly string[]) =>
  names.filter((name) => !(env as Record<string, unknown>)[name]);

/**
 * The stand-ins a server with these settings, dealers and cars uses. The bundled postcode table is
 * not one (decision 113): it answers every Australian postcode from public data and never reports
 * what did not happen. Search on the embedded endpoint is not one either: it is the product.
 */
export function standInsInUse(
  env: ModeEnv,
  sites: readonly SiteConfig[],
  processors: readonly ProcessorUse[],
): StandIn[] {
  const standIns: StandIn[] = [];
  if (!env.SMTP_URL) {
    standIns.push({
      feature: 'Email (leads to dealers, account links, saved-search alerts)',
      standIn: `.eml files in ${join(resolve(env.DATA_DIR), 'outbox')}, counted as delivered`,
      settings: ['SMTP_URL'],
    });
  }
  // Every dealer values trade-ins: each site serves the wizard at `/trade-in` (no switch turns it off).
  const valuing = sites;
  const valuation = unset(env, ['VALUATION_URL', 'VALUATION_API_KEY']);
  if (valuing.length > 0 && valuation.length > 0) {
    standIns.push({
      feature: `Trade-in valuation (${valuing.map((site) => site.name).join(', ')})`,
      standIn:
        'the local valuation table: made-up offers (test registrations TEST01, TEST02, TEST404, TEST500)',
      settings: valuation,
    });
  }
  for (const use of processors) {
    const settings = unset(env, PROCESSOR_SETTINGS[use.processor] ?? []);
    if (!PROCESSOR_SETTINGS[use.processor] || settings.length === 0) continue;
    standIns.push({
      feature: `Reservation deposits through ${use.processor} (cars of ${use.dealers.join(', ')})`,
      standIn: 'the local test cards (README): no money is taken',
      settings,
    });
  }
  const secrets = missingSecretSettings(env);
  if (secrets.length > 0) {
    standIns.push({
      feature: 'Secrets (search keys, admin token, signed links)',
      standIn: `generated into ${join(resolve(env.DATA_DIR), 'secrets.json')}, different on every instance`,
      settings: secrets,
      how: 'each at least 32 characters: `openssl rand -base64 32`',
    });
  }
  return standIns;
}

/** How many processes the settings ask for: `auto` counts as several. */
const asksForSeveral = (workers: ServerEnv['WORKERS']) => workers === 'auto' || workers > 1;

/** Everything that stops a production start, one line each; empty when it may start. */
export function productionProblems(env: ModeEnv, sites: readonly SiteConfig[], store: StoreFacts): string[] {
  const problems = standInsInUse(env, sites, store.processors).map(line);
  if (!env.DATABASE_URL && asksForSeveral(env.WORKERS)) {
    problems.push(
      `Store: WORKERS=${env.WORKERS} asks for several processes and the embedded PGlite store admits one. Set DATABASE_URL (PostgreSQL), or WORKERS=1.`,
    );
  }
  if (env.NODE_ENV === 'test' || env.FORECOURT_TEST_MODE === '1') {
    problems.push(
      'Test switches: NODE_ENV=test or FORECOURT_TEST_MODE=1 lets anyone make search fail on purpose. Unset them (NODE_ENV=production).',
    );
  }
  const { pending, changed } = store.migrations;
  if (changed.length > 0) {
    problems.push(
      `Migrations: ${changed.join(', ')} changed after being applied; restore the file and add a new migration instead.`,
    );
  }
  if (pending.length > 0 && env.MIGRATE_ON_START !== '1') {
    problems.push(
      `Migrations: ${pending.length} pending (${pending.join(', ')}). Run \`npm run db:migrate\` before starting, or set MIGRATE_ON_START=1.`,
    );
  }
  return problems;
}

/** One stand-in as a line of the refusal and of the demo's block. */
function line(standIn: StandIn): string {
  const how = standIn.how ? ` (${standIn.how})` : '';
  return `${standIn.feature}: ${standIn.standIn}. Set ${standIn.settings.join(', ')}${how}.`;
}

/** A production start refused: `problems` names every missing thing, the message lists them all. */
export class ProductionStartRefused extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      [
        `Forecourt will not start in production (FORECOURT_ENV=production) until each of these is fixed:`,
        ...problems.map((problem) => `  - ${problem}`),
        'docs/deploy.md lists every setting. Leave FORECOURT_ENV unset to run the demo instead.',
      ].join('\n'),
    );
    this.name = 'ProductionStartRefused';
  }
}

/**
 * The payment processors of the cars that can be reserved (in stock, on the website), with the
 * dealers whose cars name each; none before the store has a `cars` table.
 */
export async function processorsInUse(db: Executor, sites: readonly SiteConfig[]): Promise<ProcessorUse[]> {
  const { rows: table } = await db.query<{ found: string | null }>(
    "SELECT to_regclass('cars')::text AS found",
  );
  if (!table[0]?.found) return [];
  const { rows } = await db.query<{ processor: string; dealership_id: number }>(
    `SELECT DISTINCT processor, dealership_id
       FROM cars, jsonb_array_elements_text(COALESCE(data->'payment_processors', '[]'::jsonb)) AS processor
      WHERE status = 'in_stock' AND show_on_dealer_website
      ORDER BY processor, dealership_id`,
  );
  const siteOf = (dealershipId: number) =>
    sites.find((site) => site.dealerships.some((d) => d.id === dealershipId))?.name ??
    `dealership ${dealershipId}`;
  const uses = new Map<string, Set<string>>();
  for (const row of rows) {
    const dealers = uses.get(row.processor) ?? new Set<string>();
    dealers.add(siteOf(row.dealership_id));
    uses.set(row.processor, dealers);
  }
  return [...uses].map(([processor, dealers]) => ({ processor, dealers: [...dealers] }));
}

/**
 * Opens the store briefly, without migrating or seeding, and reads what a production start depends
 * on. PGlite admits one process: the caller holds the data folder's claim while this runs.
 */
async function inspectStore(env: ModeEnv, sites: readonly SiteConfig[]): Promise<StoreFacts> {
  const store = await openStoreUnmigrated({
    databaseUrl: env.DATABASE_URL,
    schema: env.DATABASE_SCHEMA,
    dataDir: join(resolve(env.DATA_DIR), 'pglite'),
  });
  try {
    return { processors: await processorsInUse(store.db, sites), migrations: await store.status() };
  } finally {
    await store.db.close();
  }
}

/**
 * The one start check (issue 33 item 1): in production it reads the store (without changing it) and
 * throws {@link ProductionStartRefused} naming every missing setting, stand-in, secret and pending
 * migration at once; the demo starts whatever is configured. `server/cli/start.ts` runs it before
 * building or forking, and `startServer` again before it opens anything for serving.
 */
export async function checkStart(env: ModeEnv, sites: readonly SiteConfig[]): Promise<void> {
  if (env.FORECOURT_ENV !== 'production') return;
  const problems = productionProblems(env, sites, await inspectStore(env, sites));
  if (problems.length > 0) throw new ProductionStartRefused(problems);
}

/** The demo's start-up block: that it is the demo, and each stand-in with what replaces it. */
export function demoNotice(standIns: readonly StandIn[]): string {
  const head =
    'This is the demo (FORECOURT_ENV is not production): an empty store gets the demo dealers’ stock, reviews, offers and parts';
  if (standIns.length === 0) return `${head}, and no stand-ins are in use.`;
  return [
    `${head}, and these stand-ins are in use:`,
    ...standIns.map((standIn) => `  - ${line(standIn)}`),
    'A live site runs with FORECOURT_ENV=production, which refuses to start while any of these is in use (docs/deploy.md).',
  ].join('\n');
}

/** Says at start-up which mode runs: the demo with its stand-ins, or production. */
export async function logMode(
  logger: Logger,
  env: ModeEnv,
  sites: readonly SiteConfig[],
  db: Executor,
): Promise<void> {
  if (env.FORECOURT_ENV === 'production') {
    logger.info('Forecourt runs in production: every feature uses its real service', { mode: 'production' });
    return;
  }
  const standIns = standInsInUse(env, sites, await processorsInUse(db, sites));
  // A newcomer's terminal gets the block as lines to read; a log collector (stdout piped) one JSON line.
  if (process.stdout.isTTY) console.log(`\n${demoNotice(standIns)}\n`);
  else logger.info(demoNotice(standIns), { mode: 'demo', stand_ins: standIns.map((s) => s.feature) });
}
