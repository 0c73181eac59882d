import type { SnapshotFrom } from 'xstate';
import type { ConsoleOffer } from '../../domain/contracts/console-offers.ts';
import type { OfferDraft, offersPageMachine } from './offers-page.machine.ts';

type OffersSnapshot = SnapshotFrom<typeof offersPageMachine>;

/** Whether the page is loading. */
export const selectIsLoading = (snapshot: OffersSnapshot): boolean => snapshot.hasTag('loading');
/** Whether a change (an upload, a save, an ending) is being sent. */
export const selectIsBusy = (snapshot: OffersSnapshot): boolean => snapshot.hasTag('busy');
/** Whether the picture is uploading. */
export const selectIsUploading = (snapshot: OffersSnapshot): boolean =>
  snapshot.matches({ ready: { editing: 'uploading' } });
/** Why loading failed, or null. */
export const selectError = (snapshot: OffersSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
/** The offers, as the server ordered them (running and to come first). */
export const selectOffers = (snapshot: OffersSnapshot): ConsoleOffer[] => snapshot.context.data?.offers ?? [];
/** The dealerships an offer can show at. */
export const selectDealerships = (snapshot: OffersSnapshot): { id: number; name: string }[] =>
  snapshot.context.data?.dealerships ?? [];
/** The dealer's today: the earliest day the form offers. */
export const selectToday = (snapshot: OffersSnapshot): string => snapshot.context.data?.today ?? '';
/** The open form, or null. */
export const selectDraft = (snapshot: OffersSnapshot): OfferDraft | null =>
  snapshot.matches({ ready: 'editing' }) ? snapshot.context.draft : null;
/** The form's messages per field. */
export const selectFields = (snapshot: OffersSnapshot): Record<string, string> => snapshot.context.fields;
/** The status line: what the last change did, or why it was refused. */
export const selectStatus = (
  snapshot: OffersSnapshot,
): { notice: string | null; problem: string | null } => ({
  notice: snapshot.context.notice,
  problem: snapshot.context.problem,
});
/** The offer the "End offer" question is about (while asked or being ended), and whether it is being sent. */
export const selectEnding = (snapshot: OffersSnapshot): { offer: ConsoleOffer; busy: boolean } | null => {
  if (!snapshot.matches({ ready: 'asking' }) && !snapshot.matches({ ready: 'ending' })) return null;
  const offer = snapshot.context.data?.offers.find((listed) => listed.id === snapshot.context.ending);
  return offer ? { offer, busy: snapshot.matches({ ready: 'ending' }) } : null;
};
