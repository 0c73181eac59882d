import type { QueryClient } from '@tanstack/react-query';
import type { FetchLike, Http } from '../../services/http.ts';

/**
 * What binds machines to services for one app instance (one browser tab, or one server request):
 * made by `createAppDeps` in the shell's wiring, passed to every page's wiring.
 */
export interface AppDeps {
  http: Http;
  queryClient: QueryClient;
  /** The same `fetch` as `http`'s, for clients that build their own requests (the search client). */
  fetch?: FetchLike;
}
