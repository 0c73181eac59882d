import { serializeJsonLd } from '../../domain/vehicle-json-ld.ts';
import { BOOT_ELEMENT_ID, type BootData, serialiseBoot } from '../../views/app/boot.ts';
import type { PageHead } from '../../views/app/entry-server.tsx';
import { escapeHtml } from '../html.ts';
import type { BrandHead } from '../tenants/brand.ts';
import { CSP_NONCE_PLACEHOLDER } from './csp-nonce.ts';

/** Everything that goes into one HTML document. */
export interface DocumentParts {
  nonce: string;
  theme: string;
  origin: string;
  head: PageHead;
  html: string;
  boot: BootData;
  /** Built chunks the page needs at once (`<link rel="modulepreload">`). */
  preloads?: readonly string[];
  /** The dealer's icons and share picture (`server/tenants/brand.ts`); none without brand files. */
  brand?: BrandHead | undefined;
}

/**
 * The icon links: the dealer's favicon and touch icon where it has them. Without a favicon the page
 * names an empty one, so no browser asks for `/favicon.ico` (and logs its 404).
 */
function iconTags(brand: BrandHead | undefined): string[] {
  const icon = brand?.icon;
  return [
    icon
      ? `<link rel="icon" href="${escapeHtml(icon.href)}" type="${escapeHtml(icon.type)}" />`
      : '<link rel="icon" href="data:," />',
    ...(brand?.touchIcon ? [`<link rel="apple-touch-icon" href="${escapeHtml(brand.touchIcon)}" />`] : []),
  ];
}

/** The picture a shared link shows: the page's own, else the dealer's share image (absolute). */
function shareImageTags(head: PageHead, brand: BrandHead | undefined, origin: string): string[] {
  const image = head.image ?? brand?.shareImage;
  if (!image) return [];
  const href = escapeHtml(new URL(image, origin).href);
  return [
    `<meta property="og:image" content="${href}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:image" content="${href}" />`,
  ];
}

/**
 * The page's main photo, fetched first (its `srcset` and `sizes` as its `<img>` has them). No `href`:
 * a browser without `imagesrcset` would fetch a second copy in another width.
 */
function preloadImageTags(head: PageHead): string[] {
  if (!head.preloadImage) return [];
  const { srcset, sizes } = head.preloadImage;
  return [
    `<link rel="preload" as="image" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high" />`,
  ];
}

/**
 * `BreadcrumbList` for every page but the home page (issue 18 item 8): Home, then — for a car or a
 * listing — the stock listing, then the page by its title (without the site's name).
 */
function breadcrumbs(head: PageHead, canonical: string, origin: string, siteName: string): object | null {
  const path = new URL(canonical).pathname;
  if (path === '/') return null;
  const title = head.title.split(' | ')[0] || siteName;
  const trail: { name: string; item: string }[] = [{ name: 'Home', item: `${origin}/` }];
  if (path.startsWith('/cars/')) trail.push({ name: 'Stock', item: `${origin}/search` });
  trail.push({ name: title, item: canonical });
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.item,
    })),
  };
}

function headTags(parts: DocumentParts): string {
  const { head, origin, nonce, boot } = parts;
  const canonical = new URL(head.canonicalPath, origin).href;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(boot.site.name)}" />`,
    ...shareImageTags(head, parts.brand, origin),
    ...preloadImageTags(head),
    `<meta name="theme-color" content="#ffffff" />`,
    ...iconTags(parts.brand),
  ];
  for (const href of parts.preloads ?? []) {
    tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
  }
  // A page that writes its own trail (the car page, the listing) keeps it; every other gets one here.
  const ownTrail = (head.jsonLd ?? []).some(
    (data) => (data as { '@type'?: unknown })['@type'] === 'BreadcrumbList',
  );
  const crumbs =
    head.status === 200 && !ownTrail ? breadcrumbs(head, canonical, origin, boot.site.name) : null;
  for (const data of [...(head.jsonLd ?? []), ...(crumbs ? [crumbs] : [])]) {
    tags.push(`<script type="application/ld+json" nonce="${nonce}">${serializeJsonLd(data)}</script>`);
  }
  return tags.join('\n    ');
}

/**
 * Fills the HTML template. The nonce goes in first, where the template itself carries the
 * placeholder, so text that merely contains it (a dealer comment) never receives the nonce. Function
 * replacers only: a string replacement would expand `$&` found in dealer data (server-rendering
 * guide).
 */
export function renderDocument(template: string, parts: DocumentParts): string {
  return template
    .replaceAll(CSP_NONCE_PLACEHOLDER, () => parts.nonce)
    .replace('__FORECOURT_THEME__', () => escapeHtml(parts.theme))
    .replace('<!--app-head-->', () => headTags(parts))
    .replace('<!--app-html-->', () => parts.html)
    .replace(
      '<!--app-boot-->',
      () => `<script type="application/json" id="${BOOT_ELEMENT_ID}">${serialiseBoot(parts.boot)}</script>`,
    );
}
