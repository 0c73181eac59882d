import { useDeferredValue, useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { SIGN_IN_PATH, signInPath } from '../../domain/return-path.ts';
import { hasWatchlist, WATCHLIST_PATH } from '../../domain/watchlist.ts';
import { css } from '../../styled-system/css';
import { useIsSignedIn } from '../app/shell.tsx';
import { useSite } from '../app/site-context.tsx';

const link = css({
  fontWeight: 'semibold',
  textDecoration: 'underline',
  _hover: { textDecoration: 'none' },
});

/**
 * The header's account links (issue 6): "Sign in" — back to this page afterwards, or without
 * signing in — or, for a signed-in shopper, "Your account" (the phone on record and "Sign out"); and
 * "Watchlist" (where the dealer's shoppers can save cars: `hasWatchlist`). Rendered from the server's
 * word on the session until the watchlist has loaded.
 */
export function AccountLinks() {
  const site = useSite();
  const signedIn = useIsSignedIn();
  // The address changes with every refinement of the listing: the links follow it in a render of
  // their own after the shopper's, which they do not hold up (issue 38 item 4).
  const path = useDeferredValue(useLocation()[0]);
  const search = useDeferredValue(useSearch());
  const watchlist = hasWatchlist(site.features);
  return useMemo(() => {
    const here = search ? `${path}?${search}` : path;
    const account =
      path === SIGN_IN_PATH
        ? `${SIGN_IN_PATH}${search ? `?${search}` : ''}`
        : signInPath({ redirect: here, back: here });
    return (
      <nav aria-label="Account">
        <ul className={css({ display: 'flex', gap: '4', listStyle: 'none', alignItems: 'center' })}>
          <li>
            <Link href={account} className={link} data-testid="header-account-link">
              {signedIn ? 'Your account' : 'Sign in'}
            </Link>
          </li>
          {watchlist && (
            <li>
              <Link href={WATCHLIST_PATH} className={link}>
                Watchlist
              </Link>
            </li>
          )}
        </ul>
      </nav>
    );
  }, [path, search, signedIn, watchlist]);
}
