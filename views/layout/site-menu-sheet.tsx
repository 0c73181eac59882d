import { Link, useLocation } from 'wouter';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { DialogShell } from '../ui/dialog-shell.tsx';
import { AccountLinks } from './account-links.tsx';
import { type NavLink, type NavMenu, siteNavigation } from './navigation.ts';

const link = css({
  display: 'block',
  py: '2',
  fontWeight: 'semibold',
  textDecoration: 'none',
  _hover: { textDecoration: 'underline' },
  _currentPage: { textDecoration: 'underline' },
});
const list = css({ display: 'grid', gap: '1', listStyle: 'none' });
const nested = css({ display: 'grid', gap: '0', listStyle: 'none', pl: '4' });

/**
 * The menu sheet on a phone (issue 37 item 1): the header's menus — each dropdown a native
 * disclosure (`<details>`), the Range menu's body types inside it — then the account links. It is
 * the dialog shell's drawer, loaded the first time a shopper opens it.
 */
export function SiteMenuSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const site = useSite();
  return (
    <DialogShell
      placement="side"
      title="Menu"
      closeLabel="Close menu"
      testId="site-menu"
      root={{ open, onOpenChange: (details) => onOpenChange(details.open), unmountOnExit: true }}
    >
      <nav aria-label="Main" className={css({ overflowY: 'auto' })}>
        <ul className={list}>
          {siteNavigation(site).map((menu) => (
            <li key={menu.label}>
              <MenuEntry menu={menu} />
            </li>
          ))}
        </ul>
      </nav>
      <div className={css({ borderTopWidth: '1px', borderColor: 'border', pt: '3' })}>
        <AccountLinks />
      </div>
    </DialogShell>
  );
}

function MenuEntry({ menu }: { menu: NavMenu }) {
  const [location] = useLocation();
  if (!menu.links) {
    const href = menu.href ?? '/';
    return (
      <Link href={href} className={link} aria-current={location === href ? 'page' : undefined}>
        {menu.label}
      </Link>
    );
  }
  return (
    <details>
      <summary className={`${link} ${css({ cursor: 'pointer' })}`}>{menu.label}</summary>
      <ul className={nested}>
        {(menu.groups ?? []).map((group) => (
          <li key={group.href}>
            <Link href={group.href} className={link}>
              {group.label}
            </Link>
            <Links links={group.links} />
          </li>
        ))}
        {menu.links.map((entry) => (
          <li key={entry.href}>
            <Link href={entry.href} className={link}>
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

function Links({ links }: { links: readonly NavLink[] }) {
  return (
    <ul className={nested}>
      {links.map((entry) => (
        <li key={entry.href}>
          <Link href={entry.href} className={link}>
            {entry.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
