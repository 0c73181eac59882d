import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { SAVED_SEARCHES_PATH } from '../../domain/content-pages.ts';
import type { AuthActorRef } from '../../machines/auth/auth.machine.ts';
import {
  selectAuthError,
  selectAuthView,
  selectBack,
  selectIsBusy,
  selectRedirect,
  selectUser,
} from '../../machines/auth/auth.selectors.ts';
import { pageStyles } from '../ui/page-styles.ts';
import { PhoneForm } from './phone-form.tsx';

/**
 * A signed-in shopper's account: the phone number on record (add or change it), a link to their saved
 * searches, and sign out. A
 * shopper who came for the watchlist without a phone is asked for one first.
 */
export function AccountPanel({ actorRef }: { actorRef: AuthActorRef }) {
  const user = useSelector(actorRef, selectUser);
  const phoneNeeded = useSelector(actorRef, selectAuthView) === 'phoneNeeded';
  const redirect = useSelector(actorRef, selectRedirect);
  const back = useSelector(actorRef, selectBack);
  const busy = useSelector(actorRef, selectIsBusy);
  const error = useSelector(actorRef, selectAuthError);
  return (
    <section className={pageStyles.narrow}>
      <h1 className={pageStyles.heading}>{phoneNeeded ? 'Add your phone number' : 'Your account'}</h1>
      <p className={pageStyles.text}>
        Signed in as <strong>{user?.email}</strong>.
        {phoneNeeded && ' Your watchlist needs a phone number on record.'}
      </p>
      {error && (
        <p role="alert" className={pageStyles.alert}>
          {error}
        </p>
      )}
      <PhoneForm actorRef={actorRef} submitLabel={phoneNeeded ? 'Save and continue' : 'Save phone number'} />
      {!phoneNeeded && (
        <p className={pageStyles.text}>
          <Link href={SAVED_SEARCHES_PATH} className={pageStyles.link}>
            Your saved searches
          </Link>{' '}
          and the emails they send you about new cars and price drops.
        </p>
      )}
      <p className={pageStyles.row}>
        <Link href={phoneNeeded ? back : redirect} className={pageStyles.link}>
          {phoneNeeded ? 'Go back' : 'Continue'}
        </Link>
        <button
          type="button"
          className={pageStyles.secondary}
          disabled={busy}
          onClick={() => actorRef.send({ type: 'session.end' })}
        >
          Sign out
        </button>
      </p>
    </section>
  );
}
