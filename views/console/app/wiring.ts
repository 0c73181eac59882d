import { fromPromise } from 'xstate';
import type { StaffMember } from '../../../domain/staff.ts';
import { consoleShellMachine } from '../../../machines/console-shell/console-shell.machine.ts';
import { fetchConsoleMember, signOutOfConsole } from '../../../services/console/session.service.ts';
import { createHttp, type FetchLike, type Http } from '../../../services/http.ts';

/** The console shell's machine, its sign-out bound to the server. */
export function consoleShellLogic(http: Http) {
  return consoleShellMachine.provide({
    actors: { signOut: fromPromise(() => signOutOfConsole(http)) },
  });
}

/** The console's HTTP client for one app instance (the browser tab, or one server render). */
export function createConsoleHttp(baseUrl: string, fetch: FetchLike): Http {
  return createHttp({ baseUrl, fetch });
}

/** The signed-in member as the server's `GET /api/dealer/me` answers it, or null when signed out. */
export function loadConsoleMember(http: Http): Promise<StaffMember | null> {
  return fetchConsoleMember(http).catch(() => null);
}
