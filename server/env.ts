import { z } from 'zod';
import { LOG_LEVELS } from './logger.ts';
import { parseAllowHosts } from './media/photos/address-policy.ts';

/** Whether `parse` succeeds. */
const tryParse = (parse: () => unknown) => {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
};

/** A secret from the environment: long enough to guess at no cost, with how to make one. */
const secretSetting = z
  .string()
  .min(32, 'must be at least 32 characters: generate one with `openssl rand -base64 32`')
  .optional();

const envSchema = z.object({
  /**
   * Which of the two modes runs (decision 113): `demo` (the default) serves with stand-ins where a
   * service is not configured and seeds the demo dealers; `production` refuses to start while any
   * stand-in, generated secret or pending migration would be used, and never creates demo data.
   */
  FORECOURT_ENV: z.enum(['demo', 'production']).default('demo'),
  /** Production: apply pending migrations on start instead of refusing (the demo always does). */
  MIGRATE_ON_START: z.enum(['0', '1']).default('0'),
  /** Parent key of every site's secured browser key on the embedded search endpoint. */
  SEARCH_PARENT_KEY: secretSetting,
  /** Admin key of the embedded search endpoint (record and settings writes). */
  SEARCH_ADMIN_KEY: secretSetting,
  /** Bearer token of the admin routes (`npm run stock:import`, `leads`, `reservations` through the server). */
  ADMIN_TOKEN: secretSetting,
  /** Signs the links emailed to shoppers that work without signing in (an alert's unsubscribe). */
  LINK_SECRET: secretSetting,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** The dealer site served on a plain `localhost` / `127.0.0.1`. */
  DEFAULT_TENANT: z.string().default('bayside-mazda'),
  TENANTS_DIR: z.string().optional(),
  /** Where PGlite, secrets and uploads live. */
  DATA_DIR: z.string().default('.data'),
  /** PostgreSQL instead of the embedded PGlite store. */
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL only: a schema to work in (created if missing), for several sites' stores in one database. */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL name')
    .optional(),
  /**
   * Server processes (issue 20 item 2): a number, or `auto` for one per core. Several need
   * `DATABASE_URL` (PGlite admits one process): without it the server runs one and says so.
   */
  WORKERS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  /** Hosted Algolia instead of the embedded search endpoint. */
  ALGOLIA_APP_ID: z.string().optional(),
  ALGOLIA_SEARCH_KEY: z.string().optional(),
  ALGOLIA_ADMIN_KEY: z.string().optional(),
  /** Exposes test-only switches (the search fault switch). Never set in production. */
  FORECOURT_TEST_MODE: z.enum(['0', '1']).default('0'),
  /**
   * How many reverse proxies in front of the server append to `X-Forwarded-For` (`off`/`0` by
   * default: the socket's peer is the client, and the header is ignored since anyone can send it).
   * With N, the client is the N-th address from the right of the peer plus the header's entries.
   */
  TRUST_PROXY: z
    .union([z.enum(['off', 'false']).transform(() => 0), z.coerce.number().int().min(0).max(10)])
    .default(0),
  /** Threads that hash passwords (default: one fewer than the cores, 1 to 4; decision 080). */
  HASH_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  /** Where lead emails go: an SMTP server (`smtp://user:pass@host:587`); unset, `.eml` files in `<DATA_DIR>/outbox`. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The sender of lead emails. */
  LEADS_FROM: z.email().default('leads@forecourt.local'),
  /** Google Geocoding API key for postcodes; unset, the bundled table (`server/geocoding/`, decision 084). */
  GEOCODING_API_KEY: z.string().min(1).optional(),
  /** The geocoding API's address (a test double or a proxy); Google's by default. */
  GEOCODING_URL: z.url().optional(),
  /** A real valuation provider for trade-ins (with `VALUATION_API_KEY`); unset, the local one (decision 087). */
  VALUATION_URL: z.url().optional(),
  VALUATION_API_KEY: z.string().min(1).optional(),
  /** Stripe's secret key: reservation deposits for the `stripe` processor go to Stripe; unset, the local provider (decisions 088, 119). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Stripe's publishable key (`pk_…`), for the browser's Payment Element; needed with `STRIPE_SECRET_KEY`. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** The signing secret (`whsec_…`) of the webhook endpoint `/api/payments/stripe/webhook` (issue 34 item 3). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * Hosts the stock-photo fetcher may reach although they resolve to a private, loopback or other
   * non-public address (decision 122): comma-separated `host`, `host:port`, `http://host[:port]` (plain
   * http allowed to that host too). Unset, photos come only over https from public addresses.
   */
  PHOTO_FETCH_ALLOW_HOSTS: z
    .string()
    .refine(
      (value) => tryParse(() => parseAllowHosts(value)),
      'expected hosts like `cdn.internal,http://127.0.0.1:8080`',
    )
    .optional(),
  /**
   * An S3-compatible bucket for the media storage (trade-in and stock photos), for a site served by
   * several hosts; unset, `<DATA_DIR>/media` (decision 122). Keys come from the AWS SDK's usual chain
   * (`AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY`, a role…).
   */
  MEDIA_S3_BUCKET: z.string().min(3).optional(),
  /** An S3-compatible service's address (MinIO, R2…; path-style addresses); AWS's own when unset. */
  MEDIA_S3_ENDPOINT: z.url().optional(),
  MEDIA_S3_REGION: z.string().min(1).optional(),
  /** A prefix for the bucket's keys (`site-a/`), so several sites can share one bucket. */
  MEDIA_S3_PREFIX: z
    .string()
    .regex(/^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)+$/, 'must be folder names each ending in /')
    .optional(),
  /** Stripe's API address (a test double); Stripe's own by default. */
  STRIPE_API_URL: z.url().optional(),
  /**
   * How long a rendered page is kept for signed-out shoppers, in seconds (production only; 0 turns the
   * page cache off). A change of stock or search drops every kept page at once (decision 090).
   */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * How many page renders run at once; the others wait their turn, first come first served, and the
   * server accepts connections and reads requests between renders (issue 38 item 2). With the render
   * thread, 8 answered 9–11 % more never-asked pages a second than 4, and 16 no more (decision 141).
   */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /**
   * How many threads of their own render storefront pages in production (decision 136): the main
   * thread keeps connections, the API, the store and search. 0 renders on the main thread.
   */
  RENDER_THREADS: z.coerce.number().int().min(0).max(16).default(1),
  /** How long shutdown waits for open requests before closing them. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  // Operating the server (issue 33 items 2–4, decision 114).
  /**
   * How long shutdown keeps serving with `/readyz` at 503 before it stops taking connections, so a
   * load balancer that probes every few seconds stops sending first (0: stop at once).
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** `/metrics` on this port too, without the admin token, bound to `HOST` (with several workers, their sum). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The quietest log level written: trace, debug, info (default), warn, error, fatal or silent. */
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
});

/** The server's settings, read from the environment. */
export type ServerEnv = z.infer<typeof envSchema>;

/** Reads and validates the environment (an empty variable counts as unset); a bad value stops start-up naming it. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const set = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  - ${problems.join('\n  - ')}`);
  }
  return parsed.data;
}
