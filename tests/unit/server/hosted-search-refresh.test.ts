import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoAddress } from '../../../domain/photo-address.ts';
import { type Backends, openBackends } from '../../../server/backends.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { startSearchServer, TEST_KEYS, type TestSearchServer } from '../search/support/search-server.ts';

/**
 * Issue 35 item 3 with hosted search: a photo the pipeline fetches after the import rewrites the car
 * and refreshes it (`refreshCars`); the partial update sent to hosted Algolia carries the photo, so
 * its cards stop showing the placeholder. "Hosted Algolia" is the embedded endpoint on loopback,
 * reached through the real client.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-hosted-refresh-'));
let hosted: TestSearchServer;
let backends: Backends;

beforeAll(async () => {
  hosted = await startSearchServer();
  const env = Object.assign(
    readEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ALGOLIA_APP_ID: TEST_KEYS.appId,
      ALGOLIA_ADMIN_KEY: TEST_KEYS.adminKey,
    }),
    { ALGOLIA_HOST: `http://${hosted.host}` },
  );
  backends = await openBackends(env, loadTenants(), loadSecrets(dataDir), createLogger({ quiet: true }));
}, 60_000);

afterAll(async () => {
  await backends?.close();
  await hosted?.close();
});

const hostedRecord = () => hosted.registry.search('cars', { query: '' }).hits[0] as Record<string, unknown>;

describe('a car refreshed after the import reaches hosted search', () => {
  it('the partial update carries the fetched photo, its thumbhash and the photo count as well as `reserved`', async () => {
    const { rows } = await backends.db.query<{ id: number }>('SELECT id FROM cars ORDER BY id LIMIT 1');
    const id = rows[0]?.id as number;
    const objectID = String(id);
    hosted.registry.upsert('cars', [
      {
        objectID,
        primary_image_url: '/media/photos/placeholder.svg',
        primary_image_thumbhash: null,
        image_count: 1,
        reserved: true,
      },
    ]);
    const photo = photoAddress('0123456789abcdef0123456789abcdef');
    const thumbhash = 'FRoDBYBaiT95iIiIiLd4dAiJhpBo';
    await backends.db.query(`UPDATE cars SET data = data || $2::jsonb WHERE id = $1`, [
      id,
      JSON.stringify({
        images: [photo, photo],
        primary_image_url: photo,
        primary_image_thumbhash: thumbhash,
        image_thumbhashes: [thumbhash, null],
        reserved: false,
      }),
    ]);

    await backends.refreshCars([id]);

    expect(hostedRecord()).toMatchObject({
      objectID,
      primary_image_url: photo,
      primary_image_thumbhash: thumbhash,
      image_count: 2,
      reserved: false,
    });
  });
});
