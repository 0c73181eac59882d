import { useSelector } from '@xstate/react';
import { Link, useLocation, useSearch } from 'wouter';
import { SAVED_SEARCHES_PATH } from '../../domain/content-pages.ts';
import { signInPath } from '../../domain/return-path.ts';
import { defaultSearchName } from '../../domain/saved-search.ts';
import { readSaveSearchRequest } from '../../domain/saved-search-link.ts';
import type { SavedSearchesPageActorRef } from '../../machines/saved-searches/saved-searches-page.machine.ts';
import {
  selectActionError,
  selectAnswer,
  selectIsLoading,
  selectLinkSentTo,
  selectLoadError,
  selectNotice,
  selectOffered,
} from '../../machines/saved-searches/saved-searches-page.selectors.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { SaveSearchForm } from './save-search-form.tsx';
import { SavedSearchList } from './saved-search-list.tsx';
import { savedSearchesPageLogic } from './wiring.ts';

/**
 * `/saved-searches`: the shopper's saved searches and their emails; from a listing's "Save search"
 * (`?save=…`), the offer to save that search first. Signed out, a link to sign in and come back.
 */
export function SavedSearchesPage({ actorRef }: { actorRef: SavedSearchesPageActorRef }) {
  const site = useSite();
  const [path] = useLocation();
  const search = useSearch();
  const isLoading = useSelector(actorRef, selectIsLoading);
  const loadError = useSelector(actorRef, selectLoadError);
  const answer = useSelector(actorRef, selectAnswer);
  const offered = useSelector(actorRef, selectOffered);
  const notice = useSelector(actorRef, selectNotice);
  const actionError = useSelector(actorRef, selectActionError);
  const sentTo = useSelector(actorRef, selectLinkSentTo);
  if (loadError !== null)
    return <PageError message={loadError} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading || !answer) return <PageSkeleton label="Loading your saved searches" />;
  const here = search ? `${path}?${search}` : path;
  return (
    <section className={pageStyles.page}>
      <h1 className={pageStyles.heading}>Your saved searches</h1>
      {!answer.signed_in && (
        <p className={pageStyles.text}>
          <Link
            href={signInPath({ redirect: here, back: offered?.href ?? site.search.path })}
            className={pageStyles.link}
          >
            Sign in
          </Link>{' '}
          to save {offered ? 'this search' : 'searches'} and be emailed when a new car matches or a price
          drops{offered && sentTo === null ? ', or save it with just your email' : ''}.
        </p>
      )}
      {sentTo !== null && (
        <p role="status" className={pageStyles.text} data-testid="saved-search-link-sent">
          Check your email: we have sent a link to {sentTo}. Open it within 72 hours to confirm this search,
          and we will email you when a new car matches or a price drops.
        </p>
      )}
      <p role="status" className={pageStyles.text}>
        {notice}
      </p>
      {actionError && (
        <p role="alert" className={pageStyles.alert}>
          {actionError}
        </p>
      )}
      <SaveSearchForm actorRef={actorRef} />
      {answer.signed_in && <h2 className={pageStyles.subheading}>Saved searches</h2>}
      <SavedSearchList actorRef={actorRef} />
    </section>
  );
}

/** Route `/saved-searches` (issue 19 item 2). */
export const savedSearchesPage = definePage({
  logic: savedSearchesPageLogic,
  input: ({ site, search }) => {
    const offer = readSaveSearchRequest(search, site.search.path);
    return { offer, defaultName: offer ? defaultSearchName(offer.search, offer.car_types) : '' };
  },
  queryKeyed: true,
  head: (snapshot, { site }) => ({
    title: snapshot.matches('failed')
      ? `Something went wrong | ${site.name}`
      : `Your saved searches | ${site.name}`,
    description: `Searches you have saved at ${site.name}, and the emails they send you.`,
    status: snapshot.matches('failed') ? 500 : 200,
    canonicalPath: SAVED_SEARCHES_PATH,
  }),
  View: SavedSearchesPage,
});
