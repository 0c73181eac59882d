import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { SAVED_SEARCHES_PATH, UNSUBSCRIBE_PATH } from '../../domain/content-pages.ts';
import {
  selectUnsubscribed,
  selectUnsubscribeStep,
} from '../../machines/saved-searches/saved-searches-page.selectors.ts';
import type { UnsubscribeActorRef } from '../../machines/saved-searches/unsubscribe.machine.ts';
import { definePage } from '../app/page-definition.ts';
import { pageStyles } from '../ui/page-styles.ts';
import { TokenConfirmation } from '../ui/token-confirmation.tsx';
import { unsubscribeLogic } from './wiring.ts';

/**
 * `/saved-searches/unsubscribe?token=…`: an alert email's link. Opening it changes nothing; the
 * shopper confirms, and that saved search sends no more emails (it stays saved).
 */
export function UnsubscribePage({ actorRef }: { actorRef: UnsubscribeActorRef }) {
  const step = useSelector(actorRef, selectUnsubscribeStep);
  const { names, count, error } = useSelector(actorRef, selectUnsubscribed);
  return (
    <TokenConfirmation
      title={{ asking: 'Stop these emails?', done: 'You are unsubscribed' }}
      done={
        step === 'done' ? (
          <>
            You will get no more emails for your saved {count === 1 ? 'search' : 'searches'} {names}.{' '}
            {count === 1 ? 'It stays' : 'They stay'} in your{' '}
            <Link href={SAVED_SEARCHES_PATH} className={pageStyles.link}>
              saved searches
            </Link>
            , where you can turn {count === 1 ? 'its' : 'their'} emails on again.
          </>
        ) : null
      }
      ask="This saved search will send you no more emails about new cars and price drops."
      error={error}
      busy={step === 'unsubscribing'}
      action={{ idle: 'Unsubscribe', busy: 'Unsubscribing…' }}
      onConfirm={() => actorRef.send({ type: 'confirm' })}
    />
  );
}

/** Route `/saved-searches/unsubscribe` (issue 19 item 2): the token is the link's, never indexed. */
export const unsubscribePage = definePage({
  logic: unsubscribeLogic,
  input: ({ search }) => ({ token: new URLSearchParams(search).get('token') ?? '' }),
  queryKeyed: true,
  head: (_, { site }) => ({
    title: `Unsubscribe | ${site.name}`,
    description: `Stop a saved search's emails from ${site.name}.`,
    status: 200,
    canonicalPath: UNSUBSCRIBE_PATH,
  }),
  View: UnsubscribePage,
});
