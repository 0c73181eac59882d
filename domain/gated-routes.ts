import { signInPath } from './return-path.ts';

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

/** The routes that may be gated, as wouter patterns (each is a page in `views/app/pages.ts`). */
export const GATED_ROUTE_PATTERNS = [
  '/cars/:slug/checkout',
  '/cars/:slug/buy-online',
  '/checkout-journey',
  '/finance',
  '/finance-enquiry',
  '/apply-for-finance',
  '/personalised/finance',
] as const;

/** The gated routes that reserve a car (the reserve wizard, `views/reserve/`). */
export const RESERVE_ROUTE_PATTERNS: readonly string[] = ['/cars/:slug/checkout', '/cars/:slug/buy-online'];

/** The gated routes of finance (the finance page, `views/finance/`). */
export const FINANCE_ROUTE_PATTERNS: readonly string[] = [
  '/finance',
  '/finance-enquiry',
  '/apply-for-finance',
  '/personalised/finance',
];

const CAR_CHECKOUT = /^\/cars\/([^/]+)\/(?:checkout|buy-online)\/?$/;
const FINANCE = new Set(['/finance', '/finance-enquiry', '/apply-for-finance', '/personalised/finance']);
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

/**
 * What the gate decides for a visitor (§4 Gated routes): allowed, or the sign-in URL (type, redirect,
 * back) an anonymous visitor on a personalised-flow site is sent to. The `gatedRoute` machine reaches
 * the same decision step by step; pages that run a flow of their own behind the gate (the reserve
 * wizard) ask it in one call.
 */
export function gateOutcome(
  request: GateRequest,
  signedIn: boolean,
): { allowed: boolean; signInUrl: string | null } {
  const gate = gatedRoute(request.path, request.search);
  if (!request.personalisedFlow || gate === null || signedIn) return { allowed: true, signInUrl: null };
  const redirect = request.search ? `${request.path}?${request.search}` : request.path;
  return { allowed: false, signInUrl: signInPath({ type: gate.type, redirect, back: gate.back }) };
}
