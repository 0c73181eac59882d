import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const secretsSchema = z.object({
  /** Parent key of every site's secured browser key (embedded search). */
  searchKey: z.string().min(32),
  /** Admin key of the embedded search endpoint (record and settings writes). */
  searchAdminKey: z.string().min(32),
  /** Bearer token of the admin routes (stock import from the CLI into a running server). */
  adminToken: z.string().min(32),
  /** Signs session cookies. */
  sessionSecret: z.string().min(32),
  /** Signs the links emailed to shoppers that work without signing in (an alert's unsubscribe). */
  linkSecret: z.string().min(32),
});

/** Server-only secrets. Never sent to a browser, embedded in HTML or logged. */
export type Secrets = z.infer<typeof secretsSchema>;

const fresh = () => randomBytes(24).toString('base64url');

/**
 * Loads `<dataDir>/secrets.json`, creating it (mode 0600) with random values on first start.
 * Missing fields are added, so a later release can introduce a new secret.
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
    sessionSecret: fresh(),
    linkSecret: fresh(),
    ...stored,
  };
  const secrets = secretsSchema.parse(candidate);
  if (Object.keys(stored).length !== Object.keys(secrets).length) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}
