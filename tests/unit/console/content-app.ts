import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { homeRoutes } from '../../../server/api/home.routes.ts';
import { pagesRoutes } from '../../../server/api/pages.routes.ts';
import { testDrivesRoutes } from '../../../server/api/test-drives.routes.ts';
import { createApp } from '../../../server/app.ts';
import type { AppEnv } from '../../../server/app-env.ts';
import { consoleApiRoutes } from '../../../server/console/console-routes.ts';
import { LocationHours } from '../../../server/console/hours/location-hours.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { localMediaStore, type MediaStore } from '../../../server/media/media-store.ts';
import { photoRoutes } from '../../../server/media/photos/photo.routes.ts';
import { PageCache } from '../../../server/render/page-cache.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import type { Db } from '../../../server/store/db.ts';
import { listAllPromotions } from '../../../server/store/promotions.repo.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';

/**
 * The app as the server wires the console's offers and hours (issue 36 item 6): the console routes,
 * the public answers that show offers and hours (pages, home, test-drive times, `/api/site`), the
 * photo routes, a page cache, and the content the server keeps in memory — the running promotions
 * and the special days laid over each site (`LocationHours.siteOf`) — reloaded after each change with
 * the kept pages dropped, as `Backends.refreshContent` does.
 */
export function contentApp(db: Db, now: () => Date) {
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-console-content-'));
  const sites = loadTenants();
  const media: MediaStore = localMediaStore(join(dataDir, 'media'));
  const pageCache = new PageCache();
  const hours = new LocationHours();
  let promotions = [] as Awaited<ReturnType<typeof listAllPromotions>>;
  let changes = 0;
  const contentChanged = async () => {
    promotions = await listAllPromotions(db);
    await hours.reload(db);
    pageCache.invalidate();
    changes += 1;
  };
  const app: Hono<AppEnv> = createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    sites,
    secrets: loadSecrets(dataDir),
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger: createLogger({ quiet: true }),
    mounts: [{ path: '/media/photos', app: photoRoutes(media) as unknown as Hono }],
    apiRoutes: [
      consoleApiRoutes({ db, now, media, sites, contentChanged }),
      pagesRoutes({ db, now, sites }),
      homeRoutes({ db, now }),
      testDrivesRoutes({ db, now, sites }),
    ],
    siteOf: hours.siteOf,
    promotions: (siteId) =>
      promotions
        .filter(
          (p) =>
            p.site_id === siteId &&
            Date.parse(p.start_at) <= now().getTime() &&
            now().getTime() < Date.parse(p.expires_at),
        )
        .map(({ id, title, description }) => ({ id, title, description })),
    pageCache,
  });
  return {
    app,
    media,
    pageCache,
    sites,
    siteOf: hours.siteOf,
    changes: () => changes,
    ready: contentChanged,
  };
}

/** A request to a dealer's host: GET, or POST with JSON or a multipart form (same-origin), as a browser sends it. */
export async function request(
  app: Hono<AppEnv>,
  slug: string,
  path: string,
  init: { cookie?: string; body?: unknown; form?: FormData } = {},
) {
  const headers: Record<string, string> = { host: `${slug}.localhost` };
  if (init.cookie) headers.cookie = init.cookie;
  const post = init.body !== undefined || init.form !== undefined;
  if (post) {
    headers.origin = `http://${slug}.localhost`;
    headers['sec-fetch-site'] = 'same-origin';
  }
  let body: BodyInit | undefined;
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  if (init.form) {
    // Encoded whole first: a browser sends a file's form with its length.
    const encoded = new Request('http://localhost/', { method: 'POST', body: init.form });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    headers['content-type'] = encoded.headers.get('content-type') ?? '';
    headers['content-length'] = String(bytes.byteLength);
    body = bytes;
  }
  return app.request(path, { method: post ? 'POST' : 'GET', headers, ...(body ? { body } : {}) });
}
