import { Hono } from 'hono';
import type { Readiness } from './readiness.ts';

/** The liveness probe's path: the process answers. */
export const HEALTHZ_PATH = '/healthz';
/** The readiness probe's path: the process may be sent traffic. */
export const READYZ_PATH = '/readyz';

/**
 * The probes (issue 33 item 2), answered on any Host — a load balancer asks by IP address — before
 * the tenant lookup, the page cache and the request log, and never kept by a cache:
 * - `GET /healthz`: 200 `ok` while the process answers at all;
 * - `GET /readyz`: 200 with each check's outcome while ready; 503 with `status` `starting`,
 *   `draining`, or `failing` and the `failing` check's name otherwise.
 */
export function probeRoutes(readiness: Readiness): Hono {
  return new Hono()
    .get(HEALTHZ_PATH, (c) => {
      c.header('cache-control', 'no-store');
      return c.text('ok');
    })
    .get(READYZ_PATH, async (c) => {
      c.header('cache-control', 'no-store');
      const report = await readiness.report();
      return c.json(report, report.ok ? 200 : 503);
    });
}
