import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { contentPageText } from '../../domain/content-page-text.ts';
import { type ContentPageId, contentPageRef, DEALERSHIPS_PATH } from '../../domain/content-pages.ts';
import { autoDealerJsonLd } from '../../domain/location-seo.ts';
import type { ContentPageActorRef } from '../../machines/content-page/content-page.machine.ts';
import type { LocationFinderActorRef } from '../../machines/location-finder/location-finder.machine.ts';
import { css } from '../../styled-system/css';
import type { PublicSite } from '../../tenants/public-site.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { NotFoundPage, notFoundHead } from '../layout/not-found-page.tsx';
import { accountStyles } from '../ui/account-styles.ts';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { LocationDetailCard, Locations, TYPE_NAMES } from './location-parts.tsx';
import { contentPageLogic } from './wiring.ts';

const prose = css({
  maxW: '3xl',
  mt: '4',
  '& h2': { fontSize: 'xl', fontWeight: 'bold', mt: '6' },
  '& h3': { fontSize: 'lg', fontWeight: 'bold', mt: '4' },
  '& p': { mt: '2', color: 'fgMuted' },
  '& ul': { listStyle: 'disc', pl: '6', mt: '2' },
  '& ol': { listStyle: 'decimal', pl: '6', mt: '2' },
  '& a': { color: 'accent', fontWeight: 'semibold', textDecoration: 'underline' },
  // The reviews' star display (server/content/built-pages.ts): one row of stars beside the average.
  '& [data-stars]': { display: 'inline-flex', gap: '0.5', verticalAlign: 'middle' },
});
/** The location a `/locations/{slug}` page shows (the route let only a visible one through). */
const locationOf = (site: PublicSite, slug: string | undefined) =>
  site.locations.find((location) => location.slug === slug && location.visible);

/** §2 "/locations/{slug}": one location's card on a page of its own, and the way back to all of them. */
function LocationPage({ site, slug, now }: { site: PublicSite; slug: string | undefined; now: Date }) {
  const location = locationOf(site, slug);
  if (!location) return <NotFoundPage />;
  return (
    <article className={accountStyles.page} data-testid="content-page">
      <h1 className={accountStyles.heading}>{location.name}</h1>
      <p className={accountStyles.text}>
        {TYPE_NAMES[location.location_type]} · {location.address.city} {location.address.state.toUpperCase()}
      </p>
      <ul className={css({ mt: '6', maxW: 'xl' })}>
        <LocationDetailCard location={location} now={now} km={null} linkName={false} />
      </ul>
      <p className={accountStyles.row}>
        <Link href={DEALERSHIPS_PATH} className={accountStyles.link}>
          All our locations
        </Link>
      </p>
    </article>
  );
}

/** A page built from the site's settings: its title, introduction and sections (or the locations). */
function BuiltInPage({
  id,
  slug,
  site,
  nearest,
  now,
}: {
  id: ContentPageId;
  slug: string | undefined;
  site: PublicSite;
  nearest: LocationFinderActorRef | undefined;
  now: Date;
}) {
  const text = contentPageText(id, site);
  if (id === 'location') return <LocationPage site={site} slug={slug} now={now} />;
  return (
    <article className={accountStyles.page} data-testid="content-page">
      <h1 className={accountStyles.heading}>{text.title}</h1>
      <p className={accountStyles.text}>{text.intro}</p>
      {id === 'dealerships' && (
        <>
          <p className={accountStyles.row}>
            <Link href="/reviews" className={accountStyles.link}>
              Read what our customers say
            </Link>
          </p>
          <Locations site={site} nearest={nearest} now={now} />
        </>
      )}
      {text.sections.length > 0 && (
        <ol className={css({ listStyle: 'decimal', pl: '6', maxW: '3xl' })}>
          {text.sections.map((section) => (
            <li key={section.heading} className={css({ mt: '6' })}>
              <h2 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className={accountStyles.text}>
                  {paragraph}
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
      {id === 'tradeInTerms' && (
        <p className={accountStyles.row}>
          <Link href="/trade-in" className={accountStyles.link}>
            Value your car
          </Link>
          <Link href="/contact" className={accountStyles.link}>
            Contact us
          </Link>
        </p>
      )}
    </article>
  );
}

/** A content page: built from the site's settings, or the dealer's own words rendered on the server. */
export function ContentPage({ actorRef }: { actorRef: ContentPageActorRef }) {
  const site = useSite();
  const snapshot = useSelector(actorRef, (s) => s);
  const { ref, page, error } = snapshot.context;
  if (snapshot.matches('notFound')) return <NotFoundPage />;
  if (snapshot.matches('failed')) {
    return (
      <PageError message={error ?? 'Something went wrong'} onRetry={() => actorRef.send({ type: 'retry' })} />
    );
  }
  if (snapshot.hasTag('loading')) return <PageSkeleton label="Loading" />;
  if (ref.kind === 'builtIn') {
    const now = new Date(snapshot.context.now);
    return (
      <BuiltInPage id={ref.id} slug={ref.slug} site={site} nearest={snapshot.children.finder} now={now} />
    );
  }
  return (
    <article className={accountStyles.page} data-testid="content-page">
      <h1 className={accountStyles.heading}>{page?.title}</h1>
      {/* Rendered on the server from the dealer's Markdown; raw HTML and unsafe links are escaped there. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own rendering of trusted tenant files */}
      <div className={prose} dangerouslySetInnerHTML={{ __html: page?.html ?? '' }} />
    </article>
  );
}

/** Routes of the content pages (`domain/content-pages.ts`): built-in ones and each dealer's own. */
export const contentPage = definePage({
  logic: contentPageLogic,
  // `/models?body=suvs` and `/models?body=utes` are two pages.
  queryKeyed: true,
  input: ({ site, path, search }) => ({
    ref: contentPageRef(path, search, site.locations) ?? { kind: 'written', path },
    now: new Date().toISOString(),
  }),
  head: (snapshot, { site, path }) => {
    if (snapshot.matches('notFound')) return notFoundHead(site.name, path);
    const { ref, page } = snapshot.context;
    const location = ref.kind === 'builtIn' && ref.id === 'location' ? locationOf(site, ref.slug) : undefined;
    const text = location
      ? {
          title: location.name,
          description: `${location.name}: address, phone, opening hours (holidays included) and directions.`,
        }
      : ref.kind === 'builtIn'
        ? contentPageText(ref.id, site)
        : page;
    return {
      title: `${text?.title ?? site.name} | ${site.name}`,
      description: text?.description ?? site.description,
      status: snapshot.matches('failed') ? 500 : 200,
      canonicalPath: path.split('?')[0] ?? path,
      ...(ref.kind === 'builtIn' && ref.id === 'dealerships'
        ? { jsonLd: site.locations.filter((l) => l.visible).map((l) => autoDealerJsonLd(l, site)) }
        : {}),
      ...(location ? { jsonLd: [autoDealerJsonLd(location, site)] } : {}),
    };
  },
  View: ContentPage,
});
