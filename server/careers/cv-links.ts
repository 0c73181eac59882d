import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { CV_FIELD, CV_ID } from '../../domain/careers-cv-rules.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { AppEnv } from '../app-env.ts';
import type { MediaStore } from '../media/media-store.ts';
import { type CareersCv, findCareersCv } from '../store/careers-cvs.repo.ts';
import type { Executor } from '../store/db.ts';
import type { StoredLead } from '../store/leads.repo.ts';

/**
 * A careers enquiry's CV for its dealer (issue 37 item 9), linked as the trade-in's photos are
 * (decision 123): the lead's emails link it at `/api/careers/cv/<token>` on the dealer's own site;
 * the token names the CV and when it stops working, signed with the server's link secret and bound
 * to the site. Nothing is stored, and the CV is never reachable by a guessable address.
 */

/** How long a CV link works: a fortnight, as a photo link does. */
export const CV_LINK_DAYS = 14;

/** The CV links' path under a site's origin. */
export const CV_LINK_PATH = '/api/careers/cv/';

const sign = (secret: string, siteId: number, payload: string): string =>
  createHmac('sha256', secret).update(`careers-cv:${siteId}:${payload}`).digest('base64url');

/** `{cvId}.{expiresUnixSeconds}.{signature}`. */
export function cvLinkToken(secret: string, siteId: number, cvId: string, expiresAt: Date): string {
  const payload = `${cvId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${sign(secret, siteId, payload)}`;
}

const TOKEN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The CV a token names on this site, or why it names none. */
export function readCvLinkToken(
  secret: string,
  siteId: number,
  token: string,
  now: Date,
): { ok: true; cvId: string } | { ok: false; reason: 'invalid' | 'expired' } {
  const match = TOKEN.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, cvId, expires, signature] = match as unknown as [string, string, string, string];
  if (!CV_ID.test(cvId)) return { ok: false, reason: 'invalid' };
  const [expected, given] = [Buffer.from(sign(secret, siteId, `${cvId}.${expires}`)), Buffer.from(signature)];
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'invalid' };
  if (Number(expires) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, cvId };
}

/** A CV link in a lead's emails: where, what it is called, and until when it works. */
export interface CvLink {
  url: string;
  name: string;
  expiresAt: Date;
}

/**
 * What links a careers lead's CV for the lead delivery (`LeadDeliveryDeps.careersCv`): the CV its
 * `cv_id` claimed, linked for `CV_LINK_DAYS` on the address the lead was sent from, else on
 * `originOf(site)`. None when the lead has no CV.
 */
export function careersCvLinks(deps: {
  db: Executor;
  linkSecret: string;
  originOf: (site: SiteConfig) => string;
  now?: () => Date;
}): (site: SiteConfig, lead: StoredLead, origin: string | null) => Promise<CvLink | undefined> {
  return async (site, lead, leadOrigin) => {
    const cvId = (lead.payload as Record<string, unknown>)[CV_FIELD];
    if (typeof cvId !== 'string' || !CV_ID.test(cvId)) return undefined;
    const cv = await findCareersCv(deps.db, site.id, cvId);
    if (!cv || (cv.lead_id !== null && cv.lead_id !== lead.lead_id)) return undefined;
    const now = deps.now?.() ?? new Date();
    const expiresAt = new Date(now.getTime() + CV_LINK_DAYS * 86_400_000);
    const origin = leadOrigin ?? deps.originOf(site);
    return {
      url: `${origin}${CV_LINK_PATH}${cvLinkToken(deps.linkSecret, site.id, cv.id, expiresAt)}`,
      name: cv.display_name,
      expiresAt,
    };
  };
}

/**
 * A stored CV as a download: its own content type, never sniffed, an attachment named by its
 * sanitised name, sandboxed should a browser render it anyway, and never kept by a shared cache.
 */
export async function cvDownload(c: Context<AppEnv>, media: MediaStore, cv: CareersCv): Promise<Response> {
  const stream = await media.get(cv.storage_key);
  c.header('cache-control', 'private, no-store');
  if (!stream) return c.text('No such CV.', 404);
  c.header('content-type', cv.content_type);
  c.header('x-content-type-options', 'nosniff');
  c.header('content-security-policy', "sandbox; default-src 'none'");
  c.header(
    'content-disposition',
    `attachment; filename="cv.${cv.kind}"; filename*=UTF-8''${encodeURIComponent(cv.display_name)}`,
  );
  return c.body(Readable.toWeb(stream) as ReadableStream);
}

/**
 * `GET /api/careers/cv/:token` (mounted under `/api`): the CV a valid, unexpired token of this site
 * names; 404 for a token that is not one, is another site's or names no CV; 410 once it has expired.
 */
export function careersCvLinkRoutes(deps: {
  db: Executor;
  media: MediaStore;
  linkSecret: string;
  now?: () => Date;
}): Hono<AppEnv> {
  return new Hono<AppEnv>().get(`${CV_LINK_PATH.slice('/api'.length)}:token`, async (c) => {
    const site = c.get('site');
    c.header('cache-control', 'private, no-store');
    const read = readCvLinkToken(
      deps.linkSecret,
      site.id,
      c.req.param('token') ?? '',
      deps.now?.() ?? new Date(),
    );
    if (!read.ok) {
      return read.reason === 'expired'
        ? c.text('This CV link has expired.', 410)
        : c.text('No such CV.', 404);
    }
    const cv = await findCareersCv(deps.db, site.id, read.cvId);
    if (!cv) return c.text('No such CV.', 404);
    return cvDownload(c, deps.media, cv);
  });
}
