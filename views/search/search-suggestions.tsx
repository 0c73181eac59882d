import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { SUGGESTIONS_HEADING, suggestionCountText } from '../../domain/search-suggestions.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectHrefFor, selectSuggestions } from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';

const list = css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0', m: '0' });
const chip = css({
  display: 'inline-flex',
  gap: '2',
  alignItems: 'baseline',
  px: '3',
  py: '1.5',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'full',
  color: 'accent',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  _hover: { bg: 'surface' },
});
const count = css({ color: 'fgMuted', fontWeight: 'normal', textDecoration: 'none' });

/**
 * An empty listing's nearest searches that have cars (issue 37 item 2), each a real link to its
 * listing with its count: the search without its last refinement, without a word, or spelt as the
 * stock spells it. Nothing when the search service found none.
 */
export function SearchSuggestions({ actorRef }: { actorRef: SearchActorRef }) {
  const suggestions = useSelector(actorRef, selectSuggestions);
  // One string, so the selector's answer compares equal while the links do not change.
  const hrefs = useSelector(actorRef, (snapshot) =>
    selectSuggestions(snapshot)
      .map((suggestion) => selectHrefFor(suggestion.state)(snapshot))
      .join('\n'),
  ).split('\n');
  if (suggestions.length === 0) return null;
  return (
    <nav
      aria-label="Searches with cars"
      data-testid="search-suggestions"
      className={css({ display: 'grid', gap: '2' })}
    >
      <p>{SUGGESTIONS_HEADING}</p>
      <ul className={list}>
        {suggestions.map((suggestion, i) => (
          <li key={hrefs[i] ?? suggestion.label}>
            <Link href={hrefs[i] ?? ''} className={chip}>
              <span>{suggestion.label}</span>
              <span className={count}>{suggestionCountText(suggestion.count)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
