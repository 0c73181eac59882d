import { Link, useLocation } from 'wouter';
import { css } from '../../styled-system/css';
import type { SiteLogo } from '../../tenants/public-site.ts';
import { useSite } from '../app/site-context.tsx';
import { AccountLinks } from './account-links.tsx';
import { MainNavigation } from './main-navigation.tsx';
import { headerButton, SiteMenu } from './site-menu.tsx';

/** How tall the header draws a logo, and how wide at most (a long wordmark is scaled down to fit). */
const LOGO_HEIGHT = 40;
const LOGO_MAX_WIDTH = 240;

/** A logo's size in the header: its own proportions at {@link LOGO_HEIGHT}, within {@link LOGO_MAX_WIDTH}. */
export function headerLogoSize(logo: SiteLogo): { width: number; height: number } {
  const width = (logo.width / logo.height) * LOGO_HEIGHT;
  const scale = width > LOGO_MAX_WIDTH ? LOGO_MAX_WIDTH / width : 1;
  return { width: Math.round(width * scale), height: Math.round(LOGO_HEIGHT * scale) };
}

// A phone draws the logo a fifth smaller, so the header stays one row (issue 37 item 1).
const logoImage = css({ display: 'block', maxW: 'full', w: 'auto', h: { base: '8', md: '10' } });
const fromMd = css({ display: { base: 'none', md: 'flex' } });
const navFromMd = css({ display: { base: 'none', md: 'block' } });

/**
 * The site header: the dealer's logo (its name as the image's text; issue 35 item 5) or else its
 * name, its phone, the account and watchlist links, and the menus. Dropdowns close on navigation.
 * On a phone it is one row — the logo, "Call" and "Menu" — and the menus and account links open as
 * a sheet (issue 37 item 1); from md up the phone, the account links and the menus show in the header.
 */
export function SiteHeader() {
  const site = useSite();
  const [location] = useLocation();
  const tel = `tel:${site.phone.replace(/\s+/g, '')}`;
  return (
    <header className={css({ bg: 'brand', color: 'brandFg' })}>
      <div
        className={css({
          maxW: 'page',
          mx: 'auto',
          px: '4',
          py: { base: '2', md: '3' },
          display: 'flex',
          flexWrap: { base: 'nowrap', md: 'wrap' },
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
        })}
      >
        <Link
          href="/"
          className={css({
            fontSize: { base: 'lg', md: 'xl' },
            fontWeight: 'extrabold',
            textDecoration: 'none',
            minW: '0',
          })}
        >
          {site.logo ? (
            <img src={site.logo.src} alt={site.name} {...headerLogoSize(site.logo)} className={logoImage} />
          ) : (
            site.name
          )}
        </Link>
        <div className={`${fromMd} ${css({ flexWrap: 'wrap', alignItems: 'center', gap: '4' })}`}>
          <a href={tel} className={css({ fontWeight: 'semibold' })}>
            {site.phone}
          </a>
          <AccountLinks />
        </div>
        <div
          className={css({
            display: { base: 'flex', md: 'none' },
            alignItems: 'center',
            gap: '2',
            flexShrink: 0,
          })}
        >
          <a href={tel} aria-label={`Call ${site.phone}`} className={headerButton}>
            Call
          </a>
          <SiteMenu key={location} />
        </div>
      </div>
      <div className={`${navFromMd} ${css({ maxW: 'page', mx: 'auto', px: '2', pb: '2' })}`}>
        {/* Keyed by location: a navigation closes any open dropdown (spec doc 2 §2 "Header"). */}
        <MainNavigation key={location} />
      </div>
    </header>
  );
}
