import { type FormEvent, useId } from 'react';
import { useLocation } from 'wouter';
import { type ItemSearchState, PARTS_SEARCH_PATH } from '../../domain/item-search.ts';
import { searchHrefWith } from '../../machines/item-search/item-search.selectors.ts';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';

const input = css({
  h: '10',
  px: '3',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  bg: 'surface',
});

/**
 * The parts search box. A plain GET form to `/parts/search` (it works before hydration), keeping the
 * category and top price; once hydrated a search goes to its address inside the app.
 */
export function PartsSearchForm({ title, state }: { title: string; state: ItemSearchState }) {
  const [, navigate] = useLocation();
  const queryId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('query') ?? '').trim();
    navigate(searchHrefWith(state, { query: query || undefined }));
  };
  return (
    <form
      aria-label={title}
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
          className={input}
        />
      </div>
      {state.category && <input type="hidden" name="category" value={state.category} />}
      {state.maxPrice && <input type="hidden" name="max_price" value={state.maxPrice} />}
      <button type="submit" className={button({ variant: 'solid' })}>
        Search
      </button>
    </form>
  );
}
