import type { EveryFieldOf } from '../../domain/contracts/endpoint.ts';
import {
  type AlertFrequencyChange,
  type ConfirmedSearch,
  type ConfirmSearchCall,
  confirmSearchEndpoint,
  type confirmSearchRequest,
  deleteSavedSearchEndpoint,
  type deleteSavedSearchRequest,
  type SavedSearchesAnswer,
  type SavedSearchRef,
  type SaveSearchByEmailCall,
  savedSearchesEndpoint,
  saveSearchByEmailEndpoint,
  type saveSearchByEmailRequest,
  saveSearchEndpoint,
  type saveSearchRequest,
  setAlertFrequencyEndpoint,
  type setAlertFrequencyRequest,
  type UnsubscribeCall,
  unsubscribeEndpoint,
  type unsubscribeRequest,
} from '../../domain/contracts/saved-searches.ts';
import type { SavedSearch, SavedSearchDraft } from '../../domain/saved-search.ts';
import { call, type Http } from '../http.ts';

/** The shopper's saved searches, or `signed_in: false` (`GET /api/saved-searches`). */
export function fetchSavedSearches(http: Http): Promise<SavedSearchesAnswer> {
  return call(http, savedSearchesEndpoint);
}

/** Saves a search (`POST /api/saved-searches`); the same search again takes the new name and frequency. */
export async function saveSearch(http: Http, body: SavedSearchDraft): Promise<SavedSearch> {
  const answer = await call<typeof saveSearchEndpoint, typeof saveSearchRequest>(http, saveSearchEndpoint, {
    body,
  });
  return answer.search;
}

/** How often a saved search emails (`POST /api/saved-searches/frequency`). */
export async function setAlertFrequency(http: Http, input: AlertFrequencyChange): Promise<SavedSearch> {
  const body = { id: input.id, frequency: input.frequency } satisfies EveryFieldOf<
    typeof setAlertFrequencyRequest
  >;
  const answer = await call<typeof setAlertFrequencyEndpoint, typeof setAlertFrequencyRequest>(
    http,
    setAlertFrequencyEndpoint,
    { body },
  );
  return answer.search;
}

/** Deletes a saved search (`POST /api/saved-searches/delete`). */
export async function deleteSavedSearch(http: Http, input: SavedSearchRef): Promise<number> {
  const body = { id: input.id } satisfies EveryFieldOf<typeof deleteSavedSearchRequest>;
  const answer = await call<typeof deleteSavedSearchEndpoint, typeof deleteSavedSearchRequest>(
    http,
    deleteSavedSearchEndpoint,
    { body },
  );
  return answer.id;
}

/**
 * Stops saved searches' emails with an alert email's token (`POST /api/saved-searches/unsubscribe`);
 * resolves with their names.
 */
export async function unsubscribe(http: Http, input: UnsubscribeCall): Promise<string[]> {
  const body = { token: input.token } satisfies EveryFieldOf<typeof unsubscribeRequest>;
  const answer = await call<typeof unsubscribeEndpoint, typeof unsubscribeRequest>(
    http,
    unsubscribeEndpoint,
    { body },
  );
  return answer.names;
}

/**
 * Saves a search with just an email (`POST /api/saved-searches/by-email`, issue 37 item 9): resolves
 * with the address the confirmation link went to — the same answer for any address.
 */
export async function saveSearchByEmail(http: Http, input: SaveSearchByEmailCall): Promise<string> {
  const body = { email: input.email, draft: input.draft } satisfies EveryFieldOf<
    typeof saveSearchByEmailRequest
  >;
  const answer = await call<typeof saveSearchByEmailEndpoint, typeof saveSearchByEmailRequest>(
    http,
    saveSearchByEmailEndpoint,
    { body },
  );
  return answer.email;
}

/** Confirms a search saved with just an email by its link's token (`POST /api/saved-searches/confirm`). */
export async function confirmSavedSearch(http: Http, input: ConfirmSearchCall): Promise<ConfirmedSearch> {
  const body = { token: input.token } satisfies EveryFieldOf<typeof confirmSearchRequest>;
  return call<typeof confirmSearchEndpoint, typeof confirmSearchRequest>(http, confirmSearchEndpoint, {
    body,
  });
}
