import { Link } from 'wouter';
import type { ItemSearchState } from '../../domain/item-search.ts';
import { searchHrefWith } from '../../machines/item-search/item-search.selectors.ts';
import { css } from '../../styled-system/css';
import { pageLink, pageWindow } from '../ui/page-window.ts';

/** The result pages as links, with previous and next. Nothing for a single page. */
export function PartsPageLinks({
  state,
  current,
  total,
}: {
  state: ItemSearchState;
  current: number;
  total: number;
}) {
  if (total <= 1) return null;
  const link = (page: number, label?: string) => (
    <Link
      href={searchHrefWith(state, { page })}
      className={pageLink}
      aria-current={!label && page === current ? 'page' : undefined}
      aria-label={label ? undefined : `Page ${page}`}
    >
      {label ?? page}
    </Link>
  );
  return (
    <nav aria-label="Pagination" className={css({ mt: '8' })}>
      <ul className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '2' })}>
        {current > 1 && <li>{link(current - 1, 'Previous')}</li>}
        {pageWindow(current, total).map((page, index) => (
          <li key={page === 'gap' ? `gap-${index}` : page}>
            {page === 'gap' ? <span aria-hidden="true">…</span> : link(page)}
          </li>
        ))}
        {current < total && <li>{link(current + 1, 'Next')}</li>}
      </ul>
    </nav>
  );
}
