import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Every page: header, main content, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className={css({ minH: 'screen', display: 'flex', flexDirection: 'column' })}>
      <a href="#main" className={css({ srOnly: true, _focus: { srOnly: false, p: '2', bg: 'surface' } })}>
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className={css({ flex: '1' })}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
