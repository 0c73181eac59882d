import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TENANTS_DIR, loadTenants, TenantConfigError } from '../../../server/tenants/load.ts';

function copyOfDemoTenants(): string {
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-tenants-'));
  cpSync(DEFAULT_TENANTS_DIR, dir, { recursive: true });
  return dir;
}

function edit(dir: string, slug: string, change: (site: Record<string, unknown>) => void): string {
  const file = join(dir, slug, 'site.json');
  const site = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(site);
  writeFileSync(file, JSON.stringify(site));
  return file;
}

function loadError(dir: string): TenantConfigError {
  try {
    loadTenants(dir);
  } catch (error) {
    if (error instanceof TenantConfigError) return error;
    throw error;
  }
  throw new Error('expected the tenant config to be refused');
}

describe('tenant config loading (issue 2 §2: an invalid config stops start-up naming file and field)', () => {
  it('loads every demo dealer', () => {
    expect(loadTenants().map((s) => s.slug)).toEqual([
      'bayside-mazda',
      'harbour-auto-group',
      'metro-used',
      'outback-rv',
    ]);
  });

  it('names the file and the field of a wrong value', () => {
    const dir = copyOfDemoTenants();
    edit(dir, 'metro-used', (site) => {
      (site.address as Record<string, unknown>).postcode = '30';
    });
    const error = loadError(dir);
    expect(error.message).toContain(join('metro-used', 'site.json'));
    expect(error.message).toContain('address.postcode: must be 4 digits');
  });

  it('names a missing required field', () => {
    const dir = copyOfDemoTenants();
    edit(dir, 'outback-rv', (site) => {
      delete site.name;
    });
    expect(loadError(dir).message).toMatch(/outback-rv[\\/]site\.json[\s\S]*name:/);
  });

  it('refuses a file that is not JSON', () => {
    const dir = copyOfDemoTenants();
    writeFileSync(join(dir, 'bayside-mazda', 'site.json'), '{ "slug": ');
    expect(loadError(dir).message).toMatch(/bayside-mazda[\\/]site\.json[\s\S]*not valid JSON/);
  });

  it('refuses a dealership id used by two dealers', () => {
    const dir = copyOfDemoTenants();
    const other = loadTenants().find((s) => s.slug === 'bayside-mazda')?.dealerships[0];
    edit(dir, 'metro-used', (site) => {
      const dealerships = site.dealerships as Record<string, unknown>[];
      if (dealerships[0] && other) dealerships[0].id = other.id;
      site.dealership_id = other?.id;
      for (const location of site.locations as Record<string, unknown>[]) location.dealership_id = other?.id;
    });
    expect(loadError(dir).message).toContain('is already used by bayside-mazda');
  });

  it('refuses a slug that does not match its folder', () => {
    const dir = copyOfDemoTenants();
    edit(dir, 'metro-used', (site) => {
      site.slug = 'metro-cars';
    });
    expect(loadError(dir).message).toContain('slug: must match its folder name "metro-used"');
  });
});
