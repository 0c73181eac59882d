import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';

/**
 * The storefront's page and form looks, shared by every flow's pages (static Panda classes): the page
 * column (`page`, `narrow`), headings and text, a form's labels, inputs and errors, and its buttons —
 * `primary` is the solid button, `secondary` the small outline one (issue 32 item 7: was
 * `accountStyles`, from the first flow that used it).
 */
export const pageStyles = {
  page: css({ maxW: 'page', mx: 'auto', px: '4', py: { base: '8', md: '12' } }),
  narrow: css({ maxW: 'md', mx: 'auto', px: '4', py: { base: '8', md: '12' } }),
  heading: css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' }),
  subheading: css({ fontSize: 'xl', fontWeight: 'bold', mt: '8' }),
  text: css({ mt: '2', color: 'fgMuted' }),
  form: css({ display: 'grid', gap: '4', mt: '6' }),
  label: css({ display: 'grid', gap: '1', fontWeight: 'semibold' }),
  input: css({
    px: '3',
    py: '2',
    bg: 'surface',
    color: 'fg',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'control',
    fontWeight: 'normal',
    '&[aria-invalid=true]': { borderColor: 'danger' },
  }),
  fieldError: css({ color: 'danger', fontSize: 'sm', fontWeight: 'normal' }),
  alert: css({ color: 'danger', fontWeight: 'semibold' }),
  primary: button(),
  secondary: button({ variant: 'outline', size: 'sm' }),
  link: css({ color: 'accent', fontWeight: 'semibold', textDecoration: 'underline' }),
  row: css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center', mt: '4' }),
};
