import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { navigationMenu } from '../../styled-system/recipes';
import { useSite } from '../app/site-context.tsx';
import { type NavGroup, type NavLink, siteNavigation } from './navigation.ts';

/**
 * The header's menus (spec doc 2 §2 "Header"): single links, and dropdowns built as disclosure
 * buttons (`aria-expanded`, `aria-controls`) over a plain list of links — no widget script
 * (decision 071). One dropdown is open at a time; Escape closes it and returns focus to its button;
 * a click outside or focus leaving the menus closes it; a navigation closes it (the caller keys
 * this component by location).
 */
export function MainNavigation() {
  const site = useSite();
  const [location] = useLocation();
  const [open, setOpen] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const baseId = useId();
  useEffect(() => {
    if (open === null) return;
    const nav = navRef.current;
    const onPointerDown = (event: PointerEvent) => {
      if (!nav?.contains(event.target as Node)) setOpen(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(null);
      nav?.querySelector<HTMLButtonElement>('button[aria-expanded="true"]')?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
  const classes = navigationMenu();
  return (
    <nav
      ref={navRef}
      aria-label="Main"
      className={classes.root}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(null);
      }}
    >
      <ul className={classes.list}>
        {siteNavigation(site).map((menu, index) => (
          <li key={menu.label} className={classes.item}>
            {menu.links ? (
              <Dropdown
                label={menu.label}
                links={menu.links}
                groups={menu.groups ?? []}
                onNavigate={() => setOpen(null)}
                id={`${baseId}-${index}`}
                open={open === menu.label}
                onToggle={() => setOpen((current) => (current === menu.label ? null : menu.label))}
              />
            ) : (
              <Link
                href={menu.href ?? '/'}
                className={classes.link}
                aria-current={location === menu.href ? 'page' : undefined}
              >
                {menu.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One dropdown: its disclosure button and, below it, the list of links it shows or hides. */
function Dropdown({
  label,
  links,
  groups,
  id,
  open,
  onToggle,
  onNavigate,
}: {
  label: string;
  links: readonly NavLink[];
  /** Headed groups before the links (the Range mega-menu's body types). */
  groups: readonly NavGroup[];
  /**
   * A link was followed: close. (The header is rebuilt on a new path; a new query on the same path —
   * `/models?body=suvs` → `?body=utes` — is not a new path.)
   */
  onNavigate: () => void;
  id: string;
  open: boolean;
  onToggle: () => void;
}) {
  const classes = navigationMenu();
  return (
    <>
      <button
        type="button"
        className={classes.trigger}
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
      >
        {label} ▾
      </button>
      <ul id={id} className={groups.length > 0 ? classes.mega : classes.content} hidden={!open}>
        {groups.map((group) => (
          <li key={group.href}>
            <Link href={group.href} className={classes.link} onClick={onNavigate}>
              {group.label}
            </Link>
            <ul aria-label={group.label} className={classes.group}>
              {group.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className={classes.link} onClick={onNavigate}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className={classes.link} onClick={onNavigate}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
