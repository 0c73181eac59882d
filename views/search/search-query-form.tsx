import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectSearchState } from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';

/**
 * A free-text search: a GET form (it works without JS, writing `?query=`), which with JS sends
 * `query.set`. A stand-in for the directory search box, which adds the 300 ms debounce.
 */
export function SearchQueryForm({ actorRef, action }: { actorRef: SearchActorRef; action: string }) {
  const query = useSelector(actorRef, selectSearchState).query ?? '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('query');
    actorRef.send({ type: 'query.set', query: typeof value === 'string' ? value.trim() : '' });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers (and jsdom); the role is portable
    <form
      role="search"
      method="get"
      action={action}
      onSubmit={submit}
      className={css({ display: 'flex', gap: '2' })}
    >
      <label htmlFor="search-query" className={css({ srOnly: true })}>
        Search stock
      </label>
      <input
        // Keyed by the query, so back/forward and clearing show the search's own text.
        key={query}
        id="search-query"
        name="query"
        type="search"
        defaultValue={query}
        placeholder="Search make, model or keyword"
        className={css({
          flex: '1',
          minW: '0',
          minH: '10',
          px: '3',
          bg: 'surface',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'control',
        })}
      />
      <button
        type="submit"
        className={css({
          px: '4',
          bg: 'brand',
          color: 'brandFg',
          borderRadius: 'control',
          fontWeight: 'semibold',
          cursor: 'pointer',
        })}
      >
        Search
      </button>
    </form>
  );
}
