import { fromPromise } from 'xstate';
import { overviewPageMachine } from '../../../machines/console-overview/overview-page.machine.ts';
import { fetchConsoleMember } from '../../../services/console/session.service.ts';
import type { ConsolePageDeps } from '../app/console-page-definition.ts';

/** The overview's machine: the member read with the staff cookie (also when the server renders). */
export function overviewPageLogic({ http }: ConsolePageDeps) {
  return overviewPageMachine.provide({
    actors: { loadOverview: fromPromise(() => fetchConsoleMember(http)) },
  });
}
