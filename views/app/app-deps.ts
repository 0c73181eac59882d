import type { ShellActorRef } from '../../machines/shell/shell.machine.ts';
import type { FetchLike, Http } from '../../services/http.ts';
import type { QueryCache } from './query-cache.tsx';

/**
 * What binds machines to services for one app instance (one browser tab, or one server request):
 * made by `createAppDeps` in the shell's wiring, passed to every page's wiring.
 */
export interface AppDeps {
  http: Http;
  /** The app's query cache: TanStack Query's client, in the browser loaded with the first read through it. */
  queries: QueryCache;
  /** The same `fetch` as `http`'s, for clients that build their own requests (the search client). */
  fetch?: FetchLike;
}

/** What a page's wiring may tell the app's shell (decision 075): `session.change`. */
export type ShellPort = Pick<ShellActorRef, 'send'>;

/** A page's dependencies: the app's, and the shell, which its wiring binds to the page machine's actions. */
export interface PageDeps extends AppDeps {
  shell: ShellPort;
}

/** The shell of a page run alone (the server's render, a test): it has no one to tell. */
export const inertShell: ShellPort = { send: () => undefined };
