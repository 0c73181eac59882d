import { NavigationMenu } from '@ark-ui/react/navigation-menu';
import { Link, useLocation } from 'wouter';
import { css } from '../../styled-system/css';
import { navigationMenu } from '../../styled-system/recipes';
import { useSite } from '../app/site-context.tsx';
import { AccountLinks } from './account-links.tsx';
import { siteNavigation } from './navigation.ts';

/** Item values become element ids (and `aria-controls`), so they must not contain spaces. */
const menuValue = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * The site header: the dealer's name and phone, the account and watchlist links, and the menus.
 * Dropdowns close on navigation.
 */
export function SiteHeader() {
  const site = useSite();
  const [location] = useLocation();
  const classes = navigationMenu();
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
        {/* Keyed by location: a navigation force-closes any open dropdown (spec §2 "Header"). */}
        <NavigationMenu.Root key={location} className={classes.root} aria-label="Main">
          <NavigationMenu.List className={classes.list}>
            {siteNavigation(site).map((menu) => (
              <NavigationMenu.Item key={menu.label} value={menuValue(menu.label)} className={classes.item}>
                {menu.links ? (
                  <>
                    <NavigationMenu.Trigger className={classes.trigger}>
                      {menu.label} ▾
                    </NavigationMenu.Trigger>
                    <NavigationMenu.Content className={classes.content}>
                      {menu.links.map((link) => (
                        <NavigationMenu.Link key={link.href} asChild>
                          <Link href={link.href} className={classes.link}>
                            {link.label}
                          </Link>
                        </NavigationMenu.Link>
                      ))}
                    </NavigationMenu.Content>
                  </>
                ) : (
                  <NavigationMenu.Link asChild current={location === menu.href}>
                    <Link href={menu.href ?? '/'} className={classes.link}>
                      {menu.label}
                    </Link>
                  </NavigationMenu.Link>
                )}
              </NavigationMenu.Item>
            ))}
          </NavigationMenu.List>
        </NavigationMenu.Root>
      </div>
    </header>
  );
}
