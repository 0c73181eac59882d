import { useSelector } from '@xstate/react';
import type { HoursPageActorRef } from '../../../machines/console-hours/hours-page.machine.ts';
import {
  selectError,
  selectIsLoading,
  selectLocations,
  selectStatus,
} from '../../../machines/console-hours/hours-page.selectors.ts';
import { css } from '../../../styled-system/css';
import { PageError } from '../../ui/page-error.tsx';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { pageStyles } from '../../ui/page-styles.ts';
import { consolePageTitle, defineConsolePage } from '../app/console-page-definition.ts';
import { consoleStyles } from '../layout/console-styles.ts';
import { LocationHoursCard } from './location-hours.tsx';
import { hoursPageLogic } from './wiring.ts';

/**
 * `/dealer/hours` (managers, issue 36 item 6): each location's regular week (read-only) and its
 * special days — holiday closures and special hours added and removed here, shown on the location
 * page, in the booking times and in the acknowledgements at once (decision 128).
 */
export function HoursPage({ actorRef }: { actorRef: HoursPageActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const error = useSelector(actorRef, selectError);
  const locations = useSelector(actorRef, selectLocations);
  const { notice, problem } = useSelector(actorRef, selectStatus);
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading) return <PageSkeleton label="Loading opening hours" />;
  return (
    <section className={consoleStyles.page}>
      <h1 className={pageStyles.heading}>Opening hours</h1>
      <p className={pageStyles.text}>
        Add a holiday closure or special hours for a day; the location's page and its booking times change at
        once. A day you add replaces the settings' hours for that date.
      </p>
      <p role="status" className={problem ? pageStyles.alert : consoleStyles.status}>
        {problem ?? notice ?? ''}
      </p>
      <div
        className={css({
          display: 'grid',
          gap: '6',
          mt: '4',
          gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        })}
      >
        {locations.map((location) => (
          <LocationHoursCard key={location.slug} actorRef={actorRef} location={location} />
        ))}
      </div>
    </section>
  );
}

/** Route `/dealer/hours`: every location's hours and special days. */
export const hoursPage = defineConsolePage({
  logic: hoursPageLogic,
  head: (snapshot, { site }) => ({
    title: consolePageTitle('Opening hours', site),
    status: snapshot.matches('failed') ? 500 : 200,
  }),
  View: HoursPage,
});
