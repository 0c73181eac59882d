import { loadTenants } from '../../../server/tenants/load.ts';

/** The port the end-to-end server listens on (`E2E_PORT` lets two runs share a machine). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);

/** The end-to-end server's data folder (its own PGlite store and secrets), one per port. */
export const E2E_DATA_DIR = E2E_PORT === 3199 ? '.data/e2e' : `.data/e2e-${E2E_PORT}`;

/** The demo dealers, as the server loads them. */
export const demoSites = loadTenants();

/** A dealer's own origin: `http://<slug>.localhost:<port>` (Chromium resolves *.localhost to loopback). */
export function siteOrigin(slug: string): string {
  return `http://${slug}.localhost:${E2E_PORT}`;
}

/**
 * The URL and `Host` header for Node-side requests (Playwright's `request` does not resolve
 * *.localhost): connect to 127.0.0.1 and name the host in the header.
 */
export function nodeRequest(host: string, path: string): { url: string; headers: Record<string, string> } {
  return { url: `http://127.0.0.1:${E2E_PORT}${path}`, headers: { host } };
}
