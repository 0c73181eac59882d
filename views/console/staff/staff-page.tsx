import { useSelector } from '@xstate/react';
import type { StaffPageActorRef } from '../../../machines/console-staff/staff-page.machine.ts';
import {
  selectError,
  selectIsLoading,
  selectMe,
  selectStatus,
} from '../../../machines/console-staff/staff-page.selectors.ts';
import { PageError } from '../../ui/page-error.tsx';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { pageStyles } from '../../ui/page-styles.ts';
import { consolePageTitle, defineConsolePage } from '../app/console-page-definition.ts';
import { consoleStyles } from '../layout/console-styles.ts';
import { InviteForm } from './invite-form.tsx';
import { StaffList } from './staff-list.tsx';
import { TwoStepSection } from './two-step.tsx';
import { staffPageLogic } from './wiring.ts';

/** What the last change did, or why it was refused, announced politely. */
export function StaffStatus({ actorRef }: { actorRef: StaffPageActorRef }) {
  const { notice, problem } = useSelector(actorRef, selectStatus);
  return (
    <p role="status" className={problem ? pageStyles.alert : consoleStyles.status}>
      {problem ?? notice ?? ''}
    </p>
  );
}

/** `/dealer/staff` (managers): the members, invitations, and one's own two-step sign-in. */
export function StaffPage({ actorRef }: { actorRef: StaffPageActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const me = useSelector(actorRef, selectMe);
  const error = useSelector(actorRef, selectError);
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading || !me) return <PageSkeleton label="Loading the staff" />;
  return (
    <section className={consoleStyles.page}>
      <h1 className={pageStyles.heading}>Staff</h1>
      <StaffStatus actorRef={actorRef} />
      <StaffList actorRef={actorRef} />
      <InviteForm actorRef={actorRef} />
      <TwoStepSection actorRef={actorRef} />
    </section>
  );
}

/** Route `/dealer/staff`. */
export const staffPage = defineConsolePage({
  logic: staffPageLogic,
  head: (snapshot, { site }) => ({
    title: consolePageTitle('Staff', site),
    status: snapshot.matches('failed') ? 500 : 200,
  }),
  View: StaffPage,
});
