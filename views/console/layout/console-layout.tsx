import { useSelector } from '@xstate/react';
import { type ReactNode, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { CONSOLE_PATH } from '../../../domain/console-paths.ts';
import { ROLE_LABELS } from '../../../domain/staff.ts';
import {
  selectIsSigningOut,
  selectMember,
  selectSignOutError,
} from '../../../machines/console-shell/console-shell.selectors.ts';
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { useSite } from '../../app/site-context.tsx';
import { useFocusAfterNavigation } from '../../layout/use-focus-after-navigation.ts';
import { useConsoleNavigation } from '../app/console-navigation.tsx';
import { useConsoleShell } from '../app/console-shell.tsx';

const navLink = css({
  display: 'inline-block',
  px: '3',
  py: '2',
  borderRadius: 'control',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  '&[aria-current=page]': { bg: 'brandSubtle', color: 'fg' },
  _hover: { textDecoration: 'underline' },
});

/** Whether a navigation entry is the current page or holds it (`/dealer/leads` for `/dealer/leads/12`). */
function isCurrent(href: string, location: string): boolean {
  if (href === CONSOLE_PATH) return location === CONSOLE_PATH;
  return location === href || location.startsWith(`${href}/`);
}

/**
 * Every signed-in console page: the dealer's name, the navigation (only the pages that exist and the
 * member's role may open, from the registry), the member's name and role, and sign out. On a phone
 * the header wraps and the navigation scrolls sideways inside itself, never the page.
 */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const site = useSite();
  const shell = useConsoleShell();
  const member = useSelector(shell, selectMember);
  const navigation = useConsoleNavigation(member);
  const signingOut = useSelector(shell, selectIsSigningOut);
  const signOutError = useSelector(shell, selectSignOutError);
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  useFocusAfterNavigation(main);
  return (
    <div className={css({ minH: 'screen', display: 'flex', flexDirection: 'column', bg: 'canvas' })}>
      <a href="#main" className={css({ srOnly: true, _focus: { srOnly: false, p: '2', bg: 'surface' } })}>
        Skip to content
      </a>
      <header className={css({ bg: 'brand', color: 'brandFg' })}>
        <div
          className={css({
            maxW: 'page',
            mx: 'auto',
            px: { base: '3', md: '6' },
            py: '3',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '3',
          })}
        >
          <Link href={CONSOLE_PATH} className={css({ fontWeight: 'extrabold', textDecoration: 'none' })}>
            {site.name} <span className={css({ fontWeight: 'normal' })}>dealer console</span>
          </Link>
          {member && (
            <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
              <p data-testid="console-member">
                <span className={css({ fontWeight: 'semibold' })}>{member.name}</span> ·{' '}
                {ROLE_LABELS[member.role]}
              </p>
              <button
                type="button"
                className={button({ variant: 'outline', size: 'sm' })}
                disabled={signingOut}
                onClick={() => shell.send({ type: 'signOut' })}
              >
                {signingOut ? 'Signing out…' : 'Sign out'}
              </button>
            </div>
          )}
        </div>
        {signOutError && (
          <p role="alert" className={css({ maxW: 'page', mx: 'auto', px: { base: '3', md: '6' }, pb: '2' })}>
            {signOutError}
          </p>
        )}
      </header>
      {member && (
        <nav
          aria-label="Console"
          className={css({ bg: 'surface', borderBottomWidth: '1px', borderColor: 'border' })}
        >
          <ul
            className={css({
              maxW: 'page',
              mx: 'auto',
              px: { base: '2', md: '5' },
              py: '1',
              display: 'flex',
              gap: '1',
              overflowX: 'auto',
            })}
          >
            {navigation.map((entry) => (
              <li key={entry.href}>
                <Link
                  href={entry.href}
                  className={navLink}
                  aria-current={isCurrent(entry.href, location) ? 'page' : undefined}
                >
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <main ref={main} id="main" className={css({ flex: '1', minW: '0' })}>
        {children}
      </main>
    </div>
  );
}
