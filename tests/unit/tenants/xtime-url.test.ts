import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenants, TenantConfigError } from '../../../server/tenants/load.ts';
import { siteConfigSchema } from '../../../tenants/tenant.schema.ts';

/**
 * A dealer's `xtime_url` (locations-forms-tradein-site.md §3 "Dealer config: … xtime_url"), its online
 * service booking, is a link the service page opens in a new tab: only an https address is taken, so
 * a site config cannot make it a `javascript:`, `data:` or plain-http link.
 */
const tenantsDir = resolve(import.meta.dirname, '../../../tenants');
const bayside = JSON.parse(readFileSync(join(tenantsDir, 'bayside-mazda', 'site.json'), 'utf8')) as Record<
  string,
  unknown
>;
const MESSAGE = 'must be an https:// address such as https://consumer.xtime.example/your-dealer';
const withXtime = (xtime_url: unknown) => siteConfigSchema.safeParse({ ...bayside, xtime_url });

describe('xtime_url', () => {
  it('the four demo dealers load with theirs as written, or none', () => {
    const sites = loadTenants(tenantsDir);
    expect(sites.map((site) => [site.slug, site.xtime_url])).toEqual([
      ['bayside-mazda', 'https://consumer.xtime.example/bayside-mazda'],
      ['harbour-auto-group', 'https://consumer.xtime.example/harbour-auto-group'],
      ['metro-used', null],
      ['outback-rv', null],
    ]);
  });

  it.each([
    'http://consumer.xtime.example/bayside-mazda',
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://consumer.xtime.example/',
    'consumer.xtime.example/bayside-mazda',
  ])('refuses %j, saying what it must be', (url) => {
    const parsed = withXtime(url);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['xtime_url'], MESSAGE],
    ]);
  });

  it('keeps an https address as a browser reads it, and none when unset', () => {
    expect(withXtime('https:consumer.xtime.example/bayside-mazda').data?.xtime_url).toBe(
      'https://consumer.xtime.example/bayside-mazda',
    );
    expect(withXtime(null).data?.xtime_url).toBeNull();
    expect(withXtime(undefined).data?.xtime_url).toBeNull();
  });

  it('a dealer folder with a plain-http address stops start-up, naming the file and the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fc-xtime-'));
    mkdirSync(join(dir, 'bayside-mazda'));
    writeFileSync(
      join(dir, 'bayside-mazda', 'site.json'),
      JSON.stringify({ ...bayside, xtime_url: 'http://consumer.xtime.example/bayside-mazda' }),
    );
    expect(() => loadTenants(dir)).toThrow(TenantConfigError);
    expect(() => loadTenants(dir)).toThrow(`xtime_url: ${MESSAGE}`);
  });
});
