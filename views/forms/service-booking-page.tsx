import { useSelector } from '@xstate/react';
import { formSite, locationsOfType, siteForm } from '../../domain/site-form-pages.ts';
import type { TestDriveBookingActorRef } from '../../machines/test-drive/test-drive-booking.machine.ts';
import {
  selectSlotsError,
  selectTestDriveFailed,
  selectTestDriveNotFound,
  selectTestDriveView,
} from '../../machines/test-drive/test-drive-booking.selectors.ts';
import type { PublicSite } from '../../tenants/public-site.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { NotFoundPage, notFoundHead } from '../layout/not-found-page.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { testDriveStyles as styles } from './test-drive.styles.ts';
import { TestDriveDetailsStep } from './test-drive-details-step.tsx';
import { TestDriveTimeStep } from './test-drive-time-step.tsx';
import { testDrivePageLogic } from './wiring.test-drive.ts';

/** The site's service form (null: the site has no service centre). */
const serviceForm = (site: PublicSite) => siteForm(formSite(site, site.features.messageOptional), 'service');

/**
 * Where the dealer takes service bookings online itself (`locations-forms-tradein-site.md` §3 "Dealer
 * config: … xtime_url"): offered beside the form, in a new tab; none when the dealer names none.
 */
function BookOnline({ site }: { site: PublicSite }) {
  if (!site.xtime_url) return null;
  return (
    <p className={styles.notice} data-testid="book-online">
      Prefer to choose your service yourself?{' '}
      <a href={site.xtime_url} target="_blank" rel="noopener noreferrer" className={pageStyles.link}>
        Book online with {site.name}
      </a>{' '}
      or request a booking here.
    </p>
  );
}

/**
 * `/service` (issue 37 item 8; `locations-forms-tradein-site.md` §5 "Site-wide forms"): the service
 * centre and a preferred time from its hours, then the car (rego, odometer, the services to tick) and
 * the shopper's details, sent by the booking flow the test drive uses; the dealer's own online
 * booking beside it where it has one.
 */
export function ServiceBookingPage({ actorRef }: { actorRef: TestDriveBookingActorRef }) {
  const site = useSite();
  const view = useSelector(actorRef, selectTestDriveView);
  const loadError = useSelector(actorRef, selectSlotsError);
  const form = serviceForm(site);
  if (view === 'notFound' || !form) return <NotFoundPage />;
  if (view === 'failed')
    return <PageError message={loadError} onRetry={() => actorRef.send({ type: 'testDrive.retry' })} />;
  if (view === 'loading') return <PageSkeleton label="Loading preferred service times" />;
  return (
    <section className={pageStyles.narrow}>
      <h1 className={pageStyles.heading}>{form.heading}</h1>
      <p className={pageStyles.text}>{form.intro}</p>
      <BookOnline site={site} />
      {view === 'time' ? (
        <TestDriveTimeStep
          actorRef={actorRef}
          locations={locationsOfType(formSite(site, false), ['service'])}
          locationLabel="Service centre"
        />
      ) : (
        <TestDriveDetailsStep actorRef={actorRef} form={form} />
      )}
    </section>
  );
}

/** Route `/service` (optionally `?location=`): the booking machine as a service booking. */
export const serviceBookingPage = definePage({
  logic: testDrivePageLogic,
  input: ({ site, search }) => ({
    form: 'service' as const,
    location: new URLSearchParams(search).get('location'),
    carId: null,
    rules: serviceForm(site)?.schemaOptions ?? { dealershipCount: 1 },
  }),
  head: (snapshot, { site }) => {
    const form = serviceForm(site);
    if (!form || selectTestDriveNotFound(snapshot)) return notFoundHead(site.name, '/service');
    return {
      title: `${form.heading} | ${site.name}`,
      description: form.intro,
      status: selectTestDriveFailed(snapshot) ? 500 : 200,
      canonicalPath: '/service',
    };
  },
  View: ServiceBookingPage,
});
