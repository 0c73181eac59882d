import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { z } from 'zod';
import { type SiteConfig, siteConfigSchema } from '../../tenants/tenant.schema.ts';

/** The folder holding one `<slug>/site.json` per dealer. `TENANTS_DIR` overrides it (tests do). */
export const DEFAULT_TENANTS_DIR = resolve(import.meta.dirname, '../../tenants');

/** A tenant file that is missing, not JSON, or not a valid site config. Names the file and the field. */
export class TenantConfigError extends Error {
  override readonly name = 'TenantConfigError';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid tenant config ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join('.') : '(root)';
    return `${field}: ${issue.message}`;
  });
}

function tenantFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((entry) => statSync(join(dir, entry)).isDirectory())
    .map((entry) => join(dir, entry, 'site.json'))
    .filter((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    })
    .sort();
}

/**
 * Reads and validates every tenant file. Throws a `TenantConfigError` naming the file and the field on
 * the first invalid file, or on a slug, id, dealership id or domain used twice — start-up stops there.
 */
export function loadTenants(dir: string = process.env.TENANTS_DIR ?? DEFAULT_TENANTS_DIR): SiteConfig[] {
  const sites: SiteConfig[] = [];
  const files = tenantFiles(dir);
  if (files.length === 0) throw new TenantConfigError(dir, ['no <slug>/site.json found']);
  for (const file of files) {
    const shown = relative(process.cwd(), file) || file;
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new TenantConfigError(shown, [`not valid JSON: ${(error as Error).message}`]);
    }
    const parsed = siteConfigSchema.safeParse(raw);
    if (!parsed.success) throw new TenantConfigError(shown, describeIssues(parsed.error));
    const folder = file.split(/[\\/]/).at(-2);
    if (parsed.data.slug !== folder) {
      throw new TenantConfigError(shown, [`slug: must match its folder name "${folder}"`]);
    }
    assertUnique(sites, parsed.data, shown);
    sites.push(parsed.data);
  }
  return sites;
}

function assertUnique(sites: SiteConfig[], site: SiteConfig, file: string): void {
  const problems: string[] = [];
  for (const other of sites) {
    if (other.id === site.id) problems.push(`id: ${site.id} is already used by ${other.slug}`);
    for (const dealership of site.dealerships) {
      if (other.dealerships.some((d) => d.id === dealership.id || d.slug === dealership.slug)) {
        problems.push(`dealerships: ${dealership.slug} (${dealership.id}) is already used by ${other.slug}`);
      }
    }
    for (const domain of site.domains) {
      if (other.domains.includes(domain))
        problems.push(`domains: ${domain} is already used by ${other.slug}`);
    }
  }
  if (problems.length > 0) throw new TenantConfigError(file, problems);
}

/** Every custom domain of every tenant (for Vite's allowed hosts in development). */
export function listTenantDomains(dir?: string): string[] {
  try {
    return loadTenants(dir).flatMap((site) => site.domains);
  } catch {
    return [];
  }
}
