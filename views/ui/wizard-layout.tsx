import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { pageStyles } from './page-styles.ts';

const grid = {
  /** The step two thirds, the aside one third (trade-in, reserve). */
  '2:1': css({ display: 'grid', gap: '6', mt: '6', gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' } }),
  /** The step three fifths, the aside two fifths (finance). */
  '3:2': css({ display: 'grid', gap: '6', mt: '6', gridTemplateColumns: { base: '1fr', lg: '3fr 2fr' } }),
} as const;

/**
 * A wizard's page (trade-in, reserve, finance): the page heading, an optional intro, then the current
 * step beside an aside (one column below `lg`).
 *
 * - `title`: the `<h1>`'s content.
 * - `intro`: what sits between the heading and the grid (usually one `<p className={pageStyles.text}>`).
 * - `children`: the step (or the wizard's column).
 * - `aside`: rendered after the step in the grid; `null`/`undefined` renders nothing there. The aside
 *   brings its own `<aside aria-label=…>` (see `CarSummaryAside`), so a page keeps its landmark texts.
 * - `split`: the step : aside ratio at `lg` and up, `'2:1'` (default) or `'3:2'` (not `columns`: Panda
 *   reads a JSX prop named like a CSS property as a style).
 */
export function WizardLayout({
  title,
  intro,
  aside,
  split = '2:1',
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  aside?: ReactNode;
  split?: keyof typeof grid;
  children: ReactNode;
}) {
  return (
    <section className={pageStyles.page}>
      <h1 className={pageStyles.heading}>{title}</h1>
      {intro}
      <div className={grid[split]}>
        {children}
        {aside}
      </div>
    </section>
  );
}

/**
 * A wizard step's heading: an `<h2>` with `data-step={step}` (e2e tests read it). The words are the
 * flow's own ("Step 2 of 3: Your details", "Step One Your car"), passed as `children`.
 */
export function WizardStepHeading({ step, children }: { step: number; children: ReactNode }) {
  return (
    <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })} data-step={step}>
      {children}
    </h2>
  );
}
