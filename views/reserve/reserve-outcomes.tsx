import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { formatPrice } from '../../domain/format.ts';
import { PAY_WITH } from '../../domain/reserve.ts';
import {
  selectIsJourney,
  selectPayWith,
  selectReservation,
  selectTerms,
  selectTradeIn,
  selectUnavailable,
} from '../../machines/reserve/reserve.selectors.ts';
import { useSite } from '../app/site-context.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { carPathOf, outcomeHeading, panel, type ReservePartProps } from './reserve-parts.tsx';

/** The car cannot be reserved (now, or any more): why, and where to go. */
export function UnavailableOutcome({ actorRef }: ReservePartProps) {
  const site = useSite();
  const why = useSelector(actorRef, selectUnavailable);
  const terms = useSelector(actorRef, selectTerms);
  return (
    <section className={panel} data-testid="reserve-unavailable" role="alert">
      <h2 className={outcomeHeading}>This car can't be reserved</h2>
      <p className={pageStyles.text}>{why}</p>
      <p className={pageStyles.row}>
        {terms && (
          <Link href={carPathOf(terms.car.slug)} className={pageStyles.link}>
            Back to the car
          </Link>
        )}
        <Link href={site.search.path} className={pageStyles.link}>
          Browse our stock
        </Link>
      </p>
    </section>
  );
}

/** Held for 48 hours: the deposit, until when, and the reservation number. */
export function ConfirmedOutcome({ actorRef }: ReservePartProps) {
  const site = useSite();
  const reservation = useSelector(actorRef, selectReservation);
  const terms = useSelector(actorRef, selectTerms);
  const journey = useSelector(actorRef, selectIsJourney);
  const payWith = useSelector(actorRef, selectPayWith);
  const tradeIn = useSelector(actorRef, selectTradeIn);
  if (!reservation?.held_until || !terms) return null;
  const until = new Date(reservation.held_until);
  return (
    <section className={panel} data-testid="reserve-confirmed" role="status">
      <h2 className={outcomeHeading}>The car is yours for 48 hours</h2>
      {journey && (
        <p className={pageStyles.text} data-testid="reserve-purchase">
          You are buying it online: {payWith ? PAY_WITH[payWith].toLowerCase() : ''}
          {tradeIn ? ', with a car to trade in' : ', with no trade-in'}.
        </p>
      )}
      <p className={pageStyles.text}>
        Your fully refundable {formatPrice(reservation.amount)} deposit is held on your card (it is taken only
        when you buy the car) and we have reserved the {terms.car.name} for you until{' '}
        <time dateTime={reservation.held_until}>
          {until.toLocaleString('en-AU', { dateStyle: 'full', timeStyle: 'short' })}
        </time>
        . The {site.name} team will call you to arrange the rest.
      </p>
      <p className={pageStyles.text}>
        Your reservation number is <strong data-testid="reservation-id">{reservation.reservation_id}</strong>.
      </p>
      <p className={pageStyles.row}>
        <Link href={carPathOf(terms.car.slug)} className={pageStyles.link}>
          Back to the car
        </Link>
      </p>
    </section>
  );
}
