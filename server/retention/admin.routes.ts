import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { routePath } from '../../domain/contracts/endpoint.ts';
import { purgeRequest } from '../../domain/contracts/retention.ts';
import { keepingTimes } from '../../domain/retention.ts';
import { apiError } from '../api/api-error.ts';
import { adminOnly } from '../auth/admin-token.ts';
import { readJsonBody } from '../auth/request.ts';
import type { MediaStore } from '../media/media-store.ts';
import type { Db } from '../store/db.ts';
import { purge } from './purge.ts';

/** The admin sub-app's path for the purge, relative to its `/api/admin` mount. */
const PURGE_ROUTE = routePath(purgeRequest).slice('/admin'.length);

/** A purge request names a keeping time and a switch: far below this. */
const MAX_PURGE_BODY = 1024;

/**
 * `POST /api/admin/purge` (mounted at `/api/admin`, before tenant resolution; contract in
 * `domain/contracts/retention.ts`): the purge run by the server that holds the store, so
 * `npm run purge` works while PGlite is held. Bearer admin token only.
 */
export function purgeAdminRoutes(deps: {
  db: Db;
  media: MediaStore;
  adminToken: string;
  now?: () => Date;
}): Hono {
  const now = deps.now ?? (() => new Date());
  const body = purgeRequest.request().body;
  const limit = bodyLimit({
    maxSize: MAX_PURGE_BODY,
    onError: (c) => apiError(c, 413, 'payload_too_large', 'The request body is over 1 kB'),
  });
  return new Hono().post(PURGE_ROUTE, limit, adminOnly(deps.adminToken), async (c) => {
    // The house reader: 415 without JSON, 400 unreadable, 422 naming the field that is wrong.
    const parsed = await readJsonBody(c, body);
    if (!parsed.ok) return parsed.response;
    const report = await purge(
      { db: deps.db, media: deps.media },
      { now: now(), keeping: keepingTimes(parsed.data.older_than), dryRun: parsed.data.dry_run },
    );
    return c.json(report);
  });
}
