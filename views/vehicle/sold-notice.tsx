import { Link } from 'wouter';
import type { VehicleView } from '../../machines/vehicle-page/vehicle-view.ts';
import { css } from '../../styled-system/css';

/** §2/§4: a sold car's SOLD notice, with a prompt to search for similar vehicles. */
export function SoldNotice({ view }: { view: VehicleView }) {
  return (
    <section
      role="status"
      aria-labelledby="sold-notice-title"
      data-testid="sold-notice"
      className={css({
        p: '4',
        borderRadius: 'control',
        borderWidth: '2px',
        borderColor: 'danger',
        bg: 'surface',
      })}
    >
      <h2
        id="sold-notice-title"
        className={css({ fontSize: '2xl', fontWeight: 'extrabold', color: 'danger' })}
      >
        SOLD
      </h2>
      <p className={css({ mt: '1' })}>
        This {view.car.make} {view.car.model} has been sold.
      </p>
      <p className={css({ mt: '2' })}>
        <Link href={view.similarSearchHref} className={css({ color: 'accent', fontWeight: 'semibold' })}>
          Search for similar vehicles
        </Link>
      </p>
    </section>
  );
}
