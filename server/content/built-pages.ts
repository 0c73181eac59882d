import { MODEL_MENU_ORDER, type Model } from '../../domain/model.ts';
import type { Promotion } from '../../domain/promotion.ts';
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
