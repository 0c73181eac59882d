import type { DriveAwayEstimate as Estimate } from '../../domain/drive-away.ts';
import { formatPrice } from '../../domain/format.ts';
import { css } from '../../styled-system/css';
import { card } from '../../styled-system/recipes';

const panel = card();

/**
 * Issue 37 item 5: where the price excludes government charges, the estimated drive-away price in the
 * state of the car's location, its parts, the date of the tables it uses and what it is not.
 */
export function DriveAwayEstimate({ estimate }: { estimate: Estimate }) {
  const rows = [
    { label: 'Price (excluding government charges)', amount: estimate.price },
    { label: `Stamp duty (${estimate.state.toUpperCase()})`, amount: estimate.stampDuty },
    { label: 'Registration, 12 months', amount: estimate.registration },
    { label: `${estimate.ctpName}, 12 months`, amount: estimate.ctp },
  ];
  return (
    <section
      aria-labelledby="drive-away-title"
      data-testid="drive-away"
      className={`${panel.root} ${css({ display: 'grid', gap: '2' })}`}
    >
      <h2 id="drive-away-title" className={panel.title}>
        Estimated drive-away <span data-testid="drive-away-total">{formatPrice(estimate.total)}</span>
      </h2>
      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto',
          columnGap: '4',
          rowGap: '1',
          fontSize: 'sm',
          maxW: 'md',
        })}
      >
        {rows.map((row) => (
          <div key={row.label} className={css({ display: 'contents' })}>
            <dt className={css({ color: 'fgMuted' })}>{row.label}</dt>
            <dd className={css({ fontWeight: 'semibold', textAlign: 'right' })}>{formatPrice(row.amount)}</dd>
          </div>
        ))}
      </dl>
      <p className={css({ fontSize: 'xs', color: 'fgMuted' })} data-testid="drive-away-note">
        Stamp duty as published by {estimate.source}; registration and CTP are typical figures for a light
        vehicle. Tables as at {estimate.tableDate}. {estimate.disclaimer}
      </p>
    </section>
  );
}
