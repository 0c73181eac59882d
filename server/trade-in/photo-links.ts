import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { AppEnv } from '../app-env.ts';
import type { TradeInPhotoLinks } from '../leads/adf.ts';
import type { MediaStore } from '../media/media-store.ts';
import type { Executor } from '../store/db.ts';
import type { StoredLead } from '../store/leads.repo.ts';
import { findValuationImage, valuationImages } from '../store/valuations.repo.ts';

/**
 * A trade-in's photos for its dealer (issue 36 item 1, decision 123): the lead's emails — the ADF's
 * image tag and comments, the sales team's email — link each photo at
 * `/api/trade-in/photos/<token>` on the dealer's own site. The token names the photo and when it
 * stops working, signed with the server's link secret (HMAC-SHA256) and bound to the site, as the
 * alert emails' unsubscribe tokens are; nothing is stored, and the photo is never public otherwise.
 */

/** How long a photo link works: a fortnight, long enough for a dealer to act on the lead. */
export const TRADE_IN_PHOTO_LINK_DAYS = 14;

/** The photo links' path under a site's origin. */
export const TRADE_IN_PHOTO_PATH = '/api/trade-in/photos/';

const sign = (secret: string, siteId: number, payload: string): string =>
  createHmac('sha256', secret).update(`trade-in-photo:${siteId}:${payload}`).digest('base64url');

/** `{imageId}.{expiresUnixSeconds}.{signature}`, for a photo of one of the site's valuations. */
export function tradeInPhotoToken(secret: string, siteId: number, imageId: number, expiresAt: Date): string {
  const payload = `${imageId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${sign(secret, siteId, payload)}`;
}

const TOKEN = /^([1-9]\d{0,11})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The photo a token names on this site, or why it names none. */
export function readTradeInPhotoToken(
  secret: string,
  siteId: number,
  token: string,
  now: Date,
): { ok: true; imageId: number } | { ok: false; reason: 'invalid' | 'expired' } {
  const match = TOKEN.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, imageId, expires, signature] = match as unknown as [string, string, string, string];
  const [expected, given] = [
    Buffer.from(sign(secret, siteId, `${imageId}.${expires}`)),
    Buffer.from(signature),
  ];
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'invalid' };
  if (Number(expires) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, imageId: Number(imageId) };
}

/**
 * What links a trade-in lead's photos for the lead delivery (`LeadDeliveryDeps.tradeInPhotos`): its
 * valuation's stored photos, each a link that works for `TRADE_IN_PHOTO_LINK_DAYS` from the time the
 * email is made, on the site's address the lead was sent from (decision 104's rule), else on
 * `originOf(site)` (its first domain, or the local name). None when the valuation has no photos.
 */
export function tradeInPhotoLinks(deps: {
  db: Executor;
  linkSecret: string;
  originOf: (site: SiteConfig) => string;
  now?: () => Date;
}): (site: SiteConfig, lead: StoredLead, origin: string | null) => Promise<TradeInPhotoLinks | undefined> {
  return async (site, lead, leadOrigin) => {
    const evalId = (lead.payload as Record<string, unknown>).EvalID;
    if (typeof evalId !== 'string' || evalId === '') return undefined;
    const images = await valuationImages(deps.db, site.id, evalId);
    if (images.length === 0) return undefined;
    const now = deps.now?.() ?? new Date();
    const expiresAt = new Date(now.getTime() + TRADE_IN_PHOTO_LINK_DAYS * 86_400_000);
    const origin = leadOrigin ?? deps.originOf(site);
    return {
      urls: images.map(
        (image) =>
          `${origin}${TRADE_IN_PHOTO_PATH}${tradeInPhotoToken(deps.linkSecret, site.id, image.id, expiresAt)}`,
      ),
      expiresAt,
    };
  };
}

/**
 * `GET /api/trade-in/photos/:token` (mounted under `/api`): the photo a valid, unexpired token of
 * this site names, streamed from the media storage as stored (its metadata stripped on upload); 404
 * for a token that is not one, is another site's, or names no photo; 410 once it has expired. Never
 * cached by a shared cache, and not sniffed as anything but the image it is.
 */
export function tradeInPhotoRoutes(deps: {
  db: Executor;
  media: MediaStore;
  linkSecret: string;
  now?: () => Date;
}): Hono<AppEnv> {
  return new Hono<AppEnv>().get(`${TRADE_IN_PHOTO_PATH.slice('/api'.length)}:token`, async (c) => {
    const site = c.get('site');
    c.header('cache-control', 'private, no-store');
    const read = readTradeInPhotoToken(
      deps.linkSecret,
      site.id,
      c.req.param('token') ?? '',
      deps.now?.() ?? new Date(),
    );
    if (!read.ok) {
      return read.reason === 'expired'
        ? c.text('This photo link has expired.', 410)
        : c.text('No such photo.', 404);
    }
    const image = await findValuationImage(deps.db, site.id, read.imageId);
    const stream = image?.storage_key ? await deps.media.get(image.storage_key) : null;
    if (!image || !stream) return c.text('No such photo.', 404);
    c.header('content-type', image.content_type);
    c.header('x-content-type-options', 'nosniff');
    c.header('content-disposition', 'inline');
    return c.body(Readable.toWeb(stream) as ReadableStream);
  });
}
