import { type ReactNode, useRef } from 'react';
import { css } from '../../styled-system/css';
import { CompareTray } from './compare-tray.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { useFocusAfterNavigation } from './use-focus-after-navigation.ts';

/** Every page: header, main content, footer, the compare tray; focus lands on a new page's heading after a navigation. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  useFocusAfterNavigation(main);
  return (
    <div className={css({ minH: 'screen', display: 'flex', flexDirection: 'column' })}>
      <a href="#main" className={css({ srOnly: true, _focus: { srOnly: false, p: '2', bg: 'surface' } })}>
        Skip to content
      </a>
      <SiteHeader />
      <main ref={main} id="main" className={css({ flex: '1' })}>
        {children}
      </main>
      <SiteFooter />
      <CompareTray />
    </div>
  );
}
