import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_PAGE_PATHS } from '../../domain/content-pages.ts';
import type { SitePageAnswer } from '../../domain/contracts/pages.ts';
import { DEFAULT_TENANTS_DIR } from '../tenants/load.ts';
import { markdownTokens } from './markdown-tokens.ts';

/** One of a dealer's own pages: its head and its Markdown as checked tokens (`markdown-tokens.ts`). */
export type SitePage = Extract<SitePageAnswer, { kind: 'markdown' }>;

/** Every dealer's pages: site slug → path → page. */
export type SitePages = ReadonlyMap<string, ReadonlyMap<string, SitePage>>;

/** A page file that cannot be served: names the file and why. */
export class SitePageError extends Error {}

/** `---\ntitle: …\ndescription: …\npath: …\n---` then Markdown. */
function parse(file: string, source: string): SitePage {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match)
    throw new SitePageError(`${file}: starts with a --- block naming its title, description and path`);
  const fields = Object.fromEntries(
    (match[1] ?? '').split(/\r?\n/).flatMap((line) => {
      const at = line.indexOf(':');
      return at > 0 ? [[line.slice(0, at).trim(), line.slice(at + 1).trim()]] : [];
    }),
  );
  const { title, description, path } = fields as Record<string, string | undefined>;
  if (!title || !description || !path) throw new SitePageError(`${file}: needs title, description and path`);
  if (!(CONTENT_PAGE_PATHS as readonly string[]).includes(path)) {
    throw new SitePageError(
      `${file}: path ${path} is not one of the content routes (domain/content-pages.ts)`,
    );
  }
  return { kind: 'markdown', path, title, description, tokens: markdownTokens(match[2] ?? '') };
}

/**
 * Reads every dealer's pages from `tenants/<slug>/pages/*.md` (issue 18 item 7: content per dealer,
 * in its tenant folder, rendered on the server), once at start. A malformed file stops start-up with
 * its name, as a malformed `site.json` does.
 */
export function loadSitePages(dir: string = process.env.TENANTS_DIR ?? DEFAULT_TENANTS_DIR): SitePages {
  const sites = new Map<string, Map<string, SitePage>>();
  for (const slug of readdirSync(dir)) {
    const folder = join(dir, slug, 'pages');
    if (!existsSync(folder)) continue;
    const pages = new Map<string, SitePage>();
    for (const name of readdirSync(folder)
      .filter((file) => file.endsWith('.md'))
      .sort()) {
      const page = parse(join(slug, 'pages', name), readFileSync(join(folder, name), 'utf8'));
      if (pages.has(page.path))
        throw new SitePageError(`${slug}/pages/${name}: a second page for ${page.path}`);
      pages.set(page.path, page);
    }
    sites.set(slug, pages);
  }
  return sites;
}
