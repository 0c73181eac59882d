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

/** A page link's look: a square button, the current page filled. */
export const pageLink = css({
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
