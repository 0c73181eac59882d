import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { DirectorySearchEvent } from '../../machines/directory-search/directory-search.machine.ts';
import {
  selectActiveId,
  selectIsOpen,
  selectSuggestions,
  selectText,
} from '../../machines/directory-search/directory-search.selectors.ts';
import { type DirectorySearchProps, useDirectorySearchActor } from './directory-search-actor.ts';

export type { DirectorySearchProps };

import { directorySearch } from '../../styled-system/recipes';
import { DirectorySuggestionList, suggestionOptionId } from './directory-suggestion-list.tsx';

/** The keys the input handles while the suggestions show (others edit the text as usual). */
const LIST_KEYS: Partial<Record<string, Extract<DirectorySearchEvent, { type: `suggestion${string}` }>>> = {
  ArrowDown: { type: 'suggestion.next' },
  ArrowUp: { type: 'suggestion.previous' },
  Escape: { type: 'suggestions.dismiss' },
};

/**
 * The directory search box (spec doc 1 §2, §5, §7): a WAI-ARIA editable combobox with list
 * autocomplete (decision 071) whose text is committed 300 ms after typing stops, or at once on Enter,
 * and which suggests makes and models as the shopper types. While they show, arrow keys move the
 * active suggestion, Enter or a click opens one, and Escape or leaving the box closes them; the
 * machine holds all of it, the input keeps focus throughout.
 */
export function DirectorySearch(props: DirectorySearchProps) {
  const { label = 'Search', placeholder, action, query } = props;
  const actorRef = useDirectorySearchActor(props);
  const text = useSelector(actorRef, (snapshot) => selectText(snapshot, query));
  const items = useSelector(actorRef, selectSuggestions);
  const isOpen = useSelector(actorRef, (snapshot) => selectIsOpen(snapshot, query));
  const activeId = useSelector(actorRef, (snapshot) => selectActiveId(snapshot, query));
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // Text typed into the server's box before the page hydrated (on a slow first load) stays in the
  // input, where React leaves it, but no change event reached the machine: hand it over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the box's first mount.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== text) actorRef.send({ type: 'input.change', text: typed, query });
  }, []);
  const [inputId, labelId, listboxId] = [`${id}-input`, `${id}-label`, `${id}-listbox`];
  const activeIndex = items.findIndex((item) => item.id === activeId);
  const classes = directorySearch();
  return (
    // biome-ignore lint/a11y/useSemanticElements: React and jsdom do not know <search> yet; a form with role="search" is the same landmark.
    <form
      role="search"
      className={classes.root}
      {...(action === undefined ? {} : { method: 'get', action })}
      onSubmit={(event) => {
        event.preventDefault();
        actorRef.send({ type: 'input.submit', query });
      }}
    >
      <label id={labelId} htmlFor={inputId} className={classes.label}>
        {label}
      </label>
      <div className={classes.control}>
        <input
          ref={input}
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isOpen}
          aria-controls={listboxId}
          aria-activedescendant={activeIndex === -1 ? undefined : suggestionOptionId(listboxId, activeIndex)}
          autoComplete="off"
          spellCheck={false}
          className={classes.input}
          placeholder={placeholder}
          value={text}
          {...(action === undefined ? {} : { name: 'query' })}
          onChange={(event) => actorRef.send({ type: 'input.change', text: event.target.value, query })}
          onKeyDown={(event) => {
            const sent = isOpen && !event.nativeEvent.isComposing ? LIST_KEYS[event.key] : undefined;
            if (sent === undefined) return;
            event.preventDefault();
            actorRef.send(sent);
          }}
          onBlur={() => actorRef.send({ type: 'suggestions.dismiss' })}
        />
        {text !== '' && (
          <button
            type="button"
            className={classes.clearButton}
            aria-label={`Clear ${label.toLowerCase()}`}
            onClick={() => actorRef.send({ type: 'input.clear', query })}
          >
            Clear
          </button>
        )}
      </div>
      <DirectorySuggestionList
        id={listboxId}
        labelId={labelId}
        open={isOpen}
        items={items}
        activeId={activeId}
        onChoose={(choice) => actorRef.send({ type: 'suggestion.choose', id: choice })}
        classes={classes}
      />
    </form>
  );
}
