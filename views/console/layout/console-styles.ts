import { css } from '../../../styled-system/css';

/**
 * The console's page looks (static Panda classes), beside `pageStyles` and the `card`/`button`
 * recipes from views/ui: the page column, a grid of cards, a table that scrolls inside itself on a
 * phone (never the page), a term/value list, a status line. Every area's pages use these.
 */
export const consoleStyles = {
  page: css({ maxW: 'page', mx: 'auto', px: { base: '3', md: '6' }, py: { base: '6', md: '8' }, minW: '0' }),
  narrow: css({ maxW: 'md', mx: 'auto', px: '4', py: { base: '8', md: '12' } }),
  cards: css({
    display: 'grid',
    gap: '4',
    mt: '6',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  }),
  tableWrap: css({ overflowX: 'auto', mt: '4', maxW: 'full' }),
  table: css({
    w: 'full',
    borderCollapse: 'collapse',
    fontSize: 'sm',
    '& th, & td': { textAlign: 'left', px: '2', py: '2', borderBottomWidth: '1px', borderColor: 'border' },
    '& th': { fontWeight: 'semibold', whiteSpace: 'nowrap' },
  }),
  facts: css({
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: '4',
    rowGap: '1',
    mt: '3',
    '& dt': { fontWeight: 'semibold' },
    '& dd': { overflowWrap: 'anywhere' },
  }),
  status: css({ mt: '2', color: 'fgMuted', fontSize: 'sm' }),
};
