import { STATE_TIME_ZONES } from '../../../domain/au-state.ts';
import { promotionPagePath } from '../../../domain/content-pages.ts';
import type { ConsoleOffer, ConsoleOffers } from '../../../domain/contracts/console-offers.ts';
import { OFFER_MESSAGES, type OfferForm } from '../../../domain/offer-form.ts';
import { parsePhotoAddress } from '../../../domain/photo-address.ts';
import { type Promotion, promotionPhase, promotionSchema } from '../../../domain/promotion.ts';
import { zonedDate, zonedInstant } from '../../../domain/test-drive-slots.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { masterKey } from '../../media/photos/master.ts';
import type { Db } from '../../store/db.ts';
import {
  getPromotion,
  listPromotions,
  nextPromotionId,
  upsertPromotions,
} from '../../store/promotions.repo.ts';
import { recordAudit } from '../audit.ts';

/**
 * The console's offers (issue 36 item 6): a site's promotions as its managers see them, and adding,
 * changing and ending one — each written with its audit entry in one transaction. The dates a
 * manager picks are the dealer's days: an offer shows from the start of its first day to the end of
 * its last (`locations-forms-tradein-site.md` §4: between its start and its expiry), in the dealer's
 * time zone; ending one sets its expiry to this moment.
 */

/** What the offers' logic needs. */
export interface OffersDeps {
  db: Db;
  media: MediaStore | null;
  now: () => Date;
  /** After a change is stored: the public site and kept pages change at once, here and in other processes. */
  contentChanged: () => Promise<void>;
}

/** An answer the route sends as an error. */
export interface OfferRefusal {
  refused: { status: 404 | 409 | 422; code: string; message: string; fields?: Record<string, string> };
}

/** What a change answers: the offer, or why not. */
export type ConsoleOfferAnswer = ConsoleOffer | OfferRefusal;

/** The dealer's time zone (the site's address). */
export const siteTimeZone = (site: SiteConfig) => STATE_TIME_ZONES[site.address.state];

/** The last day an offer shows: the day of the moment before its expiry. */
const lastDay = (expiresAt: string, timeZone: string) => zonedDate(Date.parse(expiresAt) - 1, timeZone);

/** A promotion as the console shows it. */
export function consoleOfferOf(promotion: Promotion, timeZone: string, now: Date): ConsoleOffer {
  return {
    id: promotion.id,
    title: promotion.title,
    description: promotion.description ?? null,
    image_url: promotion.image.url,
    link: promotion.link,
    starts: zonedDate(Date.parse(promotion.start_at), timeZone),
    ends: lastDay(promotion.expires_at, timeZone),
    start_at: promotion.start_at,
    expires_at: promotion.expires_at,
    dealership_ids: promotion.dealership_ids,
    phase: promotionPhase(promotion, now),
    path: promotionPagePath(promotion.id),
  };
}

const PHASE_ORDER = { running: 0, upcoming: 1, ended: 2 } as const;

/** The site's offers: running, then to come, then ended (the latest first). */
export async function listConsoleOffers(deps: OffersDeps, site: SiteConfig): Promise<ConsoleOffers> {
  const now = deps.now();
  const timeZone = siteTimeZone(site);
  const offers = (await listPromotions(deps.db, site.id))
    .map((promotion) => consoleOfferOf(promotion, timeZone, now))
    .sort(
      (a, b) =>
        PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase] ||
        (a.phase === 'ended'
          ? b.expires_at.localeCompare(a.expires_at)
          : a.start_at.localeCompare(b.start_at)),
    );
  return {
    offers,
    dealerships: site.dealerships.map((d) => ({ id: d.id, name: d.name })),
    today: zonedDate(now.getTime(), timeZone),
  };
}

const refuse = (fields: Record<string, string>): OfferRefusal => ({
  refused: {
    status: 422,
    code: 'invalid_offer',
    message: Object.values(fields)[0] ?? 'Please check the offer',
    fields,
  },
});
const notFound = (): OfferRefusal => ({
  refused: { status: 404, code: 'offer_not_found', message: 'This dealer has no such offer' },
});

/** Whether a picture address names a master the photo pipeline stored. */
async function isStoredPhoto(media: MediaStore | null, url: string): Promise<boolean> {
  const parsed = parsePhotoAddress(url);
  if (!parsed || !media) return false;
  const master = await media.get(masterKey(parsed.hash));
  master?.destroy();
  return master !== null;
}

/**
 * Checks a form against the site and the clock: a day before today is refused (an offer already
 * running keeps its first day), dealerships must be the site's, and a new picture must be one the
 * pipeline stored. Answers the promotion's start and expiry.
 */
async function checked(
  deps: OffersDeps,
  site: SiteConfig,
  form: OfferForm,
  before: Promotion | null,
): Promise<{ start_at: string; expires_at: string } | OfferRefusal> {
  const timeZone = siteTimeZone(site);
  const today = zonedDate(deps.now().getTime(), timeZone);
  const fields: Record<string, string> = {};
  const keptStart = before && zonedDate(Date.parse(before.start_at), timeZone) === form.starts;
  if (form.starts < today && !keptStart) fields.starts = OFFER_MESSAGES.past;
  if (form.ends < today) fields.ends = OFFER_MESSAGES.past;
  const ids = new Set(site.dealerships.map((d) => d.id));
  if (!form.dealership_ids.every((id) => ids.has(id))) fields.dealership_ids = OFFER_MESSAGES.dealerships;
  if (form.image_url !== before?.image.url && !(await isStoredPhoto(deps.media, form.image_url))) {
    fields.image_url = OFFER_MESSAGES.image;
  }
  if (Object.keys(fields).length > 0) return refuse(fields);
  const start_at =
    keptStart && before
      ? before.start_at
      : new Date(zonedInstant(form.starts, '00:00', timeZone)).toISOString();
  // The end of its last day: the first moment of the next.
  const next = new Date(`${form.ends}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const expires_at = new Date(zonedInstant(next.toISOString().slice(0, 10), '00:00', timeZone)).toISOString();
  return { start_at, expires_at };
}

/** Adds an offer (`id` null) or changes one of the site's; answers it, or why not. */
export async function saveOffer(
  deps: OffersDeps,
  site: SiteConfig,
  staffId: number,
  id: number | null,
  form: OfferForm,
): Promise<ConsoleOffer | OfferRefusal> {
  const before = id === null ? null : await getPromotion(deps.db, site.id, id);
  if (id !== null && !before) return notFound();
  const window = await checked(deps, site, form, before);
  if ('refused' in window) return window;
  const saved = await deps.db.transaction(async (tx) => {
    const promotion = promotionSchema.parse({
      id: before?.id ?? (await nextPromotionId(tx)),
      site_id: site.id,
      dealership_ids: [...new Set(form.dealership_ids)].sort((a, b) => a - b),
      title: form.title,
      description: form.description === '' ? null : form.description,
      image: { url: form.image_url },
      link: form.link,
      ...window,
    });
    await upsertPromotions(tx, [promotion]);
    await recordAudit(tx, {
      siteId: site.id,
      staffId,
      action: before ? 'promotion.update' : 'promotion.create',
      subject: `promotion ${promotion.id}`,
      detail: {
        title: promotion.title,
        start_at: promotion.start_at,
        expires_at: promotion.expires_at,
        dealership_ids: promotion.dealership_ids,
        ...(before
          ? { before: { title: before.title, start_at: before.start_at, expires_at: before.expires_at } }
          : {}),
      },
    });
    return promotion;
  });
  await deps.contentChanged();
  return consoleOfferOf(saved, siteTimeZone(site), deps.now());
}

/**
 * Ends one of the site's offers now: its expiry becomes this moment (one that has not started yet
 * starts and ends at once, a second before, so it never shows). An offer that has ended is refused.
 */
export async function endOffer(
  deps: OffersDeps,
  site: SiteConfig,
  staffId: number,
  id: number,
): Promise<ConsoleOffer | OfferRefusal> {
  const now = deps.now();
  const ended = await deps.db.transaction(async (tx) => {
    const before = await getPromotion(tx, site.id, id);
    if (!before) return notFound();
    if (promotionPhase(before, now) === 'ended') {
      return {
        refused: { status: 409 as const, code: 'offer_ended', message: 'This offer has ended already' },
      };
    }
    const expires_at = now.toISOString();
    const start_at =
      Date.parse(before.start_at) < now.getTime()
        ? before.start_at
        : new Date(now.getTime() - 1000).toISOString();
    const promotion: Promotion = { ...before, start_at, expires_at };
    await upsertPromotions(tx, [promotion]);
    await recordAudit(tx, {
      siteId: site.id,
      staffId,
      action: 'promotion.end',
      subject: `promotion ${id}`,
      detail: { title: before.title, expires_at, before: { expires_at: before.expires_at } },
    });
    return promotion;
  });
  if ('refused' in ended) return ended;
  await deps.contentChanged();
  return consoleOfferOf(ended, siteTimeZone(site), now);
}
