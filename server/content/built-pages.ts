import { modelsByBodyPath, promotionPagePath } from '../../domain/content-pages.ts';
import { formatAustralianDate, possessive } from '../../domain/format.ts';
import type { ModelBodyCategory, ModelRangeGroup } from '../../domain/model.ts';
import { localClock } from '../../domain/opening-hours.ts';
import { type Promotion, promotionPhase } from '../../domain/promotion.ts';
import type { ReviewList } from '../../domain/review.ts';
import { showsAverage, starFills } from '../../domain/review-stars.ts';
import { escapeHtml } from '../html.ts';
import type { SitePage } from './site-pages.ts';

/**
 * Pages the server writes from the store (issue 18 items 5, 6): the current promotions
 * (`/special-offers`, `/offers`) and the model range (`/models`), as HTML with every value escaped.
 */

/** A moment as the dealer's shoppers read it, the day in the dealer's time zone: `1 February 2025`. */
const dayOf = (iso: string, timeZone: string) =>
  formatAustralianDate(localClock(new Date(iso), timeZone).date) ?? iso.slice(0, 10);

/** The offers list itself, and a promotion's own page: where "See the offer" must not lead. */
const OFFERS_PATHS = new Set(['/special-offers', '/offers']);

/** The current promotions as a list, each title leading to its own page; or a line saying there are none. */
function offersList(promotions: readonly Promotion[], timeZone: string): string {
  if (promotions.length === 0) {
    return `<p>There are no special offers right now. <a href="/search">Browse our stock</a>.</p>`;
  }
  const items = promotions.map(
    (promotion) => `<li>
<h2><a href="${escapeHtml(promotionPagePath(promotion.id))}">${escapeHtml(promotion.title)}</a></h2>
<p><img src="${escapeHtml(promotion.image.url)}" alt="" width="960" height="270" loading="lazy"></p>
${promotion.description ? `<p>${escapeHtml(promotion.description)}</p>` : ''}
<p>Ends ${escapeHtml(dayOf(promotion.expires_at, timeZone))}.</p>
</li>`,
  );
  return `<ul class="offers">${items.join('\n')}</ul>`;
}

/** §4 Promotions: only those running now (the store's `activeAt`), with their end date. */
export function offersPage(
  path: string,
  siteName: string,
  promotions: readonly Promotion[],
  timeZone: string,
): SitePage {
  return {
    path,
    title: 'Special offers',
    description: `${possessive(siteName)} current offers.`,
    html: offersList(promotions, timeZone),
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
): SitePage {
  const path = promotionPagePath(promotion.id);
  if (promotionPhase(promotion, now) === 'ended') {
    return {
      path,
      title: `${promotion.title} has ended`,
      description: `This offer ended on ${dayOf(promotion.expires_at, timeZone)}. See the offers running now.`,
      html: `<p data-expired="true">This offer ended on ${escapeHtml(dayOf(promotion.expires_at, timeZone))}. Here are the offers running now.</p>
${offersList(current, timeZone)}
<p><a href="/special-offers">All special offers</a></p>`,
    };
  }
  // "See the offer" opens what the promotion offers; a link back to the offers (or to this page) is
  // no offer, so the page then links the list alone.
  const bare = promotion.link.split(/[?#]/)[0]?.replace(/(.)\/+$/, '$1') ?? '';
  const seeTheOffer =
    OFFERS_PATHS.has(bare) || bare === path
      ? ''
      : `<a href="${escapeHtml(promotion.link)}">See the offer</a> · `;
  return {
    path,
    title: promotion.title,
    description:
      promotion.description ?? `${promotion.title}: ends ${dayOf(promotion.expires_at, timeZone)}.`,
    html: `<p><img src="${escapeHtml(promotion.image.url)}" alt="" width="960" height="270"></p>
${promotion.description ? `<p>${escapeHtml(promotion.description)}</p>` : ''}
<p>Ends ${escapeHtml(dayOf(promotion.expires_at, timeZone))}.</p>
<p>${seeTheOffer}<a href="/special-offers">All special offers</a></p>`,
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
): SitePage {
  const shown = body && range.some((group) => group.category === body) ? body : null;
  const filter =
    range.length > 1
      ? `<nav aria-label="Body types"><ul>${[
          shown
            ? '<li><a href="/models">All models</a></li>'
            : '<li><a href="/models" aria-current="page">All models</a></li>',
          ...range.map((group) => {
            const current = group.category === shown ? ' aria-current="page"' : '';
            return `<li><a href="${escapeHtml(modelsByBodyPath(group.category))}"${current}>${escapeHtml(group.category)}</a></li>`;
          }),
        ].join('')}</ul></nav>`
      : '';
  const sections = range
    .filter((group) => !shown || group.category === shown)
    .map((group) => {
      const cards = group.models.map((model) => {
        const mark =
          model.status === 'new'
            ? ' <strong>NEW</strong>'
            : model.status === 'coming_soon'
              ? ' <strong>COMING SOON</strong>'
              : '';
        const about = model.description ? ` — ${escapeHtml(model.description)}` : '';
        return `<li><a href="${escapeHtml(model.href)}">${escapeHtml(model.name)}</a>${mark}${about}</li>`;
      });
      return `<h2>${escapeHtml(group.category)}</h2>\n<ul>${cards.join('\n')}</ul>`;
    });
  return {
    path: shown ? modelsByBodyPath(shown) : '/models',
    title: shown ? `Our range: ${shown}` : 'Our range',
    description: shown
      ? `${possessive(siteName)} ${shown.toLowerCase()}: the models in the range.`
      : `${possessive(siteName)} model range, by body type.`,
    html:
      sections.length > 0
        ? `${filter}\n${sections.join('\n')}`
        : `<p>Browse our <a href="/search">stock</a>.</p>`,
  };
}

/** One star of the display as SVG, filled to `fill` (0–1) with a gradient: no inline style (CSP). */
function starSvg(fill: number, index: number): string {
  const id = `star-${index}`;
  const percent = Math.round(fill * 100);
  return `<svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><defs><linearGradient id="${id}"><stop offset="${percent}%" stop-color="#f5a623"/><stop offset="${percent}%" stop-color="#d9d9d9"/></linearGradient></defs><path fill="url(#${id})" d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"/></svg>`;
}

/**
 * §2 reviews, §5, §9: the average as stars — only when it exceeds the dealer's minimum — with the
 * count, and the newest reviews (12) with how long ago each was written.
 */
export function reviewsPage(
  site: { name: string; reviews: { minimum_rating: number; google_reviews_shown: number } },
  list: ReviewList,
): SitePage {
  const average = Number(list.average_rating);
  const summary =
    list.count > 0 && showsAverage(average, site.reviews.minimum_rating)
      ? `<p data-testid="review-average"><span role="img" data-stars aria-label="Rated ${escapeHtml(list.average_rating)} out of 5">${starFills(
          average,
        )
          .map(starSvg)
          .join(
            '',
          )}</span> <strong>${escapeHtml(list.average_rating)}</strong> from ${list.count.toLocaleString('en-AU')} reviews</p>`
      : `<p>${list.count.toLocaleString('en-AU')} reviews.</p>`;
  const reviews = list.reviews.map(
    (review) => `<li>
<h2>${escapeHtml(review.customer_name)}</h2>
<p>Rated ${review.rating} out of 5 · ${escapeHtml(review.review_date_in_words)}</p>
${review.text ? `<p>${escapeHtml(review.text)}</p>` : ''}
</li>`,
  );
  return {
    path: '/reviews',
    title: 'Reviews',
    description: `What ${possessive(site.name)} customers say.`,
    html: `${summary}\n<ul class="reviews">${reviews.join('\n')}</ul>`,
  };
}
