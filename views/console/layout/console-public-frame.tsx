import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { useSite } from '../../app/site-context.tsx';

/** The console's pages open signed out (sign-in, invitation): the dealer's name over the page, no navigation. */
export function ConsolePublicFrame({ children }: { children: ReactNode }) {
  const site = useSite();
  return (
    <div className={css({ minH: 'screen', display: 'flex', flexDirection: 'column', bg: 'canvas' })}>
      <header className={css({ bg: 'brand', color: 'brandFg' })}>
        <p
          className={css({
            maxW: 'page',
            mx: 'auto',
            px: { base: '3', md: '6' },
            py: '3',
            fontWeight: 'extrabold',
          })}
        >
          {site.name} <span className={css({ fontWeight: 'normal' })}>dealer console</span>
        </p>
      </header>
      <main id="main" className={css({ flex: '1', minW: '0' })}>
        {children}
      </main>
    </div>
  );
}
