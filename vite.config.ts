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
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate|wouter|regexparam|@tanstack|use-sync-external-store)[\\/]/,
              priority: 20,
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
