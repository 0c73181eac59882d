import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { saveSearchHref } from '../../domain/saved-search-link.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import {
  selectHref,
  selectListedCarTypes,
  selectSearchState,
} from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';

const link = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '3',
  py: '1.5',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  fontWeight: 'semibold',
  color: 'accent',
  whiteSpace: 'nowrap',
  _hover: { bg: 'brandSubtle' },
});

/**
 * "Save search" (issue 19 item 2): opens the saved-searches page with this listing — its address,
 * whole search and the car types it lists — offered for saving (a signed-out shopper signs in there first).
 */
export function SaveSearchLink({ actorRef }: { actorRef: SearchActorRef }) {
  const href = useSelector(actorRef, selectHref);
  const search = useSelector(actorRef, selectSearchState);
  const carTypes = useSelector(actorRef, selectListedCarTypes);
  return (
    <Link
      href={saveSearchHref({ href, search, car_types: carTypes ? [...carTypes] : null })}
      className={link}
      data-testid="save-search"
    >
      <span aria-hidden="true">☆</span> Save search
    </Link>
  );
}
