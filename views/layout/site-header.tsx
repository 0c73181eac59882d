import { Link, useLocation } from 'wouter';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { AccountLinks } from './account-links.tsx';
import { MainNavigation } from './main-navigation.tsx';

/**
 * The site header: the dealer's name and phone, the account and watchlist links, and the menus.
 * Dropdowns close on navigation.
 */
export function SiteHeader() {
  const site = useSite();
  const [location] = useLocation();
  return (
    <header className={css({ bg: 'brand', color: 'brandFg' })}>
      <div
        className={css({
          maxW: 'page',
          mx: 'auto',
          px: '4',
          py: '3',
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
        })}
      >
        <Link href="/" className={css({ fontSize: 'xl', fontWeight: 'extrabold', textDecoration: 'none' })}>
          {site.name}
        </Link>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4' })}>
          <a href={`tel:${site.phone.replace(/\s+/g, '')}`} className={css({ fontWeight: 'semibold' })}>
            {site.phone}
          </a>
          <AccountLinks />
        </div>
      </div>
      <div className={css({ maxW: 'page', mx: 'auto', px: '2', pb: '2' })}>
        {/* Keyed by location: a navigation closes any open dropdown (spec doc 2 §2 "Header"). */}
        <MainNavigation key={location} />
      </div>
    </header>
  );
}
