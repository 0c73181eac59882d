/**
 * Gated routes (`locations-forms-tradein-site.md` §4 Gated routes, §6): on sites with the personalised
 * flow, checkout and finance routes send anonymous visitors to sign-in with the type, redirect and
 * back. Trade-in and sell-my-car are never gated.
 */

/** The sign-in type a gated route asks for. */
export type GateType = 'checkout' | 'finance';

/** A gated route: why the visitor signs in, and where `back` returns to without signing in. */
export interface GatedRoute {
  type: GateType;
  back: string;
}

/** The gated routes that reserve a car (the reserve wizard, `views/reserve/`). */
export const RESERVE_ROUTE_PATTERNS: readonly string[] = ['/cars/:slug/checkout', '/cars/:slug/buy-online'];

/** §2: a used car's online purchase (`?car_id={slug}`), the reserve wizard's checkout journey. */
export const CHECKOUT_JOURNEY_PATH = '/checkout-journey';

/** The gated routes of finance (the finance page, `views/finance/`). */
export const FINANCE_ROUTE_PATTERNS: readonly string[] = [
  '/finance',
  '/finance-enquiry',
  '/apply-for-finance',
  '/personalised/finance',
];

/**
 * Every route that may be gated, as wouter patterns: each is a page of its own in
 * `views/app/pages.ts` whose first step is the `gatedRoute` machine's decision.
 */
export const GATED_ROUTE_PATTERNS: readonly string[] = [
  ...RESERVE_ROUTE_PATTERNS,
  CHECKOUT_JOURNEY_PATH,
  ...FINANCE_ROUTE_PATTERNS,
];

const CAR_CHECKOUT = /^\/cars\/([^/]+)\/(?:checkout|buy-online)\/?$/;
const FINANCE = new Set(FINANCE_ROUTE_PATTERNS);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Whether `path` is a checkout or finance route, and where `back` goes: the car's page for a car's
 * checkout (`/cars/{slug}`, or `car_id` of `/checkout-journey`), else the home page. Any other path —
 * trade-in and sell-my-car included — is not gated (null).
 */
export function gatedRoute(path: string, search = ''): GatedRoute | null {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  const car = CAR_CHECKOUT.exec(path);
  if (car) return { type: 'checkout', back: `/cars/${car[1]}` };
  if (trimmed === '/checkout-journey') {
    const slug = new URLSearchParams(search).get('car_id') ?? '';
    return { type: 'checkout', back: SLUG.test(slug) ? `/cars/${slug}` : '/' };
  }
  if (FINANCE.has(trimmed)) return { type: 'finance', back: '/' };
  return null;
}

/** A route asked for, and the site's `personalisedFlow` switch. */
export interface GateRequest {
  path: string;
  search: string;
  personalisedFlow: boolean;
}
