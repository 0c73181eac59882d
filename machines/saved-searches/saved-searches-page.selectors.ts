import type { SnapshotFrom } from 'xstate';
import type { ConfirmedSearch, SavedSearchesAnswer } from '../../domain/contracts/saved-searches.ts';
import type { AlertFrequency } from '../../domain/saved-search.ts';
import type { SaveSearchRequest } from '../../domain/saved-search-link.ts';
import type { confirmSearchMachine } from './confirm-search.machine.ts';
import type { savedSearchesPageMachine } from './saved-searches-page.machine.ts';
import type { unsubscribeMachine } from './unsubscribe.machine.ts';

type PageSnapshot = SnapshotFrom<typeof savedSearchesPageMachine>;
type UnsubscribeSnapshot = SnapshotFrom<typeof unsubscribeMachine>;

/** Whether the list is still loading. */
export const selectIsLoading = (snapshot: PageSnapshot): boolean => snapshot.hasTag('loading');

/** Why loading failed, while it stands. */
export const selectLoadError = (snapshot: PageSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;

/** The shopper's saved searches and whether they are signed in, once loaded. */
export const selectAnswer = (snapshot: PageSnapshot): SavedSearchesAnswer | null => snapshot.context.data;

/**
 * The search the listing offers to save: shown while the shopper names it and saves it — signed in,
 * or signed out with just an email (`byEmail`, issue 37 item 9).
 */
export const selectOffer = (
  snapshot: PageSnapshot,
): {
  request: SaveSearchRequest;
  name: string;
  frequency: AlertFrequency;
  byEmail: boolean;
  email: string;
} | null => {
  const byEmail = snapshot.matches({ ready: 'emailing' }) || snapshot.matches({ ready: 'sendingLink' });
  const signedIn = snapshot.matches({ ready: 'offering' }) || snapshot.matches({ ready: 'saving' });
  return (byEmail || signedIn) && snapshot.context.offer
    ? {
        request: snapshot.context.offer,
        name: snapshot.context.name,
        frequency: snapshot.context.frequency,
        byEmail,
        email: snapshot.context.email,
      }
    : null;
};

/** Where the link confirming a search saved with just an email went, once sent. */
export const selectLinkSentTo = (snapshot: PageSnapshot): string | null =>
  snapshot.matches({ ready: 'linkSent' }) ? snapshot.context.sentTo : null;

/** The search the listing offered, kept for a signed-out shopper's sign-in link back to it. */
export const selectOffered = (snapshot: PageSnapshot): SaveSearchRequest | null => snapshot.context.offer;

/** Whether a save, change or delete is on its way to the server. */
export const selectIsBusy = (snapshot: PageSnapshot): boolean =>
  snapshot.matches({ ready: 'saving' }) ||
  snapshot.matches({ ready: 'sendingLink' }) ||
  snapshot.matches({ ready: 'updating' }) ||
  snapshot.matches({ ready: 'deleting' });

/** Why the last save, change or delete failed. */
export const selectActionError = (snapshot: PageSnapshot): string | null => snapshot.context.actionError;

/** What the last save, change or delete did. */
export const selectNotice = (snapshot: PageSnapshot): string | null => snapshot.context.notice;

/** The unsubscribe page's step: confirming, unsubscribing, done or failed. */
export const selectUnsubscribeStep = (
  snapshot: UnsubscribeSnapshot,
): 'confirming' | 'unsubscribing' | 'done' | 'failed' => snapshot.value;

/**
 * The searches whose emails stopped, as the page names them (`“Mazdas”`, `“Mazdas” and “Utes”`,
 * `“A”, “B” and “C”`; null until done), and the last failure's message.
 */
export const selectUnsubscribed = (
  snapshot: UnsubscribeSnapshot,
): { names: string | null; count: number; error: string | null } => {
  const quoted = snapshot.context.names.map((name) => `“${name}”`);
  const last = quoted.pop();
  return {
    names: last === undefined ? null : quoted.length > 0 ? `${quoted.join(', ')} and ${last}` : last,
    count: snapshot.context.names.length,
    error: snapshot.context.error,
  };
};

type ConfirmSnapshot = SnapshotFrom<typeof confirmSearchMachine>;

/** The confirmation page's step, the search once confirmed, and the last failure's message. */
export const selectSearchConfirmation = (
  snapshot: ConfirmSnapshot,
): {
  step: 'waiting' | 'confirming' | 'confirmed' | 'failed';
  search: ConfirmedSearch | null;
  error: string | null;
} => ({ step: snapshot.value, search: snapshot.context.search, error: snapshot.context.error });
