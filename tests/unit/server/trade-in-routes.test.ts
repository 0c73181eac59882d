import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeInLeadValues, type VehicleRecord } from '../../../domain/trade-in.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { type AccountServer, roomyLimiter, startAccountServer } from './watchlist-test-server.ts';

/**
 * Issue 16 item 3: the trade-in valuation calls (`locations-forms-tradein-site.md` §7) over real HTTP
 * on a real store, with the local provider's documented test registrations.
 */
const BAYSIDE = 'bayside-mazda';
const HARBOUR = 'harbour-auto-group';

let db: Db;
let server: AccountServer;

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  server = await startAccountServer(db, { limiter: roomyLimiter() });
});
afterAll(async () => {
  await server?.close();
  await db?.close();
});

const post = (path: string, body: unknown, slug = BAYSIDE) =>
  server.request(slug, `/api/eval-expert/${path}`, { body });
const enterVin = (rego: string, state = 'qld') => post('enter-vin', { rego, state });
type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('enter-vin: the documented test registrations', () => {
  it('TEST01 answers three descriptions to choose from (Step Two)', async () => {
    const response = await enterVin('TEST01');
    expect(response.status).toBe(200);
    const [record] = response.json<VehicleRecord[]>();
    expect(record?.VechielDescriptions).toHaveLength(3);
    expect(record?.EvalID).toBeUndefined();
  });

  it('TEST02 answers a vehicle with an EvalID (Step Two skipped); TEST404 nothing; TEST500 a provider failure', async () => {
    const [record] = (await enterVin('test 02', 'nsw')).json<VehicleRecord[]>();
    expect(record).toMatchObject({ EvalID: expect.stringMatching(/^EV/), Registration: 'TEST02' });
    expect((await enterVin('TEST404')).json()).toEqual([]);
    const failure = await enterVin('TEST500');
    expect(failure.status).toBe(502);
    expect(failure.json<Refusal>().error.code).toBe('valuation_unavailable');
  });

  it('any other rego gets the same car every time (each evaluation its own EvalID)', async () => {
    const withoutId = (records: VehicleRecord[]) => records.map(({ EvalID: _id, ...car }) => car);
    const first = (await enterVin('ABC123')).json<VehicleRecord[]>();
    expect(withoutId((await enterVin('ABC123')).json<VehicleRecord[]>())).toEqual(withoutId(first));
  });

  it.each([
    [{ rego: '', state: 'qld' }, 'rego'],
    [{ rego: 'ABC123', state: 'zz' }, 'state'],
    [{ rego: '<script>', state: 'qld' }, 'rego'],
    [{ rego: 'A'.repeat(11), state: 'qld' }, 'rego'],
    [{ rego: 42, state: 'qld' }, 'rego'],
  ])('%j is a 422 naming %s', async (body, field) => {
    const response = await post('enter-vin', body);
    expect(response.status).toBe(422);
    expect(Object.keys(response.json<Refusal>().error.fields ?? {})).toContain(field);
  });
});

describe('manual-entry and update-eval', () => {
  it('a chosen description gets an EvalID; the customer’s details value it with an offer valid 7 days', async () => {
    const [candidate] = (await enterVin('TEST01')).json<VehicleRecord[]>();
    const desc = candidate?.VechielDescriptions?.[1]?.Description ?? '';
    const [chosen] = (await post('manual-entry', { vin: candidate?.VIN, desc })).json<VehicleRecord[]>();
    expect(chosen?.EvalID).toMatch(/^EV/);
    const valued = await post('update-eval', {
      evalid: chosen?.EvalID,
      km: 42_000,
      car_condition: 'Good',
      cName: 'Sam Shopper',
      cEmail: 'sam@example.com',
      cPhone: '0400 111 222',
    });
    expect(valued.status).toBe(200);
    const [record] = valued.json<VehicleRecord[]>();
    expect(record).toMatchObject({ EvalID: chosen?.EvalID, KM: 42_000, NoOnlineOfferReason: null });
    expect(record?.OfferAmount).toBeGreaterThanOrEqual(500);
    const days = (Date.parse(record?.OfferValidUntil ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('TEST01: each description chosen is the car valued, offered for and sent in the lead (issue 31 item 16)', async () => {
    const [candidate] = (await enterVin('TEST01')).json<VehicleRecord[]>();
    const descriptions = (candidate?.VechielDescriptions ?? []).map((d) => d.Description);
    expect(descriptions).toContain('2021 Mazda Mazda3 GXL Manual Sedan');
    for (const desc of descriptions) {
      const [chosen] = (await post('manual-entry', { vin: candidate?.VIN, desc })).json<VehicleRecord[]>();
      const named = (record: VehicleRecord | undefined) =>
        [record?.Year, record?.Make, record?.Model, record?.Variant, record?.Transmission, record?.Body].join(
          ' ',
        );
      expect(named(chosen)).toBe(desc);
      expect(chosen?.VIN).toBe(candidate?.VIN);
      const [valued] = (
        await post('update-eval', {
          evalid: chosen?.EvalID,
          km: 42_000,
          car_condition: 'Good',
          cName: 'Sam Shopper',
          cEmail: 'sam@example.com',
          cPhone: '0400 111 222',
        })
      ).json<VehicleRecord[]>();
      expect(named(valued)).toBe(desc);
      // The lead the wizard sends with the offer (its ADF's vehicle) names the same car.
      const lead = tradeInLeadValues({
        record: { ...candidate, ...chosen, ...valued },
        rego: { rego: 'TEST01', state: 'qld' },
        details: {
          name: 'Sam Shopper',
          email: 'sam@example.com',
          phone: '0400 111 222',
          odometer: 42_000,
        } as never,
        carId: null,
        dealershipSlug: 'bayside-mazda',
      });
      expect(lead).toMatchObject({ Year: '2021', Make: 'Mazda', Model: 'Mazda3', Rego: 'TEST01' });
      expect(String(lead.sms_content)).toContain('Trade-in: 2021 Mazda Mazda3, 42000 km');
    }
  });

  it('over 100,000 km there is no online offer, and the shopper is told why', async () => {
    const [record] = (await enterVin('TEST02')).json<VehicleRecord[]>();
    const [valued] = (
      await post('update-eval', {
        evalid: record?.EvalID,
        km: 150_000,
        cName: 'Sam',
        cEmail: 'sam@example.com',
        cPhone: '0400 111 222',
      })
    ).json<VehicleRecord[]>();
    expect(valued?.OfferAmount).toBeNull();
    expect(valued?.NoOnlineOfferReason).toContain('100,000 km');
  });

  it('a car 9 years old: no online offer where the limit is 7 years (the default), an offer where the dealer sets 10', async () => {
    const year = new Date().getUTCFullYear() - 9;
    const valueOn = async (slug: string) => {
      const [chosen] = (
        await post(
          'manual-entry',
          { vin: 'TEST01VIN', desc: `${year} Toyota Corolla Ascent Manual Sedan` },
          slug,
        )
      ).json<VehicleRecord[]>();
      const details = { km: 60_000, cName: 'Sam', cEmail: 'sam@example.com', cPhone: '0400 111 222' };
      return (await post('update-eval', { evalid: chosen?.EvalID, ...details }, slug)).json<
        VehicleRecord[]
      >()[0];
    };
    const bayside = await valueOn(BAYSIDE);
    expect(bayside?.OfferAmount).toBeNull();
    expect(bayside?.NoOnlineOfferReason).toContain('over 7 years old');
    const metro = await valueOn('metro-used');
    expect(metro?.OfferAmount).toBeGreaterThan(0);
    expect(metro?.NoOnlineOfferReason).toBeNull();
  });

  it('another site’s EvalID, or one never issued, is not found', async () => {
    const [record] = (await enterVin('TEST02')).json<VehicleRecord[]>();
    const details = { km: 1000, cName: 'Sam', cEmail: 'sam@example.com', cPhone: '0400 111 222' };
    const elsewhere = await post('update-eval', { evalid: record?.EvalID, ...details }, HARBOUR);
    expect(elsewhere.status).toBe(404);
    expect((await post('update-eval', { evalid: 'EVNOPE', ...details })).status).toBe(404);
    expect((await post('update-eval', { evalid: '../x', ...details })).status).toBe(422);
  });
});

describe('the trade-in lead (form tradeIn)', () => {
  const lead = (evalId: string, over: Record<string, unknown> = {}) => ({
    form: 'tradeIn',
    userData: {
      category: 'Trade-in Enquiry',
      name: 'Sam',
      email: 'sam@example.com',
      phone: '0400 111 222',
      postcode: '4000',
      odometer: 42_000,
      service_history: 'Full',
      number_of_keys: 2,
      car_condition: 'Good',
      comments: 'One owner',
      EvalID: evalId,
      ...over,
    },
  });

  it('is stored when it names a valuation of this site with Step Four’s fields', async () => {
    const [record] = (await enterVin('TEST02')).json<VehicleRecord[]>();
    const stored = await server.request(BAYSIDE, '/api/leads', { body: lead(record?.EvalID ?? '') });
    expect(stored.status).toBe(201);
  });

  it('an unknown valuation, another site’s, or a missing required field is a 422 naming it', async () => {
    const [record] = (await enterVin('TEST02')).json<VehicleRecord[]>();
    const unknown = await server.request(BAYSIDE, '/api/leads', { body: lead('EVNOPE') });
    expect(unknown.status).toBe(422);
    expect(unknown.json<Refusal>().error.fields).toHaveProperty('EvalID');
    const elsewhere = await server.request(HARBOUR, '/api/leads', {
      body: lead(record?.EvalID ?? '', { dealership_slug: 'harbour-kia' }),
    });
    expect(elsewhere.status).toBe(422);
    const missing = await server.request(BAYSIDE, '/api/leads', {
      body: lead(record?.EvalID ?? '', { comments: '' }),
    });
    expect(missing.json<Refusal>().error.fields).toMatchObject({ comments: '* This field is required' });
  });
});

describe('POST /api/miscellaneous (valuation save, flagged sites only)', () => {
  it('a flagged site keeps the finished valuation; another site has no such call', async () => {
    const [record] = (
      await enterVin('TEST02', 'nsw').then(() => post('enter-vin', { rego: 'TEST02', state: 'nsw' }, HARBOUR))
    ).json<VehicleRecord[]>();
    const saved = await server.request(HARBOUR, '/api/miscellaneous', {
      body: { column_name: 'valuation', ...record },
    });
    expect(saved.status).toBe(201);
    expect(saved.json()).toEqual({ saved: true });
    const { rows } = await db.query<{ column_name: string }>(
      'SELECT column_name FROM site_records WHERE site_id = 102',
    );
    expect(rows.map((row) => row.column_name)).toContain('valuation');
    const unflagged = await server.request(BAYSIDE, '/api/miscellaneous', {
      body: { column_name: 'valuation', ...record },
    });
    expect(unflagged.status).toBe(404);
    const unknown = await server.request(HARBOUR, '/api/miscellaneous', {
      body: { column_name: 'valuation', EvalID: 'EVNOPE' },
    });
    expect(unknown.status).toBe(404);
  });
});
