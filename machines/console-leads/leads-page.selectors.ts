import type { SnapshotFrom } from 'xstate';
import type { InboxLead, LeadInbox } from '../../domain/contracts/console-leads.ts';
import { isFiltered, type LeadFilters } from '../../domain/lead-inbox.ts';
import type { leadsPageMachine } from './leads-page.machine.ts';

type LeadsPageSnapshot = SnapshotFrom<typeof leadsPageMachine>;

/** Whether the first page is loading. */
export const selectIsLoading = (snapshot: LeadsPageSnapshot): boolean => snapshot.hasTag('loading');

/** Why the list failed to load, or null. */
export const selectError = (snapshot: LeadsPageSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;

/** The filters the page's address names. */
export const selectFilters = (snapshot: LeadsPageSnapshot): LeadFilters => snapshot.context.filters;

/** Whether any filter is set (the empty state says which kind of empty it is). */
export const selectIsFiltered = (snapshot: LeadsPageSnapshot): boolean =>
  isFiltered(snapshot.context.filters);

/** The leads loaded so far, newest first. */
export const selectLeads = (snapshot: LeadsPageSnapshot): readonly InboxLead[] =>
  snapshot.context.data?.leads ?? [];

/** The filters' options (types received, the site's dealerships), once loaded. */
export const selectOptions = (snapshot: LeadsPageSnapshot): Pick<LeadInbox, 'types' | 'dealerships'> => ({
  types: snapshot.context.data?.types ?? [],
  dealerships: snapshot.context.data?.dealerships ?? [],
});

/** Whether older leads can be loaded. */
export const selectHasMore = (snapshot: LeadsPageSnapshot): boolean => snapshot.context.data?.next != null;

/** Whether the next page is loading. */
export const selectIsLoadingMore = (snapshot: LeadsPageSnapshot): boolean => snapshot.matches('loadingMore');

/** Why the next page failed, or null. */
export const selectMoreError = (snapshot: LeadsPageSnapshot): string | null => snapshot.context.moreError;

/** The dealer's time zone, which the list's times are shown in. */
export const selectTimeZone = (snapshot: LeadsPageSnapshot): string =>
  snapshot.context.data?.time_zone ?? 'Australia/Sydney';
