import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from './server/render/csp-nonce.ts';
import { listTenantDomains } from './server/tenants/load.ts';

export default defineConfig({
  plugins: [react()],
  appType: 'custom',
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: {
    // *.localhost is allowed by Vite already; custom tenant domains must be listed.
    allowedHosts: listTenantDomains(),
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Few, cacheable files per route (decision 070): the framework; the shell — our code and zod
        // that the entry and more than one page share, which Rolldown would otherwise cut into many
        // small chunks, each a request; then the page's own chunk. The toaster (sonner) loads on
        // the first toast, under its own name.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate|wouter|regexparam|@tanstack|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            { name: 'sonner', test: /node_modules[\\/]sonner[\\/]/, priority: 20 },
            {
              name: 'shell',
              // The dialog shell is shared by dialogs that each load on demand: it stays with them
              // (and Ark's Dialog), out of the shell that every route loads.
              test: (id: string) =>
                (!id.includes('node_modules') && !id.includes('dialog-shell')) ||
                /node_modules[\\/]zod[\\/]/.test(id),
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  ssr: {
    noExternal: [],
  },
});
