import { modelsByBodyPath, promotionPagePath } from '../../domain/content-pages.ts';
import type { OfferSummary, SitePageAnswer } from '../../domain/contracts/pages.ts';
import { formatAustralianDate, possessive } from '../../domain/format.ts';
import type { ModelBodyCategory, ModelRangeGroup } from '../../domain/model.ts';
import { localClock } from '../../domain/opening-hours.ts';
import { type Promotion, promotionPhase } from '../../domain/promotion.ts';
import type { ReviewList } from '../../domain/review.ts';
import { showsAverage, starFills } from '../../domain/review-stars.ts';

/**
 * Pages the server writes from the store (issue 18 items 5, 6): the current promotions
 * (`/special-offers`, `/offers`), a promotion's own page, the model range (`/models`) and the
 * reviews, as data the browser renders (issue 32 item 6: no page is written as HTML).
 */

/** A page answer of one kind. */
type PageOf<K extends SitePageAnswer['kind']> = Extract<SitePageAnswer, { kind: K }>;

/** A moment as the dealer's shoppers read it, the day in the dealer's time zone: `1 February 2025`. */
const dayOf = (iso: string, timeZone: string) =>
  formatAustralianDate(localClock(new Date(iso), timeZone).date) ?? iso.slice(0, 10);

/** The offers list itself, and a promotion's own page: where "See the offer" must not lead. */
const OFFERS_PATHS = new Set(['/special-offers', '/offers']);

/** A promotion as the offer pages show it. */
const offerOf = (promotion: Promotion, timeZone: string): OfferSummary => ({
  path: promotionPagePath(promotion.id),
  title: promotion.title,
  image_url: promotion.image.url,
  description: promotion.description ?? null,
  ends: dayOf(promotion.expires_at, timeZone),
});

/** §4 Promotions: only those running now (the store's `activeAt`), with their end date. */
export function offersPage(
  path: string,
  siteName: string,
  promotions: readonly Promotion[],
  timeZone: string,
): PageOf<'offers'> {
  return {
    kind: 'offers',
    path,
    title: 'Special offers',
    description: `${possessive(siteName)} current offers.`,
    offers: promotions.map((promotion) => offerOf(promotion, timeZone)),
  };
}

/**
 * A promotion's own page (issue 18 item 5): while it runs, the offer and its link; once it has
 * expired, that it has ended and the offers running now. A promotion that has not started is not
 * shown (§4: only between its start and expiry), so the caller answers it as not found.
 */
export function promotionPage(
  promotion: Promotion,
  current: readonly Promotion[],
  now: Date,
  timeZone: string,
): PageOf<'offer'> | PageOf<'offerEnded'> {
  const path = promotionPagePath(promotion.id);
  const ends = dayOf(promotion.expires_at, timeZone);
  if (promotionPhase(promotion, now) === 'ended') {
    return {
      kind: 'offerEnded',
      path,
      title: `${promotion.title} has ended`,
      description: `This offer ended on ${ends}. See the offers running now.`,
      ended: ends,
      offers: current.map((running) => offerOf(running, timeZone)),
    };
  }
  // "See the offer" opens what the promotion offers; a link back to the offers (or to this page) is
  // no offer, so the page then links the list alone.
  const bare = promotion.link.split(/[?#]/)[0]?.replace(/(.)\/+$/, '$1') ?? '';
  return {
    kind: 'offer',
    path,
    title: promotion.title,
    description: promotion.description ?? `${promotion.title}: ends ${ends}.`,
    offer: offerOf(promotion, timeZone),
    see_the_offer: OFFERS_PATHS.has(bare) || bare === path ? null : promotion.link,
  };
}

/**
 * §2 model range (`/models`, `/models?body={body-name}`): the dealer's models by body type (suvs,
 * utes, cars, hybrids, sports), NEW or COMING SOON, with the body types as a filter; `body` shows
 * one of them.
 */
export function modelsPage(
  siteName: string,
  range: readonly ModelRangeGroup[],
  body: ModelBodyCategory | null = null,
): PageOf<'models'> {
  const shown = body && range.some((group) => group.category === body) ? body : null;
  const filter =
    range.length > 1
      ? [
          { label: 'All models', href: '/models', current: !shown },
          ...range.map((group) => ({
            label: group.category,
            href: modelsByBodyPath(group.category),
            current: group.category === shown,
          })),
        ]
      : [];
  return {
    kind: 'models',
    path: shown ? modelsByBodyPath(shown) : '/models',
    title: shown ? `Our range: ${shown}` : 'Our range',
    description: shown
      ? `${possessive(siteName)} ${shown.toLowerCase()}: the models in the range.`
      : `${possessive(siteName)} model range, by body type.`,
    filter,
    groups: range
      .filter((group) => !shown || group.category === shown)
      .map((group) => ({ category: group.category, models: group.models })),
  };
}

/**
 * §2 reviews, §5, §9: the average as stars — only when it exceeds the dealer's minimum — with the
 * count, and the newest reviews (12) with how long ago each was written.
 */
export function reviewsPage(
  site: { name: string; reviews: { minimum_rating: number; google_reviews_shown: number } },
  list: ReviewList,
): PageOf<'reviews'> {
  const average = Number(list.average_rating);
  return {
    kind: 'reviews',
    path: '/reviews',
    title: 'Reviews',
    description: `What ${possessive(site.name)} customers say.`,
    average:
      list.count > 0 && showsAverage(average, site.reviews.minimum_rating)
        ? { rating: list.average_rating, stars: starFills(average) }
        : null,
    count: list.count,
    reviews: list.reviews.map((review) => ({
      customer_name: review.customer_name,
      rating: review.rating,
      when: review.review_date_in_words,
      text: review.text,
    })),
  };
}
