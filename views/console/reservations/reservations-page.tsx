import { useSelector } from '@xstate/react';
import { parseReservationFilter, RESERVATION_FILTER_LABELS } from '../../../domain/console-reservations.ts';
import type { ReservationsPageActorRef } from '../../../machines/console-reservations/reservations-page.machine.ts';
import {
  selectCanDecide,
  selectCounts,
  selectDecisionError,
  selectError,
  selectFilter,
  selectIsLoading,
  selectOutcome,
  selectQuestion,
  selectReservations,
  selectTimeZone,
} from '../../../machines/console-reservations/reservations-page.selectors.ts';
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { PageError } from '../../ui/page-error.tsx';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { pageStyles } from '../../ui/page-styles.ts';
import { consolePageTitle, defineConsolePage } from '../app/console-page-definition.ts';
import { consoleStyles } from '../layout/console-styles.ts';
import { DecisionDialog } from './decision-dialog.tsx';
import { ReservationCard } from './reservation-card.tsx';
import { ReservationFilters } from './reservation-filters.tsx';
import { reservationsPageLogic } from './wiring.ts';

/**
 * `/dealer/reservations` (issue 36 item 4): the site's reservations by state (`?state=`), each with
 * its car, shopper, deposit and payment and the time left on a live hold; a live hold's sale is
 * confirmed or its hold released behind a question naming the car and the deposit, and the outcome
 * (or the server's refusal) is shown above the list.
 */
export function ReservationsPage({ actorRef }: { actorRef: ReservationsPageActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const error = useSelector(actorRef, selectError);
  const filter = useSelector(actorRef, selectFilter);
  const reservations = useSelector(actorRef, selectReservations);
  const counts = useSelector(actorRef, selectCounts);
  const timeZone = useSelector(actorRef, selectTimeZone);
  const question = useSelector(actorRef, selectQuestion);
  const outcome = useSelector(actorRef, selectOutcome);
  const decisionError = useSelector(actorRef, selectDecisionError);
  const canDecide = useSelector(actorRef, selectCanDecide);
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading) return <PageSkeleton label="Loading reservations" />;
  return (
    <section className={consoleStyles.page}>
      <h1 className={pageStyles.heading}>Reservations</h1>
      <p className={pageStyles.text}>
        Confirm the sale of a held car to take its deposit, or release the hold to put the car back on sale.
        The shopper is emailed either way.
      </p>
      <ReservationFilters current={filter} counts={counts} />
      <div aria-live="polite" className={css({ mt: '4' })}>
        {outcome && (
          <p role="status" className={css({ fontWeight: 'semibold', color: 'accent' })}>
            {outcome}
          </p>
        )}
      </div>
      {decisionError && (
        <div role="alert" className={pageStyles.row}>
          <p className={pageStyles.alert}>{decisionError}</p>
          <button
            type="button"
            className={button({ variant: 'outline', size: 'sm' })}
            onClick={() => actorRef.send({ type: 'list.reload' })}
          >
            Reload the list
          </button>
        </div>
      )}
      {reservations.length === 0 ? (
        <p className={consoleStyles.status}>
          {filter
            ? `No ${RESERVATION_FILTER_LABELS[filter].toLowerCase()} reservations.`
            : 'No reservations yet.'}
        </p>
      ) : (
        <ul
          aria-label="Reservations"
          className={css({ display: 'grid', gap: '4', mt: '4', listStyle: 'none', p: '0' })}
        >
          {reservations.map((reservation) => (
            <ReservationCard
              key={reservation.id}
              reservation={reservation}
              timeZone={timeZone}
              canDecide={canDecide}
              onDecide={(action) =>
                actorRef.send({ type: 'decision.ask', action, reservation: reservation.id })
              }
            />
          ))}
        </ul>
      )}
      <DecisionDialog
        question={question}
        onConfirm={() => actorRef.send({ type: 'decision.confirm' })}
        onCancel={() => actorRef.send({ type: 'decision.cancel' })}
      />
    </section>
  );
}

/** Route `/dealer/reservations`: the reservations by state, with their decisions. */
export const reservationsPage = defineConsolePage({
  logic: reservationsPageLogic,
  input: ({ search }) => ({ state: parseReservationFilter(search) }),
  head: (snapshot, { site }) => ({
    title: consolePageTitle('Reservations', site),
    status: snapshot.matches('failed') ? 500 : 200,
  }),
  queryKeyed: true,
  View: ReservationsPage,
});
