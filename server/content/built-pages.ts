import { MODEL_MENU_ORDER, type Model } from '../../domain/model.ts';
import type { Promotion } from '../../domain/promotion.ts';
import type { ReviewList } from '../../domain/review.ts';
import { showsAverage, starFills } from '../../domain/review-stars.ts';
import { slugify } from '../../domain/search-routes.ts';
import { escapeHtml } from '../html.ts';
import type { SitePage } from './site-pages.ts';

/**
 * Pages the server writes from the store (issue 18 items 5, 6): the current promotions
 * (`/special-offers`, `/offers`) and the model range (`/models`), as HTML with every value escaped.
 */

/** §4 Promotions: only those running now (the store's `activeAt`), with their end date. */
export function offersPage(
  path: string,
  siteName: string,
  promotions: readonly Promotion[],
  timeZone: string,
): SitePage {
  const ends = (iso: string) =>
    new Date(iso).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone });
  const items = promotions.map(
    (promotion) => `<li>
<h2><a href="${escapeHtml(promotion.link)}">${escapeHtml(promotion.title)}</a></h2>
<p><img src="${escapeHtml(promotion.image.url)}" alt="" width="960" height="270" loading="lazy"></p>
${promotion.description ? `<p>${escapeHtml(promotion.description)}</p>` : ''}
<p>Ends ${escapeHtml(ends(promotion.expires_at))}.</p>
</li>`,
  );
  return {
    path,
    title: 'Special offers',
    description: `${siteName}'s current offers.`,
    html:
      items.length > 0
        ? `<ul class="offers">${items.join('\n')}</ul>`
        : `<p>There are no special offers right now. <a href="/search">Browse our stock</a>.</p>`,
  };
}

/** §2 model range: the dealer's models by body type (suvs, utes, cars, hybrids, sports), NEW or COMING SOON. */
export function modelsPage(siteName: string, models: readonly Model[]): SitePage {
  const sections = MODEL_MENU_ORDER.flatMap((category) => {
    const inCategory = models.filter((model) =>
      [model.manufacturer_body, model.manufacturer_body2, model.manufacturer_body3].includes(category),
    );
    if (inCategory.length === 0) return [];
    const cards = inCategory.map((model) => {
      const mark =
        model.status === 'new'
          ? ' <strong>NEW</strong>'
          : model.status === 'coming_soon'
            ? ' <strong>COMING SOON</strong>'
            : '';
      const href = `/search/${slugify(model.manufacturer_name)}/${model.slug}`;
      return `<li><a href="${escapeHtml(href)}">${escapeHtml(model.manufacturer_name)} ${escapeHtml(model.name)}</a>${mark}${
        model.description ? ` — ${escapeHtml(model.description)}` : ''
      }</li>`;
    });
    return [`<h2>${escapeHtml(category)}</h2>\n<ul>${cards.join('\n')}</ul>`];
  });
  return {
    path: '/models',
    title: 'Our range',
    description: `${siteName}'s model range, by body type.`,
    html: sections.length > 0 ? sections.join('\n') : `<p>Browse our <a href="/search">stock</a>.</p>`,
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
      ? `<p data-testid="review-average"><span role="img" aria-label="Rated ${escapeHtml(list.average_rating)} out of 5">${starFills(
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
    description: `What ${site.name}'s customers say.`,
    html: `${summary}\n<ul class="reviews">${reviews.join('\n')}</ul>`,
  };
}
