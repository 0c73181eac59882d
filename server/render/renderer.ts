import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ViteDevServer } from 'vite';
import type { RenderRequest, RenderResult } from '../../views/app/entry-server.tsx';
import type { ConsoleRenderRequest, ConsoleRenderResult } from '../../views/console/app/entry-server.tsx';
import { type CompiledThemes, readCompiledThemes } from '../build/compiled-themes.ts';
import type { Logger } from '../logger.ts';
import { RenderThreads } from './render-threads.ts';

/** Renders storefront pages: the HTML template and the SSR entry, from the build or from Vite. */
export interface PageRenderer {
  template(url: string): Promise<string>;
  /** `crowded`: other renders are running or waiting (`RenderQueue`), so this one may go to a thread. */
  render(request: RenderRequest, options?: { crowded?: boolean }): Promise<RenderResult>;
  /** The built chunks (site paths) of the given source modules, for modulepreload links; none in dev. */
  preloads?(modules: readonly string[]): string[];
  /**
   * The dealers' themes the stylesheet was built with (`server/build/compiled-themes.ts`); none in
   * development, where every dealer's theme is served from its folder.
   */
  compiledThemes?: CompiledThemes;
  /** The dealer console's own app (`console.html`, its SSR entry and manifest; decision 126). */
  console?: ConsoleRenderer;
}

/** Renders the dealer console's pages (`/dealer/…`): its own template, SSR entry and chunks. */
export interface ConsoleRenderer {
  template(url: string): Promise<string>;
  render(request: ConsoleRenderRequest): Promise<ConsoleRenderResult>;
  preloads?(modules: readonly string[]): string[];
}

type ConsoleEntryModule = {
  renderConsole: (request: ConsoleRenderRequest) => Promise<ConsoleRenderResult>;
  preloadConsolePages: () => Promise<void>;
};

/** The console's production renderer: `dist/client/console.html`, `dist/server/console/entry-server.js`. */
async function productionConsoleRenderer(root: string): Promise<ConsoleRenderer> {
  const template = await readFile(join(root, 'dist/client/console.html'), 'utf8');
  const entry = (await import(
    pathToFileURL(join(root, 'dist/server/console/entry-server.js')).href
  )) as ConsoleEntryModule;
  await entry.preloadConsolePages();
  const manifest = JSON.parse(
    await readFile(join(root, 'dist/client/.vite/console-manifest.json'), 'utf8'),
  ) as Manifest;
  return {
    template: async () => template,
    render: (request) => entry.renderConsole(request),
    preloads: manifestPreloads(manifest),
  };
}

/** One entry of Vite's build manifest (`dist/client/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Resolves source modules to the chunks the browser must fetch for them: each module's chunk and
 * the chunks it imports, less what the entry script loads anyway.
 */
export function manifestPreloads(manifest: Manifest): (modules: readonly string[]) => string[] {
  const closure = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryKeys = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, entryKeys);
  return (modules) => {
    const keys = new Set<string>();
    for (const module of modules) closure(module, keys);
    return [...keys].filter((key) => !entryKeys.has(key)).map((key) => `/${manifest[key]?.file}`);
  };
}

type EntryModule = {
  render: (request: RenderRequest) => Promise<RenderResult>;
  preloadPages: () => Promise<void>;
};

/**
 * The production renderer: `dist/client/index.html` and `dist/server/entry-server.js`. With `threads`
 * (`RENDER_THREADS`), a crowd's storefront pages render on that many threads of their own (decision
 * 136); a page asked alone, and every page without threads, on the main thread.
 */
export async function productionRenderer(
  root: string,
  options: { threads?: number; logger?: Pick<Logger, 'error'> } = {},
): Promise<PageRenderer> {
  const template = await readFile(join(root, 'dist/client/index.html'), 'utf8');
  const entryUrl = pathToFileURL(join(root, 'dist/server/entry-server.js')).href;
  const entry = (await import(entryUrl)) as EntryModule;
  await entry.preloadPages();
  const threads = options.threads
    ? await RenderThreads.start({ entryUrl, count: options.threads, logger: options.logger ?? console })
    : null;
  const manifest = JSON.parse(
    await readFile(join(root, 'dist/client/.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  return {
    template: async () => template,
    // A lone render stays here: each of its calls would cross between the threads twice, which a
    // shopper alone on the server pays for with nothing to gain (decision 136). So does every render
    // while no thread runs (each died and none could be replaced: logged).
    render: (request, options) =>
      threads && options?.crowded && threads.running > 0 ? threads.render(request) : entry.render(request),
    preloads: manifestPreloads(manifest),
    compiledThemes: readCompiledThemes(join(root, 'dist/client')),
    console: await productionConsoleRenderer(root),
  };
}

/** The development renderer: Vite transforms the template and loads the SSR entry with hot reload. */
export function devRenderer(root: string, vite: ViteDevServer): PageRenderer {
  return {
    template: async (url) => vite.transformIndexHtml(url, await readFile(join(root, 'index.html'), 'utf8')),
    render: async (request) => {
      const entry = (await vite.ssrLoadModule('/views/app/entry-server.tsx')) as EntryModule;
      return entry.render(request);
    },
    console: {
      template: async (url) =>
        vite.transformIndexHtml(url, await readFile(join(root, 'console.html'), 'utf8')),
      render: async (request) => {
        const entry = (await vite.ssrLoadModule('/views/console/app/entry-server.tsx')) as ConsoleEntryModule;
        return entry.renderConsole(request);
      },
    },
  };
}
