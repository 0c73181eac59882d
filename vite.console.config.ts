import { defineConfig, type UserConfig } from 'vite';
import storefront from './vite.config.ts';

const base = storefront as UserConfig;

/**
 * The dealer console's build (issue 36 item 7, decision 126): the same plugins, stylesheet and
 * server as the storefront, but its own entry (`console.html`), its own chunks and its own manifest
 * (`dist/client/.vite/console-manifest.json`), built after the storefront's into the same `dist/client`
 * (`npm run build`). A separate build rather than a second input of the storefront's: Rolldown's
 * chunk groups see only a module's id, so a module the console shared with one storefront page would
 * count as shared by two chunks and move into the storefront's `shell`, which every route loads. Built
 * apart, no console module can reach a storefront chunk and the storefront's chunks are byte for byte
 * what they were. The SSR entry is built into `dist/server/console/entry-server.js`.
 */
export default defineConfig({
  ...base,
  build: {
    ...base.build,
    outDir: 'dist/client',
    // The storefront's build has just filled it (and emptied it first).
    emptyOutDir: false,
    manifest: '.vite/console-manifest.json',
    rolldownOptions: {
      input: 'console.html',
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'console-framework',
              test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate|wouter|regexparam|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            {
              // What the console's entry and more than one of its pages share (zod, the HTTP client,
              // the layout): one cacheable file rather than many small ones.
              name: 'console-shell',
              test: (id: string) => !id.includes('node_modules') || /node_modules[\\/]zod[\\/]/.test(id),
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
