import { useSelector } from '@xstate/react';
import type { StaffPageActorRef } from '../../../machines/console-staff/staff-page.machine.ts';
import {
  selectError,
  selectIsLoading,
  selectMe,
} from '../../../machines/console-staff/staff-page.selectors.ts';
import { PageError } from '../../ui/page-error.tsx';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { pageStyles } from '../../ui/page-styles.ts';
import { consolePageTitle, defineConsolePage } from '../app/console-page-definition.ts';
import { consoleStyles } from '../layout/console-styles.ts';
import { StaffStatus } from './staff-page.tsx';
import { TwoStepSection } from './two-step.tsx';
import { staffPageLogic } from './wiring.ts';

/** `/dealer/account`: any member's own account — their two-step sign-in. */
export function AccountPage({ actorRef }: { actorRef: StaffPageActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const me = useSelector(actorRef, selectMe);
  const error = useSelector(actorRef, selectError);
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading || !me) return <PageSkeleton label="Loading your account" />;
  return (
    <section className={consoleStyles.page}>
      <h1 className={pageStyles.heading}>Your account</h1>
      <dl className={consoleStyles.facts}>
        <dt>Name</dt>
        <dd>{me.name}</dd>
        <dt>Email</dt>
        <dd>{me.email}</dd>
      </dl>
      <StaffStatus actorRef={actorRef} />
      <TwoStepSection actorRef={actorRef} />
    </section>
  );
}

/** Route `/dealer/account`. */
export const accountPage = defineConsolePage({
  logic: staffPageLogic,
  head: (snapshot, { site }) => ({
    title: consolePageTitle('Your account', site),
    status: snapshot.matches('failed') ? 500 : 200,
  }),
  View: AccountPage,
});
