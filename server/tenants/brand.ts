import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SiteLogo } from '../../tenants/public-site.ts';
import { type RasterFormat, rasterSize, sniffRaster } from './brand-image.ts';
import { checkBrandSvg } from './brand-svg.ts';
import { DEFAULT_TENANTS_DIR } from './load.ts';

/**
 * A dealer's brand from its folder (issue 35 item 5): its logo in the header, its favicon and touch
 * icon, and the picture a shared link shows, read from `<TENANTS_DIR>/<slug>/` at start — like its
 * `theme.json`, so a dealer added later is served after a restart, without a build. Every file is
 * checked by its bytes and size; an SVG also for anything that could run or reach elsewhere. A
 * dealer without them shows its name, as before.
 */

/** What a brand file is for. */
export type BrandRole = 'logo' | 'favicon' | 'touchIcon' | 'share';
type BrandFormat = RasterFormat | 'svg';

const KB = 1024;

/** The files a dealer's folder may hold, with the format their bytes must have and their ceiling. */
export const BRAND_FILES: Readonly<
  Record<string, { role: BrandRole; format: BrandFormat; maxBytes: number }>
> = {
  'logo.svg': { role: 'logo', format: 'svg', maxBytes: 200 * KB },
  'logo.png': { role: 'logo', format: 'png', maxBytes: 500 * KB },
  'logo.webp': { role: 'logo', format: 'webp', maxBytes: 500 * KB },
  'favicon.svg': { role: 'favicon', format: 'svg', maxBytes: 50 * KB },
  'favicon.png': { role: 'favicon', format: 'png', maxBytes: 100 * KB },
  'favicon.ico': { role: 'favicon', format: 'ico', maxBytes: 100 * KB },
  'apple-touch-icon.png': { role: 'touchIcon', format: 'png', maxBytes: 200 * KB },
  'share.png': { role: 'share', format: 'png', maxBytes: 1024 * KB },
  'share.jpg': { role: 'share', format: 'jpeg', maxBytes: 1024 * KB },
};

const CONTENT_TYPES: Readonly<Record<BrandFormat, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  ico: 'image/x-icon',
};

const ROLE_NAMES: Readonly<Record<BrandRole, string>> = {
  logo: 'a logo',
  favicon: 'a favicon',
  touchIcon: 'a touch icon',
  share: 'a share image',
};

/** A file that names itself a brand file (by `logo`, `favicon`, `touch-icon` or `share` in an image name). */
const LOOKS_LIKE_BRAND = /(logo|favicon|touch-icon|share).*\.(svg|png|webp|jpe?g|gif|ico|avif|bmp)$/i;

/** A brand file that cannot be served, naming the file and what is wrong (start-up stops there). */
export class TenantBrandError extends Error {
  override readonly name = 'TenantBrandError';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid brand file ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** One checked brand file as the server answers it. */
export interface BrandFile {
  name: string;
  role: BrandRole;
  contentType: string;
  bytes: Buffer;
  /** The first 12 hex digits of its SHA-256: the `?v=` of its address, and its ETag. */
  version: string;
  /** `/brand/<name>?v=<version>`: the address pages link, kept by browsers for a year. */
  href: string;
  size: { width: number; height: number } | null;
}

/** What the document head links for a dealer: its icons and its share picture (paths on its host). */
export interface BrandHead {
  icon: { href: string; type: string } | null;
  touchIcon: string | null;
  shareImage: string | null;
}

/** One dealer's brand. */
export interface TenantBrand {
  files: ReadonlyMap<string, BrandFile>;
  logo: SiteLogo | null;
  head: BrandHead;
}

/** Every dealer's brand by slug (a dealer without brand files has none). */
export type TenantBrands = ReadonlyMap<string, TenantBrand>;

function checkFile(path: string, name: string): BrandFile {
  const rule = BRAND_FILES[name];
  if (!rule) throw new Error(`not a brand file: ${name}`);
  const shown = relative(process.cwd(), path) || path;
  const bytes = readFileSync(path);
  const problems: string[] = [];
  let size: BrandFile['size'] = null;
  if (bytes.length === 0) problems.push('is empty');
  else if (bytes.length > rule.maxBytes) {
    problems.push(
      `is ${Math.ceil(bytes.length / KB)} kB; ${ROLE_NAMES[rule.role]} may be at most ${rule.maxBytes / KB} kB`,
    );
  } else if (rule.format === 'svg') {
    const raster = sniffRaster(bytes);
    const check = raster ? null : checkBrandSvg(bytes.toString('utf8'));
    if (raster) problems.push(`is not an SVG: its bytes are ${raster.toUpperCase()}`);
    else if (check) {
      problems.push(...check.problems);
      size = check.size;
    }
  } else {
    const format = sniffRaster(bytes);
    if (format !== rule.format) {
      problems.push(
        `is not ${rule.format.toUpperCase()}: its bytes are ${format ? format.toUpperCase() : 'no image this server reads'}`,
      );
    } else {
      size = rasterSize(bytes, format);
      if (rule.role === 'logo' && !size) problems.push('has no readable width and height');
    }
  }
  if (problems.length > 0) throw new TenantBrandError(shown, problems);
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return {
    name,
    role: rule.role,
    contentType: CONTENT_TYPES[rule.format],
    bytes,
    version,
    href: `/brand/${name}?v=${version}`,
    size,
  };
}

function loadBrand(folder: string): TenantBrand | null {
  const files = new Map<string, BrandFile>();
  const byRole = new Map<BrandRole, BrandFile>();
  const entries = readdirSync(folder)
    .filter((entry) => statSync(join(folder, entry)).isFile())
    .sort();
  for (const entry of entries) {
    const path = join(folder, entry);
    if (!BRAND_FILES[entry]) {
      if (!LOOKS_LIKE_BRAND.test(entry)) continue;
      const accepted = Object.keys(BRAND_FILES).join(', ');
      throw new TenantBrandError(relative(process.cwd(), path) || path, [
        `is not a brand file this server reads; it reads ${accepted}`,
      ]);
    }
    const file = checkFile(path, entry);
    const other = byRole.get(file.role);
    if (other) {
      throw new TenantBrandError(relative(process.cwd(), path) || path, [
        `${ROLE_NAMES[file.role]} is already given by ${other.name}: keep one of them`,
      ]);
    }
    byRole.set(file.role, file);
    files.set(entry, file);
  }
  if (files.size === 0) return null;
  const logo = byRole.get('logo');
  const favicon = byRole.get('favicon');
  return {
    files,
    logo: logo?.size ? { src: logo.href, width: logo.size.width, height: logo.size.height } : null,
    head: {
      icon: favicon ? { href: favicon.href, type: favicon.contentType } : null,
      touchIcon: byRole.get('touchIcon')?.href ?? null,
      shareImage: byRole.get('share')?.href ?? null,
    },
  };
}

/**
 * Reads and checks the brand files of the given dealers' folders. Throws a {@link TenantBrandError}
 * naming the file on the first that cannot be served: too large, not the image its name says, an SVG
 * that could run code or load another file, two files for one purpose, or an image-like file whose
 * name this server does not read (`logo.jpg`), so a misnamed logo is not silently ignored.
 */
export function loadTenantBrands(
  sites: readonly { slug: string }[],
  dir: string = process.env.TENANTS_DIR ?? DEFAULT_TENANTS_DIR,
): TenantBrands {
  const brands = new Map<string, TenantBrand>();
  for (const { slug } of sites) {
    const brand = loadBrand(join(dir, slug));
    if (brand) brands.set(slug, brand);
  }
  return brands;
}
