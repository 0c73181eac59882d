import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { noChunkLoops } from './server/build/chunk-loops.ts';
import { compiledThemes } from './server/build/compiled-themes.ts';
import { firstLoadChunks } from './server/build/first-load-chunks.ts';
import { precompressAssets } from './server/build/precompress.ts';
import { PROJECT_ROOT, staticStyles } from './server/build/static-styles.ts';
import { CSP_NONCE_PLACEHOLDER } from './server/render/csp-nonce.ts';
import { listTenantDomains } from './server/tenants/load.ts';

/**
 * The lead forms' modules (issue 15): the car page, the form pages and the trade-in wizard share them; no
 * other route needs them. The car page loads its enquiry on intent (decision 134); the spinner stays
 * out, as the car page's finance summary shows it at once. Higher-priority groups take some of them
 * further apart: the site forms' definitions (`form-definitions`), the booking (`lead-pages`).
 * The visit's journey (`services/leads/lead-journey.storage.ts`) is the shell's — it records every page —
 * so it stays out: in this chunk it made the shell import the lead forms, and the lead rules read the
 * journey's limits before the shell had defined them (a loop between the two chunks).
 */
const LEAD_MODULES =
  /[\\/](views[\\/]ui[\\/](lead-form|site-form|form-values)|views[\\/]app[\\/]wiring\.forms|domain[\\/](lead|site-forms?|site-form-pages|finance-application|trade-in|enquiry|test-drive-slots|au-state|contracts[\\/]leads|contracts[\\/]test-drives)\.ts|services[\\/]leads[\\/](?!lead-journey\.storage)|machines[\\/](enquiry|test-drive)[\\/]|machines[\\/]form-submission[\\/]form-submission)/;

/** The routes shoppers land on (issue 38 item 3): their first load holds no other page's code. */
const firstLoad = firstLoadChunks(
  [
    { name: 'home', page: /[\\/]views[\\/]home[\\/]home-page\.tsx$/ },
    { name: 'search', page: /[\\/]views[\\/]search[\\/]search-page\.tsx$/ },
    { name: 'vehicle', page: /[\\/]views[\\/]vehicle[\\/]vehicle-page\.tsx$/ },
  ],
  // A refusal's message and fields (0.1 kB), read by the listing and by most other pages' machines:
  // in `search-shared` the content, locations, form and trade-in pages each loaded 0.7 kB for it.
  { everyRoute: /[\\/]machines[\\/]shared[\\/]refusal\.ts$/ },
);

/**
 * Our own modules, for the shared groups. The dialog shell is shared by dialogs that each load on
 * demand: it stays with them (and Ark's Dialog), out of what every route loads.
 */
const ownCode = (id: string) => !id.includes('node_modules') && !id.includes('dialog-shell');

export default defineConfig({
  // compiledThemes: the record of the dealers' themes in the stylesheet (issue 33 item 8).
  plugins: [
    staticStyles({ root: PROJECT_ROOT }),
    react(),
    compiledThemes({ root: PROJECT_ROOT }),
    noChunkLoops(),
    precompressAssets(),
  ],
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
    // Every browser the storefront supports preloads modules itself (Chrome 66, Firefox 115, Safari
    // 17); an older one only ignores the hint. The polyfill would cost every first load.
    modulePreload: { polyfill: false },
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
              test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate|wouter|regexparam|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            // TanStack Query: loaded with the first read that keeps its answer (decision 138), not by
            // any page's first load.
            { name: 'query-cache', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            { name: 'sonner', test: /node_modules[\\/]sonner[\\/]/, priority: 20 },
            {
              // The lead forms' code (issue 15), shared by the car page and the form pages only: its
              // own chunk, so routes without a form (search, home) do not download it.
              name: 'leads',
              test: LEAD_MODULES,
              minShareCount: 2,
              priority: 15,
              // Only the lead modules themselves: what they import (zod, the HTTP client) stays in the
              // shell, which every route has anyway.
              includeDependenciesRecursively: false,
            },
            {
              // The site forms' definitions (their fields, per dealer) and the car's enquiry, shared by the
              // form pages and the car page's enquiry (loaded on intent): apart from the lead-sending
              // core (`leads`, with `domain/site-forms.ts`'s rules), which the trade-in wizard loads too
              // and shows none of these forms.
              name: 'form-definitions',
              test: /[\\/](domain[\\/](site-form-pages|enquiry)\.ts$|views[\\/]ui[\\/]site-form\.tsx$|machines[\\/]enquiry[\\/])/,
              minShareCount: 2,
              priority: 16,
              includeDependenciesRecursively: false,
            },
            {
              // The test-drive and service booking (its machine, steps and wiring) and the trade-in's
              // rules: shared by the booking pages only, so neither the car page's enquiry nor the
              // contact, careers, fleet and finance pages load the booking (issue 38 item 3).
              name: 'lead-pages',
              test: /[\\/](machines[\\/]test-drive[\\/]|views[\\/]forms[\\/](test-drive|wiring\.test-drive)|domain[\\/]trade-in\.ts$)/,
              minShareCount: 2,
              priority: 16,
              includeDependenciesRecursively: false,
            },
            {
              // Australian states and locations (their time zones, the location schema): shared by the
              // home page, the locations pages and the lead forms. Their own small chunk, so the home
              // page does not download the lead forms for them.
              name: 'places',
              test: /[\\/]domain[\\/](au-state|location)\.ts$/,
              minShareCount: 2,
              priority: 16,
              includeDependenciesRecursively: false,
            },
            {
              // The gate, the car summary and the wizard's layout, shared by the pages behind the gate
              // (reserve, checkout journey, finance) and the trade-in page: with those pages only.
              name: 'gated',
              test: /[\\/](views[\\/]app[\\/]wiring\.gated|views[\\/]ui[\\/](redirect-notice|wizard-layout|car-summary-aside)|machines[\\/]gated-route[\\/]|services[\\/]vehicle[\\/]car-summary)/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // A car's rules (actions, finance display, the dealer's comments) shared by the car page
              // and the pages it leads to (reserve, checkout journey, finance): with those pages, never
              // the search page's load.
              name: 'car-rules',
              test: /[\\/]domain[\\/](vehicle-actions|finance|spec-rows|dealer-comments)\.ts$/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // The account rules (email, phone), shared by sign-in and the reserve wizard; and what
              // the account pages share (their wiring, machines, calls and contract), which imports
              // them: with those pages, not in the shell (a shell module importing this chunk, which
              // imports zod from the shell, is a loop that breaks every first load).
              name: 'account-rules',
              test: /[\\/](domain[\\/](auth|contracts[\\/]auth)\.ts|machines[\\/]auth[\\/].*|services[\\/]auth[\\/]auth\.service\.ts|views[\\/]account[\\/].*)$/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // The search client (algoliasearch's lite client and our service over it), shared by the
              // search page and the home page's stock, which imports it only when it searches: with
              // the search page, never the home page's first load.
              name: 'search-client',
              test: /[\\/]((services[\\/]search[\\/](search\.service|search\.queries|search-key|home-stock\.service)|domain[\\/]contracts[\\/](search-answers|site)|domain[\\/]search-result)\.ts$|node_modules[\\/](algoliasearch|@algolia)[\\/])/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // The listing's cards, range slider and dropdown, shared by the search page and the home
              // page (featured stock, the price-range screen): with those two, not every route.
              // The cards' deal signals (decision 130) with them: the search client's hit schema reads
              // the rating's schema from here (search-client → listing; listing imports no search client).
              name: 'listing',
              test: /[\\/](views[\\/]ui[\\/](car-card|car-card-parts|card-buttons|range-slider|range-slider-control|select-field|deal-signals|photo-count)\.tsx|machines[\\/]range-slider[\\/].*|domain[\\/](range-slider|make-picker|search-listing|deal-signals)\.ts)$/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // The carousel and a location's card, shared by the home page and the locations pages:
              // with those, not in the shell that the listing and the car page load too.
              name: 'carousel',
              test: /[\\/](views[\\/]ui[\\/](location-card|carousel)\.tsx|machines[\\/]carousel[\\/].*)$/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // The trade-in's terms (its limits and the buying team's hours), shared by the wizard and
              // the content page that states them: on its own, so a content page does not load the
              // form pages' `pages` chunk for them.
              name: 'trade-in-terms',
              test: /[\\/]domain[\\/]trade-in-terms\.ts$/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // The locations pages' text, shared by the locations flow and the content page's
              // router: with them, not in the shell.
              name: 'page-text',
              test: /[\\/]domain[\\/]locations-page-text\.ts$/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // The page loader (issue 32 item 5), shared by the pages that only read (home, compare,
              // parts search, saved searches, content, success): with them, not in the shell that the
              // listing and the car page load too.
              name: 'page-loader',
              test: /[\\/]machines[\\/]shared[\\/]page-loader\.ts$/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // The promo card and a promotion's picture (issue 32 item 6), shared by the search page and
              // the offers pages: with those two, not in the shell every route loads.
              name: 'promotions',
              test: /[\\/]views[\\/]ui[\\/]promo-card\.tsx$/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // A search in words and the listing's "Save search" link, shared by the search page and
              // the saved-searches page (issue 19), and an empty listing's suggestions, which name their
              // searches in those words (issue 37 item 2): with those, not every route. Left to the
              // shell, the suggestions made the shell import this chunk, which imports the shell.
              name: 'saved-search',
              test: /[\\/]domain[\\/](search-description|saved-search-link|search-suggestions|car-words)\.ts$/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // The saved-searches and unsubscribe pages' machines, calls and contract: with them only.
              name: 'saved-search-pages',
              test: /[\\/](machines[\\/]saved-searches[\\/].*|services[\\/]saved-searches[\\/].*|domain[\\/](contracts[\\/]saved-searches|saved-search)\.ts|views[\\/]saved-searches[\\/]wiring\.ts)$/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // The slot of "more cars" (issue 37 item 7), shared by the car page and the home page: with
              // them, not in the shell that /search loads too; what it loads comes after the first load.
              name: 'more-cars-slot',
              test: /[\\/](views[\\/]ui[\\/]more-cars-slot\.tsx|views[\\/]ui[\\/]use-near\.ts)$/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // The form pages' shared parts (their wiring, the honeypot, the success page's machine, a
              // page loader the car page has no use for): with those pages only.
              name: 'forms',
              test: /[\\/](views[\\/]forms[\\/]|machines[\\/]form-submission[\\/]success-page)/,
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // What only pages other than home, the listing and a car share (the form pages' rules,
              // the emailed links' confirmation): beside the shell on those pages (decision 138).
              name: firstLoad.pages,
              test: ownCode,
              minShareCount: 2,
              priority: 11,
              includeDependenciesRecursively: false,
            },
            {
              // What one of home, the listing and a car shares with its later parts or other pages.
              name: firstLoad.firstPage,
              test: ownCode,
              minShareCount: 2,
              priority: 11,
              includeDependenciesRecursively: false,
            },
            {
              // What the entry, or two of home, the listing and a car, use, with zod: every route's.
              // What one of those three uses travels with it (decision 138).
              name: firstLoad.shell,
              test: (id: string) => ownCode(id) || /node_modules[\\/]zod[\\/]/.test(id),
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
