import { useSelector } from '@xstate/react';
import type { MouseEvent } from 'react';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectPage, selectPageCount, selectPageHref } from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';
import { pageLink as link, pageWindow } from '../ui/page-window.ts';

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

/**
 * The result pages as links, with previous and next. Nothing for a single page; past the last page
 * (`?page=999`), Previous goes to the last one.
 */
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
            <PageLink actorRef={actorRef} page={Math.min(current - 1, total)} label="Previous" />
          </li>
        )}
        {pageWindow(Math.min(current, total), total).map((page, index) => (
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
