import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleRecord } from '../../../domain/trade-in.ts';
import { LeadDelivery } from '../../../server/leads/delivery.ts';
import type { Email } from '../../../server/mail/mailer.ts';
import { readMediaObject } from '../../../server/media/media-store.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { valuationImages } from '../../../server/store/valuations.repo.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { TRADE_IN_PHOTO_LINK_DAYS, tradeInPhotoLinks } from '../../../server/trade-in/photo-links.ts';
import { pngFile } from '../../fixtures/images.ts';
import { validateAdf } from './adf-dtd.ts';
import { type AccountServer, roomyLimiter, startAccountServer } from './watchlist-test-server.ts';

/**
 * Issue 36 item 1: a trade-in's photos reach the dealer as signed links that expire — in the ADF the
 * CRM reads and in the sales team's email — and each opens the photo on the dealer's own site, only
 * there, only until it expires, and only as its token names it.
 */
const HARBOUR = 'harbour-auto-group';
const HARBOUR_SITE = 102;
const HARBOUR_CRM = 'adf@crm.harbourautogroup.example';
const BOUNDARY = '----forecourtPhotoLinks';

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

/** A request over real HTTP to a site, its answer's bytes kept as bytes. */
function exchange(
  slug: string,
  path: string,
  init: { method?: 'GET' | 'POST'; body?: Buffer; type?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const host = server.host(slug);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: init.method ?? 'GET',
        headers: {
          host,
          origin: `http://${host}`,
          'sec-fetch-site': 'same-origin',
          ...(init.body
            ? { 'content-type': init.type ?? '', 'content-length': String(init.body.length) }
            : {}),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

/** Uploads a photo for a valuation as the wizard's Step Three does. */
const upload = (evalid: string, bytes: Buffer) =>
  exchange(HARBOUR, '/api/eval-expert/image-upload', {
    method: 'POST',
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="evalid"\r\n\r\n${evalid}\r\n`),
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="front.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });

let valuations = 0;
/** A valued car with two photos, and the trade-in lead sent about it; the dealer's emails, as made now. */
async function tradeInWithPhotos(now: Date): Promise<{ evalid: string; crm: Email; staff: Email }> {
  valuations += 1;
  const valued = await server.request(HARBOUR, '/api/eval-expert/manual-entry', {
    body: { vin: 'TEST01VIN', desc: `2021 Toyota Corolla GX Automatic Sedan #${valuations}` },
  });
  const evalid = valued.json<VehicleRecord[]>()[0]?.EvalID ?? '';
  for (const _ of [1, 2]) {
    const uploaded = await upload(evalid, pngFile(true));
    expect(uploaded.status, `${valued.body} ${uploaded.body.toString()}`).toBe(201);
  }
  const lead = await server.request(HARBOUR, '/api/leads', {
    body: {
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
        EvalID: evalid,
        Make: 'Toyota',
        Model: 'Corolla',
        Year: '2021',
        dealership_slug: 'harbour-toyota',
      },
    },
  });
  expect(lead.status, lead.body).toBe(201);
  const sent: Email[] = [];
  await new LeadDelivery({
    db,
    sites: loadTenants(),
    mailer: { target: 'memory', send: async (email) => void sent.push(email) },
    from: 'leads@forecourt.test',
    now: () => new Date(Date.now() + 1000),
    tradeInPhotos: tradeInPhotoLinks({
      db,
      linkSecret: server.linkSecret,
      originOf: () => 'https://never.example',
      now: () => now,
    }),
  }).runOnce();
  const crm = sent.find((email) => email.to === HARBOUR_CRM);
  const staff = sent.find((email) => email.to === 'toyota@harbourautogroup.example');
  if (!crm || !staff)
    throw new Error(`the dealer's emails were not sent: ${sent.map((e) => e.to).join(', ')}`);
  return { evalid, crm, staff };
}

/** The photo links in a text, on the site's own address (the one the lead was sent from). */
const linksIn = (text: string) => [
  ...new Set(
    text.match(/http:\/\/harbour-auto-group\.localhost:\d+\/api\/trade-in\/photos\/[A-Za-z0-9._-]+/g),
  ),
];

describe('a trade-in’s photos, linked for the dealer', () => {
  it('each photo is linked in the CRM’s ADF and the team’s email, and the link opens that photo', async () => {
    const { evalid, crm, staff } = await tradeInWithPhotos(new Date());
    expect(validateAdf(crm.text)).toEqual({ valid: true, errors: [] });
    const links = linksIn(crm.text);
    expect(links).toHaveLength(2);
    expect(crm.text).toMatch(/<imagetag alttext="Trade-in photo 1">http:\/\/harbour-auto-group\.localhost/);
    expect(linksIn(staff.text)).toEqual(links);
    expect(staff.html).toContain(`<a href="${links[1]}">`);
    const images = await valuationImages(db, HARBOUR_SITE, evalid);
    for (const [index, link] of links.entries()) {
      const answer = await exchange(HARBOUR, new URL(link).pathname);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.headers['cache-control']).toBe('private, no-store');
      const stored = await readMediaObject(server.media, images[index]?.storage_key ?? '');
      expect(answer.body.equals(stored ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it('a link does not open on another dealer’s site, nor once its signature or photo is changed', async () => {
    const { crm } = await tradeInWithPhotos(new Date());
    const [link = ''] = linksIn(crm.text);
    const path = new URL(link).pathname;
    expect((await exchange('bayside-mazda', path)).status).toBe(404);
    const [id, expires, signature] = path.split('/').at(-1)?.split('.') ?? [];
    const otherPhoto = path.replace(`${id}.${expires}.`, `${Number(id) + 1}.${expires}.`);
    expect((await exchange(HARBOUR, otherPhoto)).status).toBe(404);
    const longer = path.replace(`.${expires}.`, `.${Number(expires) + 86_400}.`);
    expect((await exchange(HARBOUR, longer)).status).toBe(404);
    expect((await exchange(HARBOUR, path.replace(signature ?? '', 'A'.repeat(43)))).status).toBe(404);
  });

  it(`a link stops working after ${TRADE_IN_PHOTO_LINK_DAYS} days: the team is told until when, and then the photo is gone`, async () => {
    const made = new Date(Date.now() - (TRADE_IN_PHOTO_LINK_DAYS + 1) * 86_400_000);
    const { staff } = await tradeInWithPhotos(made);
    const until = new Date(made.getTime() + TRADE_IN_PHOTO_LINK_DAYS * 86_400_000).toISOString().slice(0, 10);
    expect(staff.text).toContain(`The photo links work until ${until}.`);
    const [link = ''] = linksIn(staff.text);
    const answer = await exchange(HARBOUR, new URL(link).pathname);
    expect(answer.status).toBe(410);
    expect(answer.body.toString()).toBe('This photo link has expired.');
  });
});
