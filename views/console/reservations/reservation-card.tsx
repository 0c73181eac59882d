import {
  cardLabel,
  formatDealerMoment,
  formatDeposit,
  formatTimeLeft,
  PAYMENT_STATE_LABELS,
  RESERVATION_STATE_LABELS,
} from '../../../domain/console-reservations.ts';
import type { ConsoleReservation } from '../../../domain/contracts/console-reservations.ts';
import type { ReservationAction } from '../../../machines/console-reservations/reservations-page.machine.ts';
import { css } from '../../../styled-system/css';
import { button, card } from '../../../styled-system/recipes';
import { pageStyles } from '../../ui/page-styles.ts';
import { consoleStyles } from '../layout/console-styles.ts';

const badge = css({
  display: 'inline-block',
  px: '2',
  py: '0.5',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
  fontSize: 'sm',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  '&[data-state=held]': { bg: 'brandSubtle', borderColor: 'brand' },
  '&[data-state=confirmed]': { bg: 'brand', color: 'brandFg', borderColor: 'brand' },
});

/**
 * One reservation in the console's list: the car (its page on the site), its state and the time
 * left on a live hold, the shopper and how to reach them, the deposit and its payment; a live hold
 * offers "Confirm sale" and "Release hold" (each asks first), while no other decision is under way.
 */
export function ReservationCard({
  reservation,
  timeZone,
  canDecide,
  onDecide,
}: {
  reservation: ConsoleReservation;
  timeZone: string;
  canDecide: boolean;
  onDecide: (action: ReservationAction) => void;
}) {
  const { root } = card();
  const r = reservation;
  const headingId = `reservation-${r.id}`;
  const cardText = cardLabel(r.payment.brand, r.payment.last4);
  return (
    <li className={`${root} ${css({ display: 'grid', gap: '2' })}`} aria-labelledby={headingId}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline' })}>
        <h2 id={headingId} className={css({ fontSize: 'lg', fontWeight: 'bold', flex: '1', minW: '0' })}>
          {r.car.slug ? (
            <a href={`/cars/${r.car.slug}`} className={pageStyles.link}>
              {r.car.name}
            </a>
          ) : (
            r.car.name
          )}
        </h2>
        <span className={badge} data-state={r.state}>
          {RESERVATION_STATE_LABELS[r.state]}
        </span>
      </div>
      {r.state === 'held' && r.seconds_left !== null && (
        <p className={css({ fontWeight: 'semibold' })}>
          {formatTimeLeft(r.seconds_left)}
          {r.held_until && (
            <span className={css({ fontWeight: 'normal', color: 'fgMuted' })}>
              {' '}
              · held until {formatDealerMoment(r.held_until, timeZone)}
            </span>
          )}
        </p>
      )}
      <dl className={consoleStyles.facts}>
        {r.car.stocknum && (
          <>
            <dt>Stock</dt>
            <dd>
              {r.car.stocknum} · {r.dealership}
            </dd>
          </>
        )}
        <dt>Shopper</dt>
        <dd>
          {r.shopper.name} ·{' '}
          <a href={`mailto:${r.shopper.email}`} className={pageStyles.link}>
            {r.shopper.email}
          </a>{' '}
          ·{' '}
          <a href={`tel:${r.shopper.phone.replace(/\s+/g, '')}`} className={pageStyles.link}>
            {r.shopper.phone}
          </a>
        </dd>
        <dt>Deposit</dt>
        <dd>
          {formatDeposit(r.deposit.amount)} · {PAYMENT_STATE_LABELS[r.payment.state]}
          {cardText ? ` · ${cardText}` : ''}
        </dd>
        {r.payment.reference && (
          <>
            <dt>Payment reference</dt>
            <dd>{r.payment.reference}</dd>
          </>
        )}
        <dt>Reserved</dt>
        <dd>{formatDealerMoment(r.created_at, timeZone)}</dd>
        {r.decided_at && (
          <>
            <dt>{r.state === 'confirmed' ? 'Sale confirmed' : 'Released'}</dt>
            <dd>{formatDealerMoment(r.decided_at, timeZone)}</dd>
          </>
        )}
      </dl>
      {r.state === 'held' && (
        <div className={pageStyles.row}>
          <button
            type="button"
            className={button()}
            disabled={!canDecide}
            onClick={() => onDecide('confirm')}
            aria-describedby={headingId}
          >
            Confirm sale
          </button>
          <button
            type="button"
            className={button({ variant: 'outline' })}
            disabled={!canDecide}
            onClick={() => onDecide('release')}
            aria-describedby={headingId}
          >
            Release hold
          </button>
        </div>
      )}
    </li>
  );
}
