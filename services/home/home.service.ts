import { type HomeContent, homeContentSchema } from '../../domain/home.ts';
import type { Http } from '../http.ts';

/** Loads the home page's content for the current site (`GET /api/home`). */
export function fetchHome(http: Http): Promise<HomeContent> {
  return http.get('/api/home', homeContentSchema);
}
