import { Combobox, createListCollection } from '@ark-ui/react/combobox';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { directorySearchMachine } from '../../machines/directory-search/directory-search.machine.ts';
import {
  selectIsOpen,
  selectSuggestions,
  selectText,
} from '../../machines/directory-search/directory-search.selectors.ts';
import { directorySearch } from '../../styled-system/recipes';
import { useSite } from '../app/site-context.tsx';
import { directorySearchLogic } from '../app/wiring.search.ts';
import { DirectorySuggestionList } from './directory-suggestion-list.tsx';

/** What the search page gives the search box. */
export interface DirectorySearchProps {
  /** The listing's query now (from the URL). */
  query: string;
  /** Write the query (`''`: none) and clear the page. */
  onQuery: (query: string) => void;
  /** Go to a chosen make's or model's listing (`/search/toyota`, `/search/toyota/corolla`). */
  onNavigate: (path: string) => void;
  /** The visible label; 'Search' unless given. */
  label?: string;
  placeholder?: string;
  /** Suggest makes and models from the `models` index (default true). */
  suggestions?: boolean;
  /**
   * Where the form sends `?query=` without JavaScript (a GET form); with JavaScript the box commits
   * through `onQuery`. Without it the form has no action of its own.
   */
  action?: string;
  /** The machine with `searchDirectory` bound; by default the site's search connection (tests pass fakes). */
  logic?: typeof directorySearchMachine;
}

/**
 * The directory search box (spec doc 1 §2, §5, §7): an Ark UI Combobox whose text is committed
 * 300 ms after typing stops, or at once on Enter, and which suggests makes and models as the
 * shopper types; arrow keys move through the suggestions, Enter or a click opens one, Escape
 * closes them.
 */
export function DirectorySearch(props: DirectorySearchProps) {
  const { query, onQuery, onNavigate, label = 'Search', placeholder, suggestions = true, action } = props;
  const site = useSite();
  const queryClient = useQueryClient();
  const [logic] = useState(
    () =>
      props.logic ??
      directorySearchLogic({
        queryClient,
        endpoint: site.search_connection,
        index: site.search_connection.indices.models,
      }),
  );
  const actorRef = useActorRef(logic, { input: { query, suggestions } });
  const text = useSelector(actorRef, selectText);
  const items = useSelector(actorRef, selectSuggestions);
  const isOpen = useSelector(actorRef, selectIsOpen);
  const collection = useMemo(
    () => createListCollection({ items, itemToValue: (item) => item.id, itemToString: (item) => item.label }),
    [items],
  );
  const commit = useEffectEvent(onQuery);
  const navigate = useEffectEvent(onNavigate);
  useEffect(() => {
    const subscriptions = [
      actorRef.on('query.commit', (event) => commit(event.query)),
      actorRef.on('suggestion.navigate', (event) => navigate(event.path)),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actorRef]);
  useEffect(() => actorRef.send({ type: 'query.update', query }), [actorRef, query]);
  const classes = directorySearch();
  return (
    // biome-ignore lint/a11y/useSemanticElements: React and jsdom do not know <search> yet; a form with role="search" is the same landmark.
    <form
      role="search"
      {...(action === undefined ? {} : { method: 'get', action })}
      onSubmit={(event) => {
        event.preventDefault();
        actorRef.send({ type: 'input.submit' });
      }}
    >
      <Combobox.Root
        className={classes.root}
        collection={collection}
        inputValue={text}
        value={[]}
        open={isOpen}
        allowCustomValue
        openOnChange={false}
        openOnKeyPress={false}
        selectionBehavior="preserve"
        onInputValueChange={({ inputValue, reason }) => {
          if (reason === 'input-change') actorRef.send({ type: 'input.change', text: inputValue });
        }}
        onValueChange={({ value }) => {
          if (value[0]) actorRef.send({ type: 'suggestion.choose', id: value[0] });
        }}
        onOpenChange={({ open, reason }) => {
          // why: Ark reports a click's close before the choice; the choice itself closes the list.
          if (!open && reason !== 'item-select') actorRef.send({ type: 'suggestions.dismiss' });
        }}
      >
        <Combobox.Label className={classes.label}>{label}</Combobox.Label>
        <Combobox.Control className={classes.control}>
          <Combobox.Input
            className={classes.input}
            placeholder={placeholder}
            {...(action === undefined ? {} : { name: 'query' })}
          />
          {text !== '' && (
            <button
              type="button"
              className={classes.clearTrigger}
              aria-label={`Clear ${label.toLowerCase()}`}
              onClick={() => actorRef.send({ type: 'input.clear' })}
            >
              Clear
            </button>
          )}
        </Combobox.Control>
        <DirectorySuggestionList items={items} classes={classes} />
      </Combobox.Root>
    </form>
  );
}
