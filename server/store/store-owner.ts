import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * One process per embedded store (issue 13 item 7). PGlite's files admit one process, so whoever
 * opens the store in a data folder first records itself in `<DATA_DIR>/owner.json` — a server with
 * the URL it serves on, or a CLI — and removes the record when it lets go. Another process finds the
 * owner by the data folder, whatever port or environment it was started with: a CLI hands its work to
 * a serving owner, and anything else refuses with a message naming the owner. A record whose process
 * has gone (a crash) is stale and taken over.
 */

/** Who holds a data folder's store. */
export interface StoreOwner {
  pid: number;
  /** `server`, or the CLI that opened the store (`stock:import`, `seed`). */
  role: string;
  /** Where a serving owner answers (`http://127.0.0.1:3000`); null until it listens, and for a CLI. */
  url: string | null;
}

const ownerFile = (dataDir: string) => join(resolve(dataDir), 'owner.json');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live owner of the store in `dataDir`, or null when none holds it (no record, or a stale one). */
export function findStoreOwner(dataDir: string): StoreOwner | null {
  let owner: StoreOwner;
  try {
    owner = JSON.parse(readFileSync(ownerFile(dataDir), 'utf8')) as StoreOwner;
  } catch {
    return null;
  }
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return null;
  return isAlive(owner.pid) ? owner : null;
}

/** Thrown when another live process holds the store. */
export class StoreHeldError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: StoreOwner,
  ) {
    super(
      `The store in ${resolve(dataDir)} is held by another process (${owner.role}, pid ${owner.pid}${
        owner.url ? `, serving ${owner.url}` : ''
      }). PGlite admits one process: stop it first${owner.url ? ', or let this command use it' : ''}.`,
    );
    this.name = 'StoreHeldError';
  }
}

/** A held store: `serving(url)` records where the owner answers; `release()` lets go (idempotent). */
export interface StoreClaim {
  serving(url: string): void;
  release(): void;
}

function write(dataDir: string, owner: StoreOwner): void {
  const file = ownerFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(owner)}\n`);
  renameSync(temporary, file);
}

/**
 * Claims the store in `dataDir` for this process, or throws {@link StoreHeldError} when another live
 * process holds it. The same process may claim again (a test starting two servers on one folder).
 * `shared` (PostgreSQL, which admits many processes) records this process only when none is recorded.
 */
export function claimStore(dataDir: string, role: string, options: { shared?: boolean } = {}): StoreClaim {
  const current = findStoreOwner(dataDir);
  if (current && current.pid !== process.pid) {
    // A store many processes may open (PostgreSQL) leaves the record to its first owner.
    if (options.shared) return { serving: () => undefined, release: () => undefined };
    throw new StoreHeldError(dataDir, current);
  }
  mkdirSync(resolve(dataDir), { recursive: true });
  write(dataDir, { pid: process.pid, role, url: null });
  let released = false;
  return {
    serving(url) {
      if (!released) write(dataDir, { pid: process.pid, role, url });
    },
    release() {
      if (released) return;
      released = true;
      if (findStoreOwner(dataDir)?.pid === process.pid) rmSync(ownerFile(dataDir), { force: true });
    },
  };
}
