import type { SearchIndexRegistry } from '../search/engine/registry.ts';
import { SEARCH_INDICES } from '../search/indices.ts';
import type { Db } from '../store/db.ts';
import { loadMigrations } from '../store/migrate.ts';
import { scrubText } from './redact.ts';

/** Where a server is in its life: `/readyz` is 200 only while `ready` and every check passes. */
export type ReadinessState = 'starting' | 'ready' | 'draining';

/** One thing that must work for the server to take traffic; `run` throws, saying what is wrong. */
export interface ReadinessCheck {
  name: string;
  run(): Promise<void>;
}

/** What `/readyz` answers. */
export interface ReadinessReport {
  ok: boolean;
  status: ReadinessState | 'failing';
  /** Each check's outcome: `ok`, or what failed. */
  checks: Record<string, string>;
  /** The first check that failed. */
  failing?: string;
}

/** How long one check may take before it counts as failed: a probe answers, it never hangs. */
export const CHECK_TIMEOUT_MS = 2000;

function withTimeout(check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check.run(), timedOut]).finally(() => clearTimeout(timer));
}

/**
 * A server's readiness (issue 33 item 2): `starting` until its backends are open and its app is
 * attached, `ready` from then while its checks pass, `draining` from the moment shutdown begins —
 * so a load balancer stops sending before the listener closes.
 */
export class Readiness {
  private current: ReadinessState = 'starting';
  private checks: readonly ReadinessCheck[] = [];

  /** The state, whatever the checks say. */
  get state(): ReadinessState {
    return this.current;
  }

  /** The backends are open: ready from now on, while `checks` pass. */
  ready(checks: readonly ReadinessCheck[]): void {
    this.checks = checks;
    if (this.current === 'starting') this.current = 'ready';
  }

  /** Shutdown has begun: `/readyz` answers 503 from now on. */
  drain(): void {
    this.current = 'draining';
  }

  /** Runs every check (each within {@link CHECK_TIMEOUT_MS}) unless the server is starting or draining. */
  async report(): Promise<ReadinessReport> {
    if (this.current !== 'ready') return { ok: false, status: this.current, checks: {} };
    const outcomes = await Promise.all(
      this.checks.map(async (check) => {
        try {
          await withTimeout(check);
          return [check.name, 'ok'] as const;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          return [check.name, scrubText(reason) || 'failed'] as const;
        }
      }),
    );
    const failing = outcomes.find(([, outcome]) => outcome !== 'ok')?.[0];
    return {
      ok: failing === undefined,
      status: failing === undefined ? 'ready' : 'failing',
      checks: Object.fromEntries(outcomes),
      ...(failing ? { failing } : {}),
    };
  }
}

/**
 * The checks of a server on its backends: the store answers `SELECT 1`; every migration this build
 * has is applied (a store migrated by an older build is not current); the search indices are loaded.
 */
export function backendChecks(deps: { db: Db; search: SearchIndexRegistry }): ReadinessCheck[] {
  const expected = loadMigrations().map((migration) => migration.name);
  return [
    { name: 'store', run: async () => void (await deps.db.query('SELECT 1')) },
    {
      name: 'migrations',
      run: async () => {
        const { rows } = await deps.db.query<{ name: string }>('SELECT name FROM schema_migrations');
        const applied = new Set(rows.map((row) => row.name));
        const pending = expected.filter((name) => !applied.has(name));
        if (pending.length > 0) throw new Error(`pending: ${pending.join(', ')}`);
      },
    },
    {
      name: 'search',
      run: async () => {
        const missing = SEARCH_INDICES.map((index) => index.name).filter((name) => !deps.search.has(name));
        if (missing.length > 0) throw new Error(`not loaded: ${missing.join(', ')}`);
      },
    },
  ];
}
