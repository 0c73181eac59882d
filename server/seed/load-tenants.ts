import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteConfigSchema } from '../../tenants/tenant.schema.ts';
import { DEMO_TENANTS } from './demo-tenants.ts';
import type { SeedTenant } from './seed-tenant.ts';
import { toSeedTenant } from './seed-tenant.ts';

/** The folder of tenant configs, `<repo>/tenants`. */
export const TENANTS_DIR = fileURLToPath(new URL('../../tenants/', import.meta.url));

/**
 * Reads and validates every `tenants/<slug>/site.json` as seed tenants, in slug order. Falls back to
 * {@link DEMO_TENANTS} when no tenant file exists yet; an invalid file is an error naming it.
 */
export function loadSeedTenants(dir: string = TENANTS_DIR): SeedTenant[] {
  const files = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(dir, entry.name, 'site.json'))
        .filter((file) => existsSync(file))
        .sort()
    : [];
  if (files.length === 0) return [...DEMO_TENANTS];
  return files.map((file) => {
    const parsed = siteConfigSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${file}: ${issue?.path.map(String).join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
    }
    return toSeedTenant(parsed.data);
  });
}
