import { describe, expect, it } from 'vitest';
import { loadTenants } from '../../../server/tenants/load.ts';
import { hostName, resolveTenant } from '../../../tenants/resolve.ts';

const sites = loadTenants();
const withDomain = sites.find((s) => s.domains.length > 0);

describe('host resolution (issue 2 §2)', () => {
  it.each([
    ['bayside-mazda.localhost:3000', 'bayside-mazda', 'subdomain'],
    ['HARBOUR-AUTO-GROUP.localhost', 'harbour-auto-group', 'subdomain'],
    ['outback-rv.localhost:8080', 'outback-rv', 'subdomain'],
    ['localhost:3000', 'metro-used', 'default'],
    ['127.0.0.1:3000', 'metro-used', 'default'],
    ['[::1]:3000', 'metro-used', 'default'],
  ])('%s → %s (%s)', (host, slug, via) => {
    const resolution = resolveTenant(host, sites, 'metro-used');
    expect(resolution).toMatchObject({ kind: 'found', site: { slug }, via });
  });

  it('a custom domain listed in a tenant config serves that tenant', () => {
    if (!withDomain) throw new Error('a demo dealer should list a custom domain');
    const domain = withDomain.domains[0] ?? '';
    expect(resolveTenant(`${domain}:443`, sites, 'metro-used')).toMatchObject({
      kind: 'found',
      site: { slug: withDomain.slug },
      via: 'domain',
    });
  });

  it.each([
    'unknown.localhost:3000',
    'evil.example.com',
    '',
    'bayside-mazda.localhost.evil.com',
    'bayside-mazda.example.com',
  ])('an unknown host (%j) is never another dealer', (host) => {
    expect(resolveTenant(host, sites, 'bayside-mazda').kind).toBe('unknown');
  });

  it('a plain localhost with a default that does not exist is unknown', () => {
    expect(resolveTenant('localhost', sites, 'no-such-dealer').kind).toBe('unknown');
  });

  it('hostName strips the port and lower-cases', () => {
    expect(hostName('Bayside-Mazda.LOCALHOST:3000')).toBe('bayside-mazda.localhost');
    expect(hostName('[::1]:80')).toBe('[::1]');
  });
});
