import type { ShownSpecRow } from '../../domain/spec-rows.ts';
import { css } from '../../styled-system/css';
import { card } from '../../styled-system/recipes';

const panel = card();

const ICONS: Record<string, string> = {
  Year: '▦',
  Odometer: '◔',
  Transmission: '⚙',
  Fuel: '▮',
  Body: '▭',
  Colour: '●',
};

/** §2 vehicle details box: the car's headline facts as an icon list. */
export function VehicleDetailsBox({ rows }: { rows: readonly ShownSpecRow[] }) {
  return (
    <section aria-labelledby="vehicle-details-title" className={panel.root}>
      <h2 id="vehicle-details-title" className={css({ srOnly: true })}>
        Vehicle details
      </h2>
      <dl
        className={css({
          display: 'grid',
          gap: '3',
          gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, 1fr)' },
        })}
      >
        {rows.map((row) => (
          <div key={row.label}>
            <dt className={css({ fontSize: 'sm', color: 'fgMuted' })}>
              <span aria-hidden="true" className={css({ mr: '1' })}>
                {ICONS[row.label] ?? '•'}
              </span>
              {row.label}
            </dt>
            <dd className={css({ fontWeight: 'semibold' })}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
