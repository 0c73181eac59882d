import { useSelector } from '@xstate/react';
import { contentPageText } from '../../domain/content-page-text.ts';
import { contentPageRef } from '../../domain/content-pages.ts';
import type { ContentPageActorRef } from '../../machines/content-page/content-page.machine.ts';
import {
  selectError,
  selectIsLoading,
  selectIsNotFound,
  selectPage,
  selectRef,
} from '../../machines/content-page/content-page.selectors.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { NotFoundPage, notFoundHead } from '../layout/not-found-page.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { BuiltInPage } from './built-in-page.tsx';
import { contentPageLogic } from './wiring.ts';
import { WrittenPage } from './written-page.tsx';

/** A content page: built from the site's settings, or one from the server rendered as React elements. */
export function ContentPage({ actorRef }: { actorRef: ContentPageActorRef }) {
  const site = useSite();
  const notFound = useSelector(actorRef, selectIsNotFound);
  const error = useSelector(actorRef, selectError);
  const loading = useSelector(actorRef, selectIsLoading);
  const ref = useSelector(actorRef, selectRef);
  const page = useSelector(actorRef, selectPage);
  if (notFound) return <NotFoundPage />;
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (loading) return <PageSkeleton label="Loading" />;
  if (ref.kind === 'builtIn') return <BuiltInPage id={ref.id} site={site} />;
  return page ? <WrittenPage page={page} /> : <NotFoundPage />;
}

/**
 * Routes of the content pages (`domain/content-pages.ts`): the trade-in terms and each dealer's own
 * pages. The locations (`/dealerships`, `/locations/{slug}`) are their own flow (`views/locations`).
 */
export const contentPage = definePage({
  logic: contentPageLogic,
  // `/models?body=suvs` and `/models?body=utes` are two pages.
  queryKeyed: true,
  input: ({ site, path, search }) => ({
    ref: contentPageRef(path, search, site.locations) ?? { kind: 'written', path },
  }),
  head: (snapshot, { site, path }) => {
    if (selectIsNotFound(snapshot)) return notFoundHead(site.name, path);
    const ref = selectRef(snapshot);
    const text = ref.kind === 'builtIn' ? contentPageText(ref.id, site) : selectPage(snapshot);
    return {
      title: `${text?.title ?? site.name} | ${site.name}`,
      description: text?.description ?? site.description,
      status: selectError(snapshot) !== null ? 500 : 200,
      canonicalPath: path.split('?')[0] ?? path,
    };
  },
  View: ContentPage,
});
