import { useSelector } from '@xstate/react';
import { itemSearchHref, parseItemSearch } from '../../domain/item-search.ts';
import type { ItemSearchActorRef } from '../../machines/item-search/item-search.machine.ts';
import {
  selectError,
  selectHasFailed,
  selectIsLoading,
  selectResult,
  selectState,
} from '../../machines/item-search/item-search.selectors.ts';
import { css } from '../../styled-system/css';
import { definePage } from '../app/page-definition.ts';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { ItemResults } from './item-results.tsx';
import { PartsFilters } from './parts-filters.tsx';
import { PartsPageLinks } from './parts-page-links.tsx';
import { PartsSearchForm } from './parts-search-form.tsx';
import { itemQueryKey, itemSearchLogic } from './wiring.ts';

const TITLE = 'Parts and accessories';

/**
 * `/parts/search` (spec doc 1 §7 "Dealership item search", doc 2 §2): the dealer's parts and
 * accessories by text, category and top price, 21 a page. Every control leads to an address — the
 * search form, the category links, the price dropdown and the pages — so a search is a link and works
 * before hydration; the page actor reads the address it was opened with.
 */
export function PartsSearchPage({ actorRef }: { actorRef: ItemSearchActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const error = useSelector(actorRef, selectError);
  const result = useSelector(actorRef, selectResult);
  const state = useSelector(actorRef, selectState);
  return (
    <div className={css({ maxW: 'page', mx: 'auto', px: '4', py: '8', display: 'grid', gap: '6' })}>
      <h1 className={css({ fontSize: '3xl', fontWeight: 'bold' })}>{TITLE}</h1>
      <PartsSearchForm title={TITLE} state={state} />
      <div
        className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: '16rem 1fr' } })}
      >
        <PartsFilters state={state} categories={result?.categories ?? []} />
        <section aria-label="Results" aria-busy={isLoading}>
          {error !== null ? (
            <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />
          ) : isLoading || !result ? (
            <PageSkeleton label="Searching parts and accessories" />
          ) : (
            <ItemResults hits={result.hits} count={result.nbHits} />
          )}
          {result && <PartsPageLinks state={state} current={result.page} total={result.nbPages} />}
        </section>
      </div>
    </div>
  );
}

/** Route `/parts/search`. */
export const partsSearchPage = definePage({
  logic: itemSearchLogic,
  input: ({ site, search }) => {
    const { appId, apiKey, host, protocol, indices } = site.search_connection;
    return {
      endpoint: { appId, apiKey, host, protocol },
      index: indices.items,
      state: parseItemSearch(search),
    };
  },
  queryKeyed: true,
  head: (snapshot, { site }) => {
    const state = selectState(snapshot);
    const failed = selectHasFailed(snapshot);
    const about = [state.query && `“${state.query}”`, state.category].filter(Boolean).join(', ');
    return {
      title: failed
        ? `Something went wrong | ${site.name}`
        : `${TITLE}${about ? ` – ${about}` : ''} | ${site.name}`,
      description: `Genuine parts and accessories from ${site.name}: search by name, category and price.`,
      status: failed ? 500 : 200,
      canonicalPath: itemSearchHref(state),
    };
  },
  prime: (queries, snapshot) => {
    const { input, data } = snapshot.context;
    if (data) queries.prime(itemQueryKey(input.index, input.state), data);
  },
  View: PartsSearchPage,
});
