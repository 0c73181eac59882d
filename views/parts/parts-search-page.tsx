import { useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import { Link, useLocation } from 'wouter';
import { formatNumber, formatPrice } from '../../domain/format.ts';
import {
  ITEM_PRICE_LIMITS,
  type ItemHit,
  itemSearchHref,
  maxPriceLabel,
  PARTS_SEARCH_PATH,
  parseItemSearch,
} from '../../domain/item-search.ts';
import { locationContactPath } from '../../domain/lead-routes.ts';
import type { ItemSearchActorRef } from '../../machines/item-search/item-search.machine.ts';
import {
  selectError,
  selectHrefWith,
  selectIsLoading,
  selectResult,
  selectState,
} from '../../machines/item-search/item-search.selectors.ts';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { pageLink, pageWindow } from '../ui/page-window.ts';
import { SelectField } from '../ui/select-field.tsx';
import { itemQueryKey, itemSearchLogic } from './wiring.ts';

const TITLE = 'Parts and accessories';

const chip = css({
  display: 'inline-block',
  px: '3',
  py: '1',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  bg: 'surface',
  textDecoration: 'none',
  '&[aria-current=true]': { bg: 'brand', color: 'brandFg', borderColor: 'brand' },
});

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
  const snapshot = useSelector(actorRef, (s) => s);
  const [, navigate] = useLocation();
  const queryId = useId();
  const site = useSite();
  const desks = site.locations.filter((location) => location.visible && location.location_type === 'parts');
  /** An item's enquiry goes to its dealership's parts desk, else the dealer's first. */
  const enquire = (item: ItemHit): string | null => {
    const desk = desks.find((location) => location.dealership_id === item.dealership_id) ?? desks[0];
    return desk ? locationContactPath(desk.slug) : null;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('query') ?? '').trim();
    navigate(selectHrefWith(snapshot, { query: query || undefined }));
  };

  return (
    <div className={css({ maxW: 'page', mx: 'auto', px: '4', py: '8', display: 'grid', gap: '6' })}>
      <h1 className={css({ fontSize: '3xl', fontWeight: 'bold' })}>{TITLE}</h1>
      <form
        aria-label={TITLE}
        action={PARTS_SEARCH_PATH}
        method="get"
        onSubmit={submit}
        className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'end' })}
      >
        <div className={css({ display: 'grid', gap: '1', flex: '1', minW: '64' })}>
          <label htmlFor={queryId} className={css({ fontWeight: 'semibold' })}>
            Search parts and accessories
          </label>
          <input
            id={queryId}
            name="query"
            type="search"
            defaultValue={state.query ?? ''}
            maxLength={200}
            className={css({
              h: '10',
              px: '3',
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'control',
              bg: 'surface',
            })}
          />
        </div>
        {state.category && <input type="hidden" name="category" value={state.category} />}
        {state.maxPrice && <input type="hidden" name="max_price" value={state.maxPrice} />}
        <button type="submit" className={button({ variant: 'solid' })}>
          Search
        </button>
      </form>
      <div
        className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: '16rem 1fr' } })}
      >
        <aside aria-label="Filters" className={css({ display: 'grid', gap: '4', alignContent: 'start' })}>
          <nav aria-label="Categories">
            <h2 className={css({ fontWeight: 'semibold', mb: '2' })}>Categories</h2>
            <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
              <li>
                <Link
                  href={selectHrefWith(snapshot, { category: undefined })}
                  className={chip}
                  aria-current={state.category === undefined}
                >
                  All categories
                </Link>
              </li>
              {(result?.categories ?? []).map((category) => (
                <li key={category.name}>
                  <Link
                    href={selectHrefWith(snapshot, { category: category.name })}
                    className={chip}
                    aria-current={state.category === category.name}
                  >
                    {category.name} ({formatNumber(category.count)})
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <SelectField
            label="Price"
            options={[
              { value: '', label: 'Any price' },
              ...ITEM_PRICE_LIMITS.map((limit) => ({ value: String(limit), label: maxPriceLabel(limit) })),
            ]}
            value={state.maxPrice ? String(state.maxPrice) : ''}
            onChange={(value) =>
              navigate(
                selectHrefWith(snapshot, {
                  maxPrice: parseItemSearch(`max_price=${value}`).maxPrice,
                }),
              )
            }
          />
        </aside>
        <section aria-label="Results" aria-busy={isLoading}>
          {error !== null ? (
            <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />
          ) : isLoading || !result ? (
            <PageSkeleton label="Searching parts and accessories" />
          ) : (
            <Results hits={result.hits} count={result.nbHits} enquire={enquire} />
          )}
          {result && (
            <PageLinks
              current={result.page}
              total={result.nbPages}
              hrefOf={(page) => selectHrefWith(snapshot, { page })}
            />
          )}
        </section>
      </div>
    </div>
  );
}

function Results({
  hits,
  count,
  enquire,
}: {
  hits: readonly ItemHit[];
  count: number;
  enquire: (item: ItemHit) => string | null;
}) {
  if (hits.length === 0) {
    return (
      <p>
        No parts or accessories match your search.{' '}
        <Link href={itemSearchHref({})} className={css({ textDecoration: 'underline' })}>
          See them all
        </Link>
      </p>
    );
  }
  return (
    <>
      <p role="status" className={css({ mb: '4' })}>
        {formatNumber(count)} {count === 1 ? 'part or accessory' : 'parts and accessories'}
      </p>
      <ul
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
        })}
      >
        {hits.map((item) => {
          const contact = enquire(item);
          return (
            <li
              key={item.objectID}
              data-testid="item-card"
              className={css({
                display: 'grid',
                gap: '2',
                alignContent: 'start',
                p: '4',
                bg: 'surface',
                borderWidth: '1px',
                borderColor: 'border',
                borderRadius: 'control',
              })}
            >
              {item.image_url && (
                <img
                  src={item.image_url}
                  alt=""
                  width={400}
                  height={300}
                  loading="lazy"
                  className={css({ w: 'full', h: 'auto', borderRadius: 'control' })}
                />
              )}
              <h3 className={css({ fontWeight: 'semibold' })}>{item.name}</h3>
              <p className={css({ fontSize: 'sm' })}>{item.categories.join(' › ')}</p>
              <p className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
                {item.price === null ? 'Price on request' : formatPrice(item.price, 2)}
              </p>
              {contact && (
                <Link
                  href={contact}
                  className={css({ textDecoration: 'underline' })}
                  aria-label={`Enquire about ${item.name}`}
                >
                  Enquire
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The result pages as links, with previous and next. Nothing for a single page. */
function PageLinks({
  current,
  total,
  hrefOf,
}: {
  current: number;
  total: number;
  hrefOf: (page: number) => string;
}) {
  if (total <= 1) return null;
  const link = (page: number, label?: string) => (
    <Link
      href={hrefOf(page)}
      className={pageLink}
      aria-current={!label && page === current ? 'page' : undefined}
      aria-label={label ? undefined : `Page ${page}`}
    >
      {label ?? page}
    </Link>
  );
  return (
    <nav aria-label="Pagination" className={css({ mt: '8' })}>
      <ul className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '2' })}>
        {current > 1 && <li>{link(current - 1, 'Previous')}</li>}
        {pageWindow(current, total).map((page, index) => (
          <li key={page === 'gap' ? `gap-${index}` : page}>
            {page === 'gap' ? <span aria-hidden="true">…</span> : link(page)}
          </li>
        ))}
        {current < total && <li>{link(current + 1, 'Next')}</li>}
      </ul>
    </nav>
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
    const state = snapshot.context.input.state;
    const failed = snapshot.matches('failed');
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
  prime: (queryClient, snapshot) => {
    const { input, result } = snapshot.context;
    if (result) queryClient.setQueryData(itemQueryKey(input.index, input.state), result);
  },
  View: PartsSearchPage,
});
