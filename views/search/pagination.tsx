import { useSelector } from '@xstate/react';
import type { MouseEvent } from 'react';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectPage, selectPageCount, selectPageHref } from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';

/** Pages shown either side of the current one. */
const AROUND = 2;

/** The page numbers to link: the first, the last, and a window around the current one. */
export function pageWindow(current: number, total: number): Array<number | 'gap'> {
  const pages: Array<number | 'gap'> = [];
  for (let page = 1; page <= total; page += 1) {
    const near = Math.abs(page - current) <= AROUND;
    if (page === 1 || page === total || near) pages.push(page);
    else if (pages.at(-1) !== 'gap') pages.push('gap');
  }
  return pages;
}

const link = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minW: '10',
  h: '10',
  px: '2',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  bg: 'surface',
  textDecoration: 'none',
  fontWeight: 'semibold',
  '&[aria-current=page]': { bg: 'brand', color: 'brandFg', borderColor: 'brand' },
});

/** One page link: a real href (crawlers, no JS, new tab); a plain click asks the machine instead. */
function PageLink({
  actorRef,
  page,
  label,
  current,
}: {
  actorRef: SearchActorRef;
  page: number;
  label?: string;
  current?: boolean;
}) {
  const href = useSelector(actorRef, selectPageHref(page));
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    actorRef.send({ type: 'page.set', page });
  };
  return (
    <a
      href={href}
      onClick={onClick}
      className={link}
      aria-current={current ? 'page' : undefined}
      aria-label={label ? undefined : `Page ${page}`}
    >
      {label ?? page}
    </a>
  );
}

/** The result pages as links, with previous and next. Nothing for a single page. */
export function Pagination({ actorRef }: { actorRef: SearchActorRef }) {
  const current = useSelector(actorRef, selectPage);
  const total = useSelector(actorRef, selectPageCount);
  if (total <= 1) return null;
  return (
    <nav aria-label="Pagination" className={css({ mt: '8' })}>
      <ul
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: '2',
          listStyle: 'none',
        })}
      >
        {current > 1 && (
          <li>
            <PageLink actorRef={actorRef} page={current - 1} label="Previous" />
          </li>
        )}
        {pageWindow(current, total).map((page, index) => (
          <li key={page === 'gap' ? `gap-${index}` : page}>
            {page === 'gap' ? (
              <span aria-hidden="true">…</span>
            ) : (
              <PageLink actorRef={actorRef} page={page} current={page === current} />
            )}
          </li>
        ))}
        {current < total && (
          <li>
            <PageLink actorRef={actorRef} page={current + 1} label="Next" />
          </li>
        )}
      </ul>
    </nav>
  );
}
