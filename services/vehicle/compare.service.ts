import { type CompareAnswer, type CompareQuery, compareEndpoint } from '../../domain/contracts/compare.ts';
import { call, type Http } from '../http.ts';

/** Loads the cars of a comparison (`GET /api/compare?cars=`); with none asked there is nothing to load. */
export function fetchComparison(http: Http, query: CompareQuery): Promise<CompareAnswer> {
  if (query.slugs.length === 0)
    return Promise.resolve({ cars: [], as_of: new Date(0).toISOString(), origin: '' });
  return call(http, compareEndpoint, { query: { cars: query.slugs.join(',') } });
}
