import { fromPromise } from 'xstate';
import { locationFinderMachine } from '../../machines/location-finder/location-finder.machine.ts';
import { fetchNearestLocations } from '../../services/locations/locations.service.ts';
import type { PageDeps } from '../app/app-deps.ts';

/** The locations pages' machine: "nearest to me" asks the server for the distances. */
export function locationsLogic(deps: PageDeps) {
  return locationFinderMachine.provide({
    actors: { findNearest: fromPromise(({ input }) => fetchNearestLocations(deps.http, input)) },
  });
}
