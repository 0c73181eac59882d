import { useSelector } from '@xstate/react';
import { formSite, locationsOfType, siteForm } from '../../domain/site-form-pages.ts';
import type { TestDriveBookingActorRef } from '../../machines/test-drive/test-drive-booking.machine.ts';
import {
  selectSlots,
  selectSlotsError,
  selectTestDriveFailed,
  selectTestDriveNotFound,
  selectTestDriveView,
} from '../../machines/test-drive/test-drive-booking.selectors.ts';
import type { PublicSite } from '../../tenants/public-site.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { NotFoundPage } from '../layout/not-found-page.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { TestDriveDetailsStep } from './test-drive-details-step.tsx';
import { TestDriveTimeStep } from './test-drive-time-step.tsx';
import { testDrivePageLogic } from './wiring.test-drive.ts';

/** The site's test-drive booking form (null: the site has no sales location). */
const bookingForm = (site: PublicSite) =>
  siteForm(formSite(site, site.features.messageOptional), 'testDrive');

/**
 * `/book-test-drive` (issue 15; `search-detail-finance-watchlist.md` §3 "Contact form step fields"):
 * the chosen location's free times ('Test Drive Booking Date'), then the shopper's details and the
 * terms, then the booking. A time taken meanwhile shows fresh times with a notice.
 */
export function TestDrivePage({ actorRef }: { actorRef: TestDriveBookingActorRef }) {
  const site = useSite();
  const view = useSelector(actorRef, selectTestDriveView);
  const loadError = useSelector(actorRef, selectSlotsError);
  const slots = useSelector(actorRef, selectSlots);
  const form = bookingForm(site);
  if (view === 'notFound' || !form) return <NotFoundPage />;
  if (view === 'failed')
    return <PageError message={loadError} onRetry={() => actorRef.send({ type: 'testDrive.retry' })} />;
  if (view === 'loading' || !slots) return <PageSkeleton label="Loading free test-drive times" />;
  return (
    <section className={pageStyles.narrow}>
      <h1 className={pageStyles.heading}>{form.heading}</h1>
      <p className={pageStyles.text}>
        {slots.car ? `Test drive the ${slots.car.title} at ${slots.location_name}.` : form.intro}
      </p>
      {view === 'time' ? (
        <TestDriveTimeStep
          actorRef={actorRef}
          locations={locationsOfType(formSite(site, false), ['sales', ''])}
        />
      ) : (
        <TestDriveDetailsStep actorRef={actorRef} form={form} />
      )}
    </section>
  );
}

/** Route `/book-test-drive` (optionally `?car_id=`, `?location=`). */
export const testDrivePage = definePage({
  logic: testDrivePageLogic,
  input: ({ site, search }) => {
    const params = new URLSearchParams(search);
    const carId = params.get('car_id');
    return {
      form: 'testDrive' as const,
      location: params.get('location'),
      carId: carId && /^\d{1,9}$/.test(carId) ? Number(carId) : null,
      rules: bookingForm(site)?.schemaOptions ?? { dealershipCount: 1 },
    };
  },
  head: (snapshot, { site, search }) => {
    const notFound = selectTestDriveNotFound(snapshot);
    const car = selectSlots(snapshot)?.car;
    return {
      title: notFound
        ? `Page not found | ${site.name}`
        : car
          ? `Book a test drive: ${car.title} | ${site.name}`
          : `Book a test drive | ${site.name}`,
      description: car
        ? `Choose a time to test drive the ${car.title} at ${site.name}.`
        : `Choose a time that suits you to test drive a car at ${site.name}.`,
      status: notFound ? 404 : selectTestDriveFailed(snapshot) ? 500 : 200,
      canonicalPath: `/book-test-drive${search && car ? `?car_id=${car.id}` : ''}`,
    };
  },
  View: TestDrivePage,
});
