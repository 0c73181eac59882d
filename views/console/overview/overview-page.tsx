import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { ROLE_LABELS } from '../../../domain/staff.ts';
import type { OverviewPageActorRef } from '../../../machines/console-overview/overview-page.machine.ts';
import {
  selectError,
  selectIsLoading,
  selectMember,
} from '../../../machines/console-overview/overview-page.selectors.ts';
import { css } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { PageError } from '../../ui/page-error.tsx';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { pageStyles } from '../../ui/page-styles.ts';
import { useConsoleNavigation } from '../app/console-navigation.tsx';
import { consolePageTitle, defineConsolePage } from '../app/console-page-definition.ts';
import { consoleStyles } from '../layout/console-styles.ts';
import { overviewPageLogic } from './wiring.ts';

/** What each role may do, in a sentence (issue 36 item 2). */
const ROLE_SCOPE = {
  manager: 'As a manager you can open every part of the console, the staff and the audit log included.',
  sales: 'As a member of the sales team you work the leads and reservations.',
} as const;

/**
 * `/dealer`: the console's overview — who is signed in, their role and what it allows, and a card
 * for each part of the console their role opens (from the registry, so only what exists).
 */
export function OverviewPage({ actorRef }: { actorRef: OverviewPageActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const member = useSelector(actorRef, selectMember);
  const error = useSelector(actorRef, selectError);
  const navigation = useConsoleNavigation(member ?? null);
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading || !member) return <PageSkeleton label="Loading the console" />;
  const areas = navigation.filter((entry) => entry.href !== '/dealer');
  const { root, title } = card();
  return (
    <section className={consoleStyles.page}>
      <h1 className={pageStyles.heading}>{`Welcome, ${member.name}`}</h1>
      <dl className={consoleStyles.facts}>
        <dt>Email</dt>
        <dd>{member.email}</dd>
        <dt>Role</dt>
        <dd>{ROLE_LABELS[member.role]}</dd>
        <dt>Two-step sign-in</dt>
        <dd>{member.totp_enabled ? 'On' : 'Off'}</dd>
      </dl>
      <p className={pageStyles.text}>{ROLE_SCOPE[member.role]}</p>
      {areas.length > 0 && (
        <ul className={consoleStyles.cards} aria-label="Parts of the console">
          {areas.map((area) => (
            <li key={area.href} className={root}>
              <h2 className={title}>
                <Link href={area.href} className={pageStyles.link}>
                  {area.label}
                </Link>
              </h2>
              {area.summary && <p className={css({ mt: '1', color: 'fgMuted' })}>{area.summary}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Route `/dealer`: the console's overview. */
export const overviewPage = defineConsolePage({
  logic: overviewPageLogic,
  head: (snapshot, { site }) => ({
    title: consolePageTitle('Overview', site),
    status: snapshot.matches('failed') ? 500 : 200,
  }),
  View: OverviewPage,
});
