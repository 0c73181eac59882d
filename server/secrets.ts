import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ServerEnv } from './env.ts';

const secretsSchema = z.object({
  /** Parent key of every site's secured browser key (embedded search). */
  searchKey: z.string().min(32),
  /** Admin key of the embedded search endpoint (record and settings writes). */
  searchAdminKey: z.string().min(32),
  /** Bearer token of the admin routes (stock import from the CLI into a running server). */
  adminToken: z.string().min(32),
  /** Signs the links emailed to shoppers that work without signing in (an alert's unsubscribe). */
  linkSecret: z.string().min(32),
});

/**
 * Server-only secrets. Never sent to a browser, embedded in HTML or logged. Sessions need none: a
 * session cookie is a random token whose hash the store keeps, so instances sharing a store share
 * sessions (decision 113).
 */
export type Secrets = z.infer<typeof secretsSchema>;

/** The environment variable that gives each secret (decision 113). */
export const SECRET_SETTINGS = {
  searchKey: 'SEARCH_PARENT_KEY',
  searchAdminKey: 'SEARCH_ADMIN_KEY',
  adminToken: 'ADMIN_TOKEN',
  linkSecret: 'LINK_SECRET',
} as const satisfies Record<keyof Secrets, keyof ServerEnv>;

/** What the secrets are read from: the environment's settings. */
type SecretEnv = Pick<ServerEnv, (typeof SECRET_SETTINGS)[keyof Secrets]>;

const secretNames = Object.keys(SECRET_SETTINGS) as (keyof Secrets)[];

/** The secrets the environment gives, by field. */
function secretsInEnv(env: SecretEnv): Partial<Secrets> {
  return Object.fromEntries(
    secretNames.flatMap((name) => {
      const value = env[SECRET_SETTINGS[name]];
      return value ? [[name, value]] : [];
    }),
  );
}

/** The settings of the secrets the environment does not give, in a stable order. */
export function missingSecretSettings(env: SecretEnv): string[] {
  return secretNames.filter((name) => !env[SECRET_SETTINGS[name]]).map((name) => SECRET_SETTINGS[name]);
}

const fresh = () => randomBytes(24).toString('base64url');

/**
 * Loads `<dataDir>/secrets.json`, creating it (mode 0600) with random values on first start.
 * Missing fields are added, so a later release can introduce a new secret. The demo's store of
 * secrets: each instance would make its own, which is why production takes them from the
 * environment instead ({@link serverSecrets}).
 */
export function loadSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const candidate = {
    searchKey: fresh(),
    searchAdminKey: fresh(),
    adminToken: fresh(),
    linkSecret: fresh(),
    ...stored,
  };
  const secrets = secretsSchema.parse(candidate);
  const same =
    Object.keys(stored).length === secretNames.length && secretNames.every((name) => name in stored);
  if (!same) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}

/**
 * The secrets a server runs with (issue 33 item 5). In production every one comes from the
 * environment, so instances started with the same environment agree on search keys, admin tokens
 * and signed links, and nothing is written to the data folder; a missing one throws (the start
 * check names them all first, `server/mode.ts`). In the demo a secret the environment gives wins,
 * and the rest come from `<DATA_DIR>/secrets.json`, generated on first start.
 */
export function serverSecrets(env: SecretEnv & Pick<ServerEnv, 'FORECOURT_ENV' | 'DATA_DIR'>): Secrets {
  const given = secretsInEnv(env);
  if (env.FORECOURT_ENV === 'production') {
    const missing = missingSecretSettings(env);
    if (missing.length > 0)
      throw new Error(`Production takes every secret from the environment: set ${missing.join(', ')}`);
    return secretsSchema.parse(given);
  }
  if (missingSecretSettings(env).length === 0) return secretsSchema.parse(given);
  return { ...loadSecrets(env.DATA_DIR), ...given };
}
