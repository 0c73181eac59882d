import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { TEST_DRIVE_DATE_LABEL } from '../../domain/enquiry.ts';
import { formSite, locationsOfType, siteForm, siteFormSchemaOf } from '../../domain/site-form-pages.ts';
import { testDriveTimeStepSchema } from '../../domain/test-drive-slots.ts';
import type { TestDriveBookingActorRef } from '../../machines/test-drive/test-drive-booking.machine.ts';
import { css } from '../../styled-system/css';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { NotFoundPage } from '../layout/not-found-page.tsx';
import { accountStyles } from '../ui/account-styles.ts';
import {
  checkLeadForm,
  FieldErrorsBanner,
  LeadFormFields,
  readLeadForm,
  SubmitButton,
} from '../ui/lead-form.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { Honeypot, honeypotValue } from '../ui/site-form.tsx';
import { testDrivePageLogic } from './wiring.ts';

const TIME_STEP_FIELDS = [
  { name: 'dateTime', label: TEST_DRIVE_DATE_LABEL, kind: 'text', required: true },
] as const;

const dayStyle = css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'control', p: '3' });
const times = css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '2' });
const time = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '3',
  py: '1.5',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  cursor: 'pointer',
  fontWeight: 'normal',
  '&:has(input:checked)': { bg: 'brandSubtle', borderColor: 'brand' },
});
const notice = css({
  p: '3',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'brand',
  bg: 'brandSubtle',
});

/**
 * `/book-test-drive` (issue 15; `search-detail-finance-watchlist.md` §3 "Contact form step fields"):
 * the chosen location's free times ('Test Drive Booking Date'), then the shopper's details and the
 * terms, then the booking. A time taken meanwhile shows fresh times with a notice.
 */
export function TestDrivePage({ actorRef }: { actorRef: TestDriveBookingActorRef }) {
  const site = useSite();
  const state = useSelector(actorRef, (snapshot) => snapshot.value);
  const context = useSelector(actorRef, (snapshot) => snapshot.context);
  const busy = useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
  const form = siteForm(formSite(site, site.features.messageOptional), 'testDrive');

  if (state === 'slotsFailed') {
    if (context.notFound || !form) return <NotFoundPage />;
    return (
      <PageError message={context.error ?? ''} onRetry={() => actorRef.send({ type: 'testDrive.retry' })} />
    );
  }
  if (!form) return <NotFoundPage />;
  if (state === 'loadingSlots' || !context.slots)
    return <PageSkeleton label="Loading free test-drive times" />;
  const { slots } = context;
  const locations = locationsOfType(formSite(site, false), ['sales', '']);

  const onTime = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('dateTime');
    const checked = checkLeadForm(testDriveTimeStepSchema, {
      dateTime: typeof value === 'string' ? value : undefined,
    });
    if (checked.ok) actorRef.send({ type: 'testDrive.next', values: checked.values });
    else actorRef.send({ type: 'testDrive.invalid', fieldErrors: checked.fieldErrors });
  };
  const detailFields = form.fields.filter((field) => field.name !== 'location');
  const onDetails = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = {
      ...context.values,
      category: form.category,
      location: slots.location,
      ...readLeadForm(event.currentTarget, detailFields),
    };
    const checked = checkLeadForm(siteFormSchemaOf(form), values);
    if (checked.ok) {
      actorRef.send({
        type: 'testDrive.next',
        values: { ...checked.values, ...honeypotValue(event.currentTarget) },
      });
    } else actorRef.send({ type: 'testDrive.invalid', fieldErrors: checked.fieldErrors });
  };
  const chosen = typeof context.values.dateTime === 'string' ? context.values.dateTime : null;
  const chosenSlot = slots.days
    .flatMap((day) => day.slots.map((slot) => ({ day, slot })))
    .find((entry) => entry.slot.start === chosen);

  return (
    <section className={accountStyles.narrow}>
      <h1 className={accountStyles.heading}>{form.heading}</h1>
      <p className={accountStyles.text}>
        {slots.car ? `Test drive the ${slots.car.title} at ${slots.location_name}.` : form.intro}
      </p>
      {state === 'choosingTime' ? (
        <form
          noValidate
          onSubmit={onTime}
          className={accountStyles.form}
          aria-label="Choose a time"
          data-step="time"
        >
          {context.notice && (
            <p role="alert" className={notice}>
              {context.notice}
            </p>
          )}
          <FieldErrorsBanner errors={context.fieldErrors} fields={TIME_STEP_FIELDS} />
          {locations.length > 1 && (
            <div className={accountStyles.label}>
              <label htmlFor="test-drive-location">Location</label>
              <select
                id="test-drive-location"
                name="location"
                value={slots.location}
                onChange={(event) =>
                  actorRef.send({ type: 'testDrive.chooseLocation', location: event.target.value })
                }
                className={accountStyles.input}
              >
                {locations.map((location) => (
                  <option key={location.slug} value={location.slug}>
                    {location.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <fieldset className={css({ display: 'grid', gap: '3' })} aria-describedby="slot-zone">
            <legend className={css({ fontWeight: 'semibold' })}>{TEST_DRIVE_DATE_LABEL}</legend>
            <p id="slot-zone" className={css({ color: 'fgMuted', fontSize: 'sm' })}>
              Times are local to {slots.location_name}.
            </p>
            {slots.days.length === 0 && <p>There are no free times in the next two weeks. Please call us.</p>}
            {/* A day at a time: the first (or the chosen one) open, the others a click away. */}
            {slots.days.map((day, index) => (
              <details
                key={day.date}
                className={dayStyle}
                data-day={day.date}
                open={chosen ? day.slots.some((slot) => slot.start === chosen) : index === 0}
              >
                <summary className={css({ cursor: 'pointer', fontWeight: 'semibold' })}>
                  {day.label}{' '}
                  <span className={css({ color: 'fgMuted', fontWeight: 'normal' })}>
                    · {day.slots.length} {day.slots.length === 1 ? 'time' : 'times'}
                  </span>
                </summary>
                <div className={times}>
                  {day.slots.map((slot) => (
                    <label key={slot.start} className={time}>
                      <input
                        type="radio"
                        name="dateTime"
                        value={slot.start}
                        defaultChecked={slot.start === chosen}
                      />
                      {slot.label}
                    </label>
                  ))}
                </div>
              </details>
            ))}
          </fieldset>
          <div>
            <button type="submit" className={accountStyles.primary}>
              Next
            </button>
          </div>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={onDetails}
          className={accountStyles.form}
          aria-label="Your details"
          data-step="details"
        >
          <p>
            <strong>{TEST_DRIVE_DATE_LABEL}:</strong>{' '}
            {chosenSlot ? `${chosenSlot.day.label}, ${chosenSlot.slot.label}` : ''} at {slots.location_name}{' '}
            <button
              type="button"
              className={accountStyles.secondary}
              onClick={() => actorRef.send({ type: 'testDrive.back' })}
            >
              Change
            </button>
          </p>
          <FieldErrorsBanner
            errors={context.fieldErrors}
            fields={[...detailFields, ...TIME_STEP_FIELDS]}
            formError={state === 'failure' ? context.error : null}
          />
          <LeadFormFields
            fields={detailFields}
            errors={context.fieldErrors}
            idPrefix="test-drive"
            values={context.values}
          />
          <p className={css({ fontSize: 'sm' })}>
            <Link href="/terms-and-conditions" className={accountStyles.link}>
              Read the terms and conditions
            </Link>
          </p>
          <Honeypot />
          <div>
            <SubmitButton busy={busy} label={form.submitLabel} />
          </div>
        </form>
      )}
    </section>
  );
}

/** Route `/book-test-drive` (optionally `?car_id=`, `?location=`). */
export const testDrivePage = definePage({
  logic: testDrivePageLogic,
  input: ({ search }) => {
    const params = new URLSearchParams(search);
    const carId = params.get('car_id');
    return {
      location: params.get('location'),
      carId: carId && /^\d{1,9}$/.test(carId) ? Number(carId) : null,
    };
  },
  head: (snapshot, { site, search }) => {
    const notFound = snapshot.matches('slotsFailed') && snapshot.context.notFound;
    const car = snapshot.context.slots?.car;
    return {
      title: notFound
        ? `Page not found | ${site.name}`
        : car
          ? `Book a test drive: ${car.title} | ${site.name}`
          : `Book a test drive | ${site.name}`,
      description: car
        ? `Choose a time to test drive the ${car.title} at ${site.name}.`
        : `Choose a time that suits you to test drive a car at ${site.name}.`,
      status: notFound ? 404 : snapshot.matches('slotsFailed') ? 500 : 200,
      canonicalPath: `/book-test-drive${search && car ? `?car_id=${car.id}` : ''}`,
    };
  },
  View: TestDrivePage,
});
