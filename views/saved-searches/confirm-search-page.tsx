import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { CONFIRM_SEARCH_PATH } from '../../domain/content-pages.ts';
import type { ConfirmSearchActorRef } from '../../machines/saved-searches/confirm-search.machine.ts';
import { selectSearchConfirmation } from '../../machines/saved-searches/saved-searches-page.selectors.ts';
import { definePage } from '../app/page-definition.ts';
import { pageStyles } from '../ui/page-styles.ts';
import { TokenConfirmation } from '../ui/token-confirmation.tsx';
import { confirmSearchLogic } from './wiring.ts';

/**
 * `/saved-searches/confirm?token=…` (issue 37 item 9): a search saved with just an email, confirmed
 * from its email's link. Opening the link changes nothing; the shopper confirms, and the search emails
 * them from then on.
 */
export function ConfirmSearchPage({ actorRef }: { actorRef: ConfirmSearchActorRef }) {
  const { step, search, error } = useSelector(actorRef, selectSearchConfirmation);
  return (
    <TokenConfirmation
      title={{ asking: 'Confirm your saved search', done: 'Your search is saved' }}
      done={
        step === 'confirmed' && search ? (
          <>
            We will email you when a new car matches “{search.name}” or a price drops.{' '}
            <Link href={search.href} className={pageStyles.link}>
              See the cars
            </Link>
          </>
        ) : null
      }
      ask="Confirm this search to be emailed when a new car matches or a price drops."
      error={error}
      busy={step === 'confirming'}
      action={{ idle: 'Confirm search', busy: 'Confirming…' }}
      onConfirm={() => actorRef.send({ type: 'confirm' })}
    />
  );
}

/** Route `/saved-searches/confirm` (issue 37 item 9): the token is the link's, never indexed. */
export const confirmSearchPage = definePage({
  logic: confirmSearchLogic,
  input: ({ search }) => ({ token: new URLSearchParams(search).get('token') ?? '' }),
  queryKeyed: true,
  head: (_, { site }) => ({
    title: `Confirm your saved search | ${site.name}`,
    description: `Confirm a search saved at ${site.name}, to be emailed about new cars and price drops.`,
    status: 200,
    canonicalPath: CONFIRM_SEARCH_PATH,
  }),
  View: ConfirmSearchPage,
});
