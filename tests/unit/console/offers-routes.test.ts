import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleOfferSchema, consoleOffersSchema } from '../../../domain/contracts/console-offers.ts';
import type { SitePageAnswer } from '../../../domain/contracts/pages.ts';
import { OFFER_MESSAGES } from '../../../domain/offer-form.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import { zonedDate } from '../../../domain/test-drive-slots.ts';
import { listAuditEntries } from '../../../server/store/audit.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { upsertPromotions } from '../../../server/store/promotions.repo.ts';
import { createStaffMember, staffCookie } from '../../fixtures/staff.ts';
import { contentApp, request } from './content-app.ts';

/**
 * Issue 36 item 6: a dealer's managers add, change and end offers in the console; the storefront's
 * offers answer, the listing's promotions and the kept pages change at once; a picture is judged by
 * its content; another dealer's offer is out of reach.
 */
const BAYSIDE = 'bayside-mazda';
const HARBOUR = 'harbour-auto-group';
const NOW = new Date('2026-11-27T02:00:00Z');
const DAY = 86_400_000;
const day = (offset: number) => zonedDate(NOW.getTime() + offset * DAY, 'Australia/Brisbane');

let db: Db;
let content: ReturnType<typeof contentApp>;
let manager: StaffMember;
let managerCookie: string;
let salesCookie: string;
let harbourCookie: string;
let photo: string;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .withMetadata({ exif: { IFD0: { Artist: 'Secret Photographer' } } })
    .jpeg()
    .toBuffer();

async function upload(bytes: Uint8Array, name: string, cookie = managerCookie) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return request(content.app, BAYSIDE, '/api/dealer/offers/images', { cookie, form });
}

const offersPage = async (slug = BAYSIDE) =>
  (await (await request(content.app, slug, '/api/pages?path=/special-offers')).json()) as Extract<
    SitePageAnswer,
    { kind: 'offers' }
  >;

const form = (overrides: Record<string, unknown> = {}) => ({
  title: 'Summer Test Drive Weekend',
  description: 'A free detail with every test drive.',
  image_url: photo,
  link: '/search',
  starts: day(0),
  ends: day(10),
  dealership_ids: [],
  ...overrides,
});

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  content = contentApp(db, () => NOW);
  manager = await createStaffMember(db, { siteId: 101, role: 'manager', name: 'Mia Manager' });
  managerCookie = await staffCookie(db, manager, NOW);
  salesCookie = await staffCookie(db, await createStaffMember(db, { siteId: 101, role: 'sales' }), NOW);
  harbourCookie = await staffCookie(db, await createStaffMember(db, { siteId: 102, role: 'manager' }), NOW);
  await upsertPromotions(db, [
    {
      id: 10_201,
      site_id: 102,
      dealership_ids: [],
      title: 'Harbour Runout',
      description: null,
      image: { url: '/media/promotions/harbour-runout.svg' },
      link: '/search',
      start_at: new Date(NOW.getTime() - 5 * DAY).toISOString(),
      expires_at: new Date(NOW.getTime() + 5 * DAY).toISOString(),
    },
  ]);
  await content.ready();
  const uploaded = await upload(await png(2400, 1200), 'beach.jpg');
  expect(uploaded.status).toBe(201);
  photo = ((await uploaded.json()) as { image_url: string }).image_url;
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('an offer’s picture (issue 35’s pipeline)', () => {
  it('is judged by its content, cropped to the banner, stripped of its metadata and served at every width', async () => {
    expect(photo).toMatch(/^\/media\/photos\/[0-9a-f]{32}\/960$/);
    const served = await content.app.request(photo.replace('/960', '/1920.jpg'), {
      headers: { host: `${BAYSIDE}.localhost` },
    });
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 1920, height: 540 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Photographer'))).toBe(false);
  });

  it('refuses a file that is not a picture, whatever its name says, and one too small for a banner', async () => {
    const text = await upload(new TextEncoder().encode('<?php echo "hi"; ?>'.repeat(20)), 'offer.jpg');
    expect(text.status).toBe(422);
    expect(((await text.json()) as { error: { code: string } }).error.code).toBe('not_an_image');
    const small = await upload(await png(300, 200), 'tiny.jpg');
    expect(small.status).toBe(422);
    expect(((await small.json()) as { error: { code: string } }).error.code).toBe('image_too_small');
  });

  it('takes uploads from managers only', async () => {
    expect((await upload(await png(1000, 300), 'a.jpg', salesCookie)).status).toBe(403);
    expect((await upload(await png(1000, 300), 'a.jpg', '')).status).toBe(401);
  });
});

describe('adding, changing and ending an offer', () => {
  it('a new offer shows on the storefront’s offers page at once, the kept pages dropped, and is audited', async () => {
    const changes = content.changes();
    await content.pageCache.page('kept', async () => ({
      page: { status: 200, segments: ['kept'] },
      cacheable: true,
    }));
    expect(content.pageCache.size).toBe(1);
    const response = await request(content.app, BAYSIDE, '/api/dealer/offers', {
      cookie: managerCookie,
      body: form(),
    });
    expect(response.status).toBe(201);
    const offer = consoleOfferSchema.parse(await response.json());
    expect(offer).toMatchObject({ phase: 'running', starts: day(0), ends: day(10), image_url: photo });
    expect(content.changes()).toBe(changes + 1);
    expect(content.pageCache.size).toBe(0);
    const page = await offersPage();
    expect(page.offers.map((o) => o.title)).toContain('Summer Test Drive Weekend');
    const site = (await (await request(content.app, BAYSIDE, '/api/site')).json()) as {
      promotions: { title: string }[];
    };
    expect(site.promotions.map((p) => p.title)).toContain('Summer Test Drive Weekend');
    const audit = await listAuditEntries(db, 101, { limit: 50, offset: 0 });
    expect(JSON.stringify(audit)).toContain('promotion.create');
    // Another dealer's storefront does not show it.
    expect((await offersPage(HARBOUR)).offers.map((o) => o.title)).not.toContain('Summer Test Drive Weekend');
  });

  it('an edit changes what the storefront shows; ending it takes it off at once', async () => {
    const list = consoleOffersSchema.parse(
      await (await request(content.app, BAYSIDE, '/api/dealer/offers', { cookie: managerCookie })).json(),
    );
    const offer = list.offers.find((o) => o.title === 'Summer Test Drive Weekend');
    if (!offer) throw new Error('the offer is not listed');
    const edited = await request(content.app, BAYSIDE, `/api/dealer/offers/${offer.id}`, {
      cookie: managerCookie,
      body: form({ title: 'Summer Test Drive Fortnight', dealership_ids: [1011] }),
    });
    expect(edited.status).toBe(200);
    expect((await offersPage()).offers.map((o) => o.title)).toContain('Summer Test Drive Fortnight');

    const ended = await request(content.app, BAYSIDE, `/api/dealer/offers/${offer.id}/end`, {
      cookie: managerCookie,
      body: {},
    });
    expect(ended.status).toBe(200);
    expect(consoleOfferSchema.parse(await ended.json())).toMatchObject({
      phase: 'ended',
      expires_at: NOW.toISOString(),
    });
    expect((await offersPage()).offers.map((o) => o.title)).not.toContain('Summer Test Drive Fortnight');
    const own = (await (
      await request(content.app, BAYSIDE, `/api/pages?path=/special-offers/${offer.id}`)
    ).json()) as SitePageAnswer;
    expect(own.kind).toBe('offerEnded');
    const again = await request(content.app, BAYSIDE, `/api/dealer/offers/${offer.id}/end`, {
      cookie: managerCookie,
      body: {},
    });
    expect(again.status).toBe(409);
  });

  it('refuses days in the past, another site’s dealership and a picture the pipeline did not store', async () => {
    const response = await request(content.app, BAYSIDE, '/api/dealer/offers', {
      cookie: managerCookie,
      body: form({
        starts: day(-3),
        ends: day(-1),
        dealership_ids: [1021],
        image_url: '/media/photos/0123456789abcdef0123456789abcdef/960',
      }),
    });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toMatchObject({
      starts: OFFER_MESSAGES.past,
      ends: OFFER_MESSAGES.past,
      dealership_ids: OFFER_MESSAGES.dealerships,
      image_url: OFFER_MESSAGES.image,
    });
    const backwards = await request(content.app, BAYSIDE, '/api/dealer/offers', {
      cookie: managerCookie,
      body: form({ starts: day(5), ends: day(2) }),
    });
    expect(backwards.status).toBe(422);
  });

  it('another dealer’s offer is not found, neither changed nor ended, and stays on its storefront', async () => {
    for (const path of ['/api/dealer/offers/10201', '/api/dealer/offers/10201/end']) {
      const response = await request(content.app, BAYSIDE, path, { cookie: managerCookie, body: form() });
      expect(response.status).toBe(404);
    }
    expect((await offersPage(HARBOUR)).offers.map((o) => o.title)).toContain('Harbour Runout');
    // Bayside's manager is a stranger on Harbour's site.
    const stranger = await request(content.app, HARBOUR, '/api/dealer/offers', { cookie: managerCookie });
    expect(stranger.status).toBe(401);
    const own = consoleOffersSchema.parse(
      await (await request(content.app, HARBOUR, '/api/dealer/offers', { cookie: harbourCookie })).json(),
    );
    expect(own.offers.map((o) => o.title)).toEqual(['Harbour Runout']);
  });

  it('a sales member may not change offers', async () => {
    const response = await request(content.app, BAYSIDE, '/api/dealer/offers', {
      cookie: salesCookie,
      body: form(),
    });
    expect(response.status).toBe(403);
  });
});
