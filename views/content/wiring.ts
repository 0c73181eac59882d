import { fromPromise } from 'xstate';
import { contentPageMachine } from '../../machines/content-page/content-page.machine.ts';
import { fetchContentPage } from '../../services/content/pages.service.ts';
import type { PageDeps } from '../app/app-deps.ts';

/** The content pages' machine: the page from the server, or nothing for one built from the settings. */
export function contentPageLogic(deps: PageDeps) {
  return contentPageMachine.provide({
    actors: { loadPage: fromPromise(({ input }) => fetchContentPage(deps.http, input)) },
  });
}
