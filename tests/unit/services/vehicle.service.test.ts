import { mkdtempSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carsRoutes } from '../../../server/api/cars.routes.ts';
import { createApp } from '../../../server/app.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { upsertCars } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { isServiceError } from '../../../services/errors.ts';
import { createHttp, type Http } from '../../../services/http.ts';
import {
  fetchCarFinance,
  fetchCarPdf,
  fetchFinanceDisclaimers,
  fetchVehicle,
  trackPhoneReveal,
} from '../../../services/vehicle/vehicle.service.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { buildCar } from '../../fixtures/cars.ts';

/** The vehicle services against the real app on loopback (PGlite in memory), as the browser calls them. */
const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-vehicle-service-'));
let db: Db;
let server: Server;
let http: Http;

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  await upsertCars(db, [
    buildCar({
      dealership_id: 1011,
      dealership_slug: 'bayside-mazda',
      finance_lenders: {
        oem: { interestRate: 6.99, comparisonRate: 7.49, paymentMonth: 612, disclaimer: 'OEM only.' },
      },
    }),
  ]);
  const app = createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DEFAULT_TENANT: 'bayside-mazda' }),
    sites: loadTenants(),
    secrets: loadSecrets(dataDir),
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger: createLogger({ quiet: true }),
    apiRoutes: [carsRoutes({ db })],
  });
  server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  http = createHttp({ baseUrl: `http://127.0.0.1:${port}`, fetch: (request) => fetch(request) });
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await db?.close();
});

describe('vehicle services (issue 5)', () => {
  it('fetchVehicle validates the answer; an unknown slug is a notFound ServiceError', async () => {
    const answer = await fetchVehicle(http, { slug: '2021-mazda-cx-5-maxx-sport-10001' });
    expect(answer.car.name).toBe('2021 Mazda CX-5 Maxx Sport');
    const error = await fetchVehicle(http, { slug: 'no-such-car' }).catch((caught: unknown) => caught);
    expect(isServiceError(error) && error.kind).toBe('notFound');
  });

  it('fetchCarFinance answers a disclaimer per provider, which fetchFinanceDisclaimers keeps', async () => {
    const finance = await fetchCarFinance(http, { carId: 10001 });
    expect(finance.finance_lenders.oem?.disclaimer).toBe('OEM only.');
    expect((await fetchFinanceDisclaimers(http, { carId: 10001 })).oem).toBe('OEM only.');
  });

  it('trackPhoneReveal records the reveal and answers its id; a wrong site is an http error', async () => {
    expect(
      await trackPhoneReveal(http, { car_id: 10001, dealership_id: 1011, website_id: 101 }),
    ).toBeGreaterThan(0);
    const error = await trackPhoneReveal(http, { car_id: 10001, dealership_id: 1011, website_id: 999 }).catch(
      (caught: unknown) => caught,
    );
    expect(isServiceError(error) && error.kind).toBe('notFound');
  });

  it('fetchCarPdf returns the PDF as a Blob, and a failure carries the server’s message', async () => {
    const file = await fetchCarPdf(http, { slug: '2021-mazda-cx-5-maxx-sport-10001' });
    expect(file.type).toBe('application/pdf');
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const error = await fetchCarPdf(http, { slug: 'no-such-car' }).catch((caught: unknown) => caught);
    expect(isServiceError(error) && error.message).toBe('No such car on this site');
  });
});
