import { NONCE, type secureHeaders } from 'hono/secure-headers';
import type { RenderResult } from '../../views/app/entry-server.tsx';

/** The processor component a page's head names. */
export type PaymentComponent = NonNullable<RenderResult['head']['paymentComponent']>;

/** A Content-Security-Policy as Hono's `secureHeaders` takes it (directives in camel case). */
export type ContentSecurityPolicy = NonNullable<
  NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']
>;

/**
 * The storefront's policy (issue 14; decision 090): our own scripts (the built chunks, and inline
 * ones only with the answer's nonce), the search hosts, no framing. Every page and answer has it,
 * except a page that loads a card processor's component (`policyFor`).
 */
export function storefrontPolicy(dev: boolean): ContentSecurityPolicy {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'https://*.algolia.net', 'https://*.algolianet.com', ...(dev ? ['ws:'] : [])],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
  };
}

/**
 * The hosts a card processor's own component needs (issue 34 item 1; decision 121), as Stripe's
 * security guide lists them for Stripe.js and the Payment Element: the script from js.stripe.com (and
 * its `*.js.stripe.com` subdomains), its frames from there (the card fields) and hooks.stripe.com
 * (3-D Secure), its calls to api.stripe.com.
 */
const PAYMENT_COMPONENT_HOSTS: Readonly<
  Record<PaymentComponent, { script: string[]; frame: string[]; connect: string[] }>
> = {
  stripe: {
    script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  },
};

/** The storefront's policy widened for a page's processor component: that page's document only. */
export function policyFor(policy: ContentSecurityPolicy, component: PaymentComponent): ContentSecurityPolicy {
  const hosts = PAYMENT_COMPONENT_HOSTS[component];
  const list = (values: ContentSecurityPolicy['scriptSrc']) => values ?? [];
  return {
    ...policy,
    scriptSrc: [...list(policy.scriptSrc), ...hosts.script],
    frameSrc: [...(policy.frameSrc ?? ["'self'"]), ...hosts.frame],
    connectSrc: [...list(policy.connectSrc), ...hosts.connect],
  };
}

/**
 * The header's value, as `secureHeaders` writes it (directives in kebab case, `; ` between them),
 * with the answer's nonce where the policy says `NONCE`. A page handler that sets the header itself
 * keeps it (`overwrite: false`).
 */
export function policyHeader(policy: ContentSecurityPolicy, nonce: string): string {
  return Object.entries(policy)
    .map(([directive, value]) => {
      const values = (Array.isArray(value) ? value : [value]) as unknown[];
      const name = directive.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      const texts = values.map((item) => (typeof item === 'function' ? `'nonce-${nonce}'` : String(item)));
      return [name, ...texts].join(' ');
    })
    .join('; ');
}
