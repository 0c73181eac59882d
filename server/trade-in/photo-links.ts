import { Readable } from 'node:stream';
import type { Hono } from 'hono';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { AppEnv } from '../app-env.ts';
import type { TradeInPhotoLinks } from '../leads/adf.ts';
import { type SignedLinkMakerDeps, type SignedLinkRouteDeps, signedLinks } from '../media/signed-links.ts';
import type { StoredLead } from '../store/leads.repo.ts';
import { findValuationImage, valuationImages } from '../store/valuations.repo.ts';

/**
 * A trade-in's photos for its dealer (issue 36 item 1, decision 123): the lead's emails — the ADF's
 * image tag and comments, the sales team's email — link each photo at
 * `/api/trade-in/photos/<token>` on the dealer's own site. The token names the photo and when it
 * stops working, signed with the server's link secret (HMAC-SHA256) and bound to the site and to
 * photos (`media/signed-links.ts`); nothing is stored, and the photo is never public otherwise.
 */

/** How long a photo link works: a fortnight, long enough for a dealer to act on the lead. */
export const TRADE_IN_PHOTO_LINK_DAYS = 14;

/** Photo links: `{imageId}.{expiresUnixSeconds}.{signature}`, signed as `trade-in-photo`. */
export const signedPhotoLinks = signedLinks<number>({
  name: 'trade-in-photo',
  idPattern: /[1-9]\d{0,11}/,
  readId: Number,
  path: '/api/trade-in/photos/',
  days: TRADE_IN_PHOTO_LINK_DAYS,
  says: { expired: 'This photo link has expired.', missing: 'No such photo.' },
});

/** The token of a link to a photo of one of the site's valuations, working until `expiresAt`. */
export const tradeInPhotoToken = signedPhotoLinks.token;

/**
 * What links a trade-in lead's photos for the lead delivery (`LeadDeliveryDeps.tradeInPhotos`): its
 * valuation's stored photos, each a link that works for `TRADE_IN_PHOTO_LINK_DAYS` from the time the
 * email is made, on the site's address the lead was sent from (decision 104's rule), else on
 * `originOf(site)` (its first domain, or the local name). None when the valuation has no photos.
 */
export function tradeInPhotoLinks(
  deps: SignedLinkMakerDeps,
): (site: SiteConfig, lead: StoredLead, origin: string | null) => Promise<TradeInPhotoLinks | undefined> {
  return async (site, lead, leadOrigin) => {
    const evalId = (lead.payload as Record<string, unknown>).EvalID;
    if (typeof evalId !== 'string' || evalId === '') return undefined;
    const images = await valuationImages(deps.db, site.id, evalId);
    if (images.length === 0) return undefined;
    const expiresAt = signedPhotoLinks.expiresAt(deps.now?.() ?? new Date());
    const origin = leadOrigin ?? deps.originOf(site);
    return {
      urls: images.map((image) =>
        signedPhotoLinks.url(deps.linkSecret, site.id, image.id, origin, expiresAt),
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
export function tradeInPhotoRoutes(deps: SignedLinkRouteDeps): Hono<AppEnv> {
  return signedPhotoLinks.routes(deps, async (c, imageId) => {
    const image = await findValuationImage(deps.db, c.get('site').id, imageId);
    const stream = image?.storage_key ? await deps.media.get(image.storage_key) : null;
    if (!image || !stream) return null;
    c.header('content-type', image.content_type);
    c.header('x-content-type-options', 'nosniff');
    c.header('content-disposition', 'inline');
    return c.body(Readable.toWeb(stream) as ReadableStream);
  });
}
