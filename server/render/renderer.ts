import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ViteDevServer } from 'vite';
import type { RenderRequest, RenderResult } from '../../views/app/entry-server.tsx';

/** Renders storefront pages: the HTML template and the SSR entry, from the build or from Vite. */
export interface PageRenderer {
  template(url: string): Promise<string>;
  render(request: RenderRequest): Promise<RenderResult>;
}

type EntryModule = { render: (request: RenderRequest) => Promise<RenderResult> };

/** The production renderer: `dist/client/index.html` and `dist/server/entry-server.js`. */
export async function productionRenderer(root: string): Promise<PageRenderer> {
  const template = await readFile(join(root, 'dist/client/index.html'), 'utf8');
  const entry = (await import(pathToFileURL(join(root, 'dist/server/entry-server.js')).href)) as EntryModule;
  return { template: async () => template, render: (request) => entry.render(request) };
}

/** The development renderer: Vite transforms the template and loads the SSR entry with hot reload. */
export function devRenderer(root: string, vite: ViteDevServer): PageRenderer {
  return {
    template: async (url) => vite.transformIndexHtml(url, await readFile(join(root, 'index.html'), 'utf8')),
    render: async (request) => {
      const entry = (await vite.ssrLoadModule('/views/app/entry-server.tsx')) as EntryModule;
      return entry.render(request);
    },
  };
}
