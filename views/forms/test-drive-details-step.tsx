import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { TestDriveSlots } from '../../domain/contracts/test-drives.ts';
import { MODEL_TO_DRIVE, stockModelName } from '../../domain/service-booking.ts';
import type { FormFieldDefinition, SiteFormDefinition } from '../../domain/site-form-pages.ts';
import type { TestDriveBookingActorRef } from '../../machines/test-drive/test-drive-booking.machine.ts';
import {
  selectBookingBusy,
  selectBookingError,
  selectChosenLabel,
  selectSlots,
  selectTestDriveFieldErrors,
  selectTestDriveValues,
  selectTimeLabel,
} from '../../machines/test-drive/test-drive-booking.selectors.ts';
import { honeypotValue, onSubmitValues } from '../ui/form-values.ts';
import { FieldErrorsBanner, LeadFormFields, SubmitButton } from '../ui/lead-form.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { Honeypot } from '../ui/site-form.tsx';
import { testDriveStyles as styles } from './test-drive.styles.ts';
import { timeStepFields } from './test-drive-time-step.tsx';

/**
 * A general test drive's "Model to drive" (issue 37 item 8): the makes and models in stock, by make,
 * to pick one from (none: no particular model); a test drive of one car names its car instead.
 */
function modelField(slots: TestDriveSlots | null): FormFieldDefinition[] {
  if (!slots || slots.car || slots.models.length === 0) return [];
  return [
    {
      name: MODEL_TO_DRIVE.name,
      label: MODEL_TO_DRIVE.label,
      kind: 'select',
      required: false,
      options: slots.models.map((entry) => ({ value: stockModelName(entry), label: stockModelName(entry) })),
    },
  ];
}

/**
 * The booking's second step: the chosen time with Change, the shopper's details and the terms, and
 * the booking — what was typed sent as it is, the machine checks it with the form's schema. A failed
 * booking shows its error over the fields' errors.
 */
export function TestDriveDetailsStep({
  actorRef,
  form,
}: {
  actorRef: TestDriveBookingActorRef;
  form: SiteFormDefinition;
}) {
  const slots = useSelector(actorRef, selectSlots);
  const chosen = useSelector(actorRef, selectChosenLabel);
  const fieldErrors = useSelector(actorRef, selectTestDriveFieldErrors);
  const values = useSelector(actorRef, selectTestDriveValues);
  const error = useSelector(actorRef, selectBookingError);
  const busy = useSelector(actorRef, selectBookingBusy);
  const timeLabel = useSelector(actorRef, selectTimeLabel);
  const fields = [...modelField(slots), ...form.fields.filter((field) => field.name !== 'location')];
  const asksTerms = fields.some((field) => field.name === 'terms_conditions');
  const onSubmit = onSubmitValues(
    (raw, element) => actorRef.send({ type: 'testDrive.next', values: raw, extra: honeypotValue(element) }),
    fields,
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className={pageStyles.form}
      aria-label="Your details"
      data-step="details"
    >
      <p>
        <strong>{timeLabel}:</strong> {chosen} at {slots?.location_name}{' '}
        <button
          type="button"
          className={pageStyles.secondary}
          onClick={() => actorRef.send({ type: 'testDrive.back' })}
        >
          Change
        </button>
      </p>
      <FieldErrorsBanner
        errors={fieldErrors}
        fields={[...fields, ...timeStepFields(timeLabel)]}
        formError={error}
      />
      <LeadFormFields fields={fields} errors={fieldErrors} idPrefix="test-drive" values={values} />
      {asksTerms && (
        <p className={styles.terms}>
          <Link href="/terms-and-conditions" className={pageStyles.link}>
            Read the terms and conditions
          </Link>
        </p>
      )}
      <Honeypot />
      <div>
        <SubmitButton busy={busy} label={form.submitLabel} />
      </div>
    </form>
  );
}
