import { defineCatalogEntry } from '../catalog.types.ts';
import { contentPageMachine } from './content-page.machine.ts';

/** A content page has one state: its only path is the page itself, ready. */
export const contentPageCatalogEntry = defineCatalogEntry(contentPageMachine, {
  summary: 'Content page (trade-in terms): ready from the start, its text built from the site',
  input: { page: 'tradeInTerms' },
  promiseInvokes: {},
  events: [],
});
