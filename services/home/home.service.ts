import { type HomeContent, homeEndpoint } from '../../domain/contracts/home.ts';
import { call, type Http } from '../http.ts';

/** Loads the home page's content for the current site (`GET /api/home`). */
export function fetchHome(http: Http): Promise<HomeContent> {
  return call(http, homeEndpoint);
}
