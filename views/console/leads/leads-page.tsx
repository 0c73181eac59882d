import { useSelector } from '@xstate/react';
import { leadExportHref } from '../../../domain/contracts/console-leads.ts';
import { filtersFromQuery } from '../../../domain/lead-inbox.ts';
import type { LeadsPageActorRef } from '../../../machines/console-leads/leads-page.machine.ts';
import {
  selectError,
  selectFilters,
  selectHasMore,
  selectIsFiltered,
  selectIsLoading,
  selectIsLoadingMore,
  selectLeads,
  selectMoreError,
  selectOptions,
  selectTimeZone,
} from '../../../machines/console-leads/leads-page.selectors.ts';
import { PageError } from '../../ui/page-error.tsx';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { pageStyles } from '../../ui/page-styles.ts';
import { consolePageTitle, defineConsolePage } from '../app/console-page-definition.ts';
import { consoleStyles } from '../layout/console-styles.ts';
import { LeadFiltersForm } from './lead-filters.tsx';
import { LeadList } from './lead-list.tsx';
import { leadsPageLogic } from './wiring.ts';

/**
 * `/dealer/leads` (issue 36 item 3): the site's leads, newest first, with the filters (whose state is
 * the page's address), a CSV of the filtered list, and older leads a page at a time.
 */
export function LeadsPage({ actorRef }: { actorRef: LeadsPageActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const error = useSelector(actorRef, selectError);
  const filters = useSelector(actorRef, selectFilters);
  const isFiltered = useSelector(actorRef, selectIsFiltered);
  const leads = useSelector(actorRef, selectLeads);
  const options = useSelector(actorRef, selectOptions);
  const timeZone = useSelector(actorRef, selectTimeZone);
  const hasMore = useSelector(actorRef, selectHasMore);
  const isLoadingMore = useSelector(actorRef, selectIsLoadingMore);
  const moreError = useSelector(actorRef, selectMoreError);
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading) return <PageSkeleton label="Loading leads" />;
  return (
    <section className={consoleStyles.page}>
      <h1 className={pageStyles.heading}>Leads</h1>
      <LeadFiltersForm key={JSON.stringify(filters)} filters={filters} options={options} />
      <p className={pageStyles.row}>
        <a href={leadExportHref(filters)} download className={pageStyles.secondary}>
          Download CSV{isFiltered ? ' of these leads' : ''}
        </a>
      </p>
      {leads.length === 0 ? (
        <p className={pageStyles.text} role="status">
          {isFiltered
            ? 'No leads match these filters. Clear them to see every lead.'
            : 'No leads yet. Enquiries from your site appear here as soon as a shopper sends one.'}
        </p>
      ) : (
        <LeadList leads={leads} timeZone={timeZone} />
      )}
      {moreError !== null && (
        <p role="alert" className={pageStyles.alert}>
          Older leads could not be loaded: {moreError}
        </p>
      )}
      {hasMore && (
        <p className={pageStyles.row}>
          <button
            type="button"
            className={pageStyles.secondary}
            disabled={isLoadingMore}
            onClick={() => actorRef.send({ type: 'list.more' })}
          >
            {isLoadingMore ? 'Loading older leads…' : 'Show older leads'}
          </button>
        </p>
      )}
    </section>
  );
}

/** Route `/dealer/leads`: the inbox; its filters are its query, so each filtered list is its own page. */
export const leadsPage = defineConsolePage({
  logic: leadsPageLogic,
  input: ({ search }) => ({
    filters: filtersFromQuery(Object.fromEntries(new URLSearchParams(search))),
  }),
  head: (snapshot, { site }) => ({
    title: consolePageTitle('Leads', site),
    status: snapshot.matches('failed') ? 500 : 200,
  }),
  queryKeyed: true,
  View: LeadsPage,
});
