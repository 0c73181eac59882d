import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../store/db.ts';
import { openStoreFromEnv } from '../store/open-store.ts';
import { claimStore, type StoreOwner } from '../store/store-owner.ts';

/**
 * What the store CLIs (`stock:import`, `leads`) share: the data folder, the admin token, and a
 * call to the server that holds the store (PGlite admits one process, so while a server runs the
 * CLIs go through its admin routes: decision 077).
 */

/** `DATA_DIR`, or the repository's `.data`. */
export const DATA_DIR = process.env.DATA_DIR
  ? resolve(process.env.DATA_DIR)
  : fileURLToPath(new URL('../../.data/', import.meta.url));

/**
 * The server's admin token: `ADMIN_TOKEN` as production gives it (decision 113), the older
 * `FORECOURT_ADMIN_TOKEN`, or the one the demo generated into the data folder's secrets.
 */
export function adminToken(): string | null {
  if (process.env.ADMIN_TOKEN) return process.env.ADMIN_TOKEN;
  if (process.env.FORECOURT_ADMIN_TOKEN) return process.env.FORECOURT_ADMIN_TOKEN;
  const secrets = join(DATA_DIR, 'secrets.json');
  if (!existsSync(secrets)) return null;
  const parsed = JSON.parse(readFileSync(secrets, 'utf8')) as { adminToken?: unknown };
  return typeof parsed.adminToken === 'string' ? parsed.adminToken : null;
}

/**
 * Calls an admin route of the server holding the store and answers its JSON body; throws with a
 * message a person can act on when the server does not answer, refuses the token, lacks the route
 * or answers an error.
 */
export async function askHoldingServer(
  owner: StoreOwner & { url: string },
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<unknown> {
  const token = adminToken();
  let response: Response;
  try {
    response = await fetch(`${owner.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch (error) {
    throw new Error(
      `The server (pid ${owner.pid}) holds the store in ${DATA_DIR} but did not answer at ${owner.url} (${
        (error as Error).message
      }). Stop it, or start it again, and run this command again.`,
    );
  }
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (response.ok) return body;
  if (response.status === 404 && !body?.error) {
    throw new Error(`a server runs at ${owner.url} but has no such admin route; stop it and run this again`);
  }
  if (response.status === 401 || response.status === 403) {
    throw new Error(
      `the running server refused the admin token (set ADMIN_TOKEN as the server has it, or use the data folder's secrets.json)`,
    );
  }
  throw new Error(body?.error?.message ?? `the server answered ${response.status}`);
}

/**
 * Runs `work` on the store itself when no server holds it: claims the data folder's store as
 * `role`, opens it, and closes and lets go of it afterwards, whatever `work` does.
 */
export async function withOwnStore<T>(role: string, work: (db: Db) => Promise<T>): Promise<T> {
  const claim = claimStore(DATA_DIR, role, { shared: Boolean(process.env.DATABASE_URL) });
  try {
    const db = await openStoreFromEnv({ ...process.env, DATA_DIR });
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  } finally {
    claim.release();
  }
}
