import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../../server/app-env.ts';
import { signedCvLinks } from '../../../server/careers/cv-links.ts';
import { type SignedLinkKind, signedLinks } from '../../../server/media/signed-links.ts';
import { signedPhotoLinks } from '../../../server/trade-in/photo-links.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';

/**
 * The signed, expiring links to a site's private files (decision 123) that the trade-in's photos and
 * the careers CVs share: a token opens only its own kind of file, on its own site, unchanged and until
 * it expires; and the links emailed before the two shared one module still open.
 */
const SECRET = 'golden-link-secret';
const CV_ID = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
const EXPIRES = new Date('2026-12-12T00:00:00.000Z');
const BEFORE = new Date('2026-11-28T00:00:00.000Z');

/** Two kinds alike in all but their names: only the signature tells their tokens apart. */
const kindNamed = (name: string): SignedLinkKind<number> => ({
  name,
  idPattern: /[1-9]\d{0,5}/,
  readId: Number,
  path: `/api/${name}/`,
  days: 14,
  says: { expired: `This ${name} link has expired.`, missing: `No such ${name}.` },
});
const letters = signedLinks(kindNamed('letter'));
const parcels = signedLinks(kindNamed('parcel'));

describe('a token as links already emailed carry it', () => {
  // Made by cv-links.ts and photo-links.ts before they shared this module (each signed its own way).
  const EMAILED_CV = `${CV_ID}.1797033600.5diDsZfsNgYQFrg1llb5Ikpf3LwfwnEiUken2cqY0kM`;
  const EMAILED_PHOTO = '42.1797033600.3vD4DI8jLkIfW0ll1HO7ru3Qu_4ocT7Y5badYE_yc40';

  it('is made byte for byte as before, for a CV and for a photo', () => {
    expect(signedCvLinks.token(SECRET, 101, CV_ID, EXPIRES)).toBe(EMAILED_CV);
    expect(signedPhotoLinks.token(SECRET, 102, 42, EXPIRES)).toBe(EMAILED_PHOTO);
  });

  it('opens what it named until it expires', () => {
    expect(signedCvLinks.read(SECRET, 101, EMAILED_CV, BEFORE)).toEqual({ ok: true, id: CV_ID });
    expect(signedPhotoLinks.read(SECRET, 102, EMAILED_PHOTO, BEFORE)).toEqual({ ok: true, id: 42 });
  });
});

describe('reading a token', () => {
  const token = letters.token(SECRET, 101, 7, EXPIRES);

  it('never opens another kind of file: the kind is in the signature', () => {
    expect(parcels.read(SECRET, 101, token, BEFORE)).toEqual({ ok: false, reason: 'invalid' });
    const cv = signedCvLinks.token(SECRET, 101, CV_ID, EXPIRES);
    const photo = signedPhotoLinks.token(SECRET, 101, 42, EXPIRES);
    expect(signedPhotoLinks.read(SECRET, 101, cv, BEFORE)).toEqual({ ok: false, reason: 'invalid' });
    expect(signedCvLinks.read(SECRET, 101, photo, BEFORE)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('never opens on another site, nor with another secret', () => {
    expect(letters.read(SECRET, 102, token, BEFORE)).toEqual({ ok: false, reason: 'invalid' });
    expect(letters.read('another-secret', 101, token, BEFORE)).toEqual({ ok: false, reason: 'invalid' });
  });

  it.each([
    ['another id', token.replace(/^7\./, '8.')],
    ['a later expiry', token.replace('.1797033600.', '.1797037200.')],
    ['a changed signature', token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))],
    ['a shortened signature', token.slice(0, -1)],
    ['a signature of another token', `7.1797033600.${letters.token(SECRET, 101, 8, EXPIRES).split('.')[2]}`],
    ['an id of another shape', token.replace(/^7\./, '07.')],
    ['the id alone', '7'],
    ['nothing', ''],
  ])('refuses %s as naming nothing', (_, tampered) => {
    expect(letters.read(SECRET, 101, tampered, BEFORE)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('works to its second, then has expired; a tampered expired token is not one at all', () => {
    expect(letters.read(SECRET, 101, token, EXPIRES)).toEqual({ ok: true, id: 7 });
    const after = new Date(EXPIRES.getTime() + 1000);
    expect(letters.read(SECRET, 101, token, after)).toEqual({ ok: false, reason: 'expired' });
    expect(letters.read(SECRET, 102, token, after)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('a link made now works for its kind’s days, on the origin given', () => {
    const until = letters.expiresAt(BEFORE);
    expect(until.toISOString()).toBe(EXPIRES.toISOString());
    const url = letters.url(SECRET, 101, 7, 'https://dealer.example', until);
    expect(url).toBe(`https://dealer.example/api/letter/${token}`);
  });

  it('a kind’s name is words and hyphens, so no name can pass for another with a site in it', () => {
    expect(() => signedLinks(kindNamed('letter:101'))).toThrow(/words and hyphens/);
  });
});

describe('GET <path>:token', () => {
  const site = (id: number) => ({ id }) as SiteConfig;
  const app = (siteId: number, now: Date) =>
    new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('site', site(siteId));
        await next();
      })
      .route(
        '/api',
        letters.routes({ linkSecret: SECRET, now: () => now }, async (c, id) =>
          id === 7 ? c.text(`letter ${id} of site ${c.get('site').id}`) : null,
        ),
      );
  const get = (siteId: number, now: Date, token: string) => app(siteId, now).request(`/api/letter/${token}`);
  const token = letters.token(SECRET, 101, 7, EXPIRES);

  it('answers the file a valid token of this site names, never kept by a shared cache', async () => {
    const answer = await get(101, BEFORE, token);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('letter 7 of site 101');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('404 for another site’s or kind’s token, or one naming no file; 410 once expired', async () => {
    const cases: [number, Date, string, number, string][] = [
      [102, BEFORE, token, 404, 'No such letter.'],
      [101, BEFORE, parcels.token(SECRET, 101, 7, EXPIRES), 404, 'No such letter.'],
      [101, BEFORE, letters.token(SECRET, 101, 8, EXPIRES), 404, 'No such letter.'],
      [101, new Date(EXPIRES.getTime() + 1000), token, 410, 'This letter link has expired.'],
    ];
    for (const [siteId, now, given, status, text] of cases) {
      const answer = await get(siteId, now, given);
      expect([answer.status, await answer.text()]).toEqual([status, text]);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    }
  });
});
