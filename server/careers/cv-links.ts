import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import { CV_FIELD, CV_ID } from '../../domain/careers-cv-rules.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { AppEnv } from '../app-env.ts';
import type { MediaStore } from '../media/media-store.ts';
import { type SignedLinkMakerDeps, type SignedLinkRouteDeps, signedLinks } from '../media/signed-links.ts';
import { type CareersCv, findCareersCv } from '../store/careers-cvs.repo.ts';
import type { StoredLead } from '../store/leads.repo.ts';

/**
 * A careers enquiry's CV for its dealer (issue 37 item 9), linked as the trade-in's photos are
 * (decision 123, `media/signed-links.ts`): the lead's emails link it at `/api/careers/cv/<token>` on
 * the dealer's own site; the token names the CV and when it stops working, signed with the server's
 * link secret and bound to the site and to CVs. Nothing is stored, and the CV is never reachable by a
 * guessable address.
 */

/** How long a CV link works: a fortnight, as a photo link does. */
export const CV_LINK_DAYS = 14;

/** CV links: `{cvId}.{expiresUnixSeconds}.{signature}`, signed as `careers-cv`. */
export const signedCvLinks = signedLinks<string>({
  name: 'careers-cv',
  idPattern: /[0-9a-f-]{36}/,
  readId: (text) => (CV_ID.test(text) ? text : null),
  path: '/api/careers/cv/',
  days: CV_LINK_DAYS,
  says: { expired: 'This CV link has expired.', missing: 'No such CV.' },
});

/** The token of a CV link of a site, working until `expiresAt`. */
export const cvLinkToken = signedCvLinks.token;

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
export function careersCvLinks(
  deps: SignedLinkMakerDeps,
): (site: SiteConfig, lead: StoredLead, origin: string | null) => Promise<CvLink | undefined> {
  return async (site, lead, leadOrigin) => {
    const cvId = (lead.payload as Record<string, unknown>)[CV_FIELD];
    if (typeof cvId !== 'string' || !CV_ID.test(cvId)) return undefined;
    const cv = await findCareersCv(deps.db, site.id, cvId);
    if (!cv || (cv.lead_id !== null && cv.lead_id !== lead.lead_id)) return undefined;
    const expiresAt = signedCvLinks.expiresAt(deps.now?.() ?? new Date());
    const origin = leadOrigin ?? deps.originOf(site);
    return {
      url: signedCvLinks.url(deps.linkSecret, site.id, cv.id, origin, expiresAt),
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
export function careersCvLinkRoutes(deps: SignedLinkRouteDeps): Hono<AppEnv> {
  return signedCvLinks.routes(deps, async (c, cvId) => {
    const cv = await findCareersCv(deps.db, c.get('site').id, cvId);
    return cv ? cvDownload(c, deps.media, cv) : null;
  });
}
