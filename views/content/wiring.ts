import { fromPromise } from 'xstate';
import { contentPageMachine } from '../../machines/content-page/content-page.machine.ts';
import { locationFinderMachine } from '../../machines/location-finder/location-finder.machine.ts';
import { fetchContentPage } from '../../services/content/pages.service.ts';
import { fetchNearestLocations } from '../../services/locations/locations.service.ts';
import type { PageDeps } from '../app/app-deps.ts';

/** The content pages' machine: the dealer's own page from the server, or nothing for a built-in one. */
export function contentPageLogic(deps: PageDeps) {
  return contentPageMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) => fetchContentPage(deps.http, input)),
      locationFinder: locationFinderMachine.provide({
        actors: { findNearest: fromPromise(({ input }) => fetchNearestLocations(deps.http, input.postcode)) },
      }),
    },
  });
}
