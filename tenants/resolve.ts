import type { SiteConfig } from './tenant.schema.ts';

/** The outcome of resolving a request's host to a dealer site. */
export type TenantResolution =
  | { kind: 'found'; site: SiteConfig; via: 'subdomain' | 'domain' | 'default' }
  | { kind: 'unknown'; host: string };

const PLAIN_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The host name of a `Host` header, lower-cased and without its port. */
export function hostName(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * Picks the dealer site for a `Host` header: `<slug>.localhost`, a custom domain listed in a site's
 * config, or the default site for a plain `localhost`. Anything else is unknown — never another
 * dealer's site.
 */
export function resolveTenant(
  hostHeader: string | undefined,
  sites: readonly SiteConfig[],
  defaultSlug: string,
): TenantResolution {
  const host = hostName(hostHeader ?? '');
  if (PLAIN_HOSTS.has(host)) {
    const site = sites.find((s) => s.slug === defaultSlug);
    return site ? { kind: 'found', site, via: 'default' } : { kind: 'unknown', host };
  }
  if (host.endsWith('.localhost')) {
    const slug = host.slice(0, -'.localhost'.length);
    const site = sites.find((s) => s.slug === slug);
    return site ? { kind: 'found', site, via: 'subdomain' } : { kind: 'unknown', host };
  }
  const site = sites.find((s) => s.domains.includes(host));
  return site ? { kind: 'found', site, via: 'domain' } : { kind: 'unknown', host };
}
