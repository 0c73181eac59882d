import { useSelector } from '@xstate/react';
import type { FormFieldDefinition } from '../../domain/site-form-pages.ts';
import type { TestDriveBookingActorRef } from '../../machines/test-drive/test-drive-booking.machine.ts';
import {
  selectChosenTime,
  selectSlotNotice,
  selectSlots,
  selectTestDriveFieldErrors,
  selectTimeLabel,
} from '../../machines/test-drive/test-drive-booking.selectors.ts';
import { onSubmitValues } from '../ui/form-values.ts';
import { FieldErrorsBanner } from '../ui/lead-form.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { testDriveStyles as styles } from './test-drive.styles.ts';
import { SlotDays } from './test-drive-slot-days.tsx';

/** The time step's one field, as the errors banner names it ('Test Drive Booking Date', or a service's). */
export const timeStepFields = (label: string): readonly FormFieldDefinition[] => [
  { name: 'dateTime', label, kind: 'text', required: true },
];

/**
 * The booking's first step: a group's sales locations to choose from, the chosen location's free
 * times, and Next — the time sent as chosen, the machine checks it.
 */
export function TestDriveTimeStep({
  actorRef,
  locations,
  locationLabel = 'Location',
}: {
  actorRef: TestDriveBookingActorRef;
  locations: readonly { slug: string; name: string }[];
  /** The location select's label ('Service centre' on the service form). */
  locationLabel?: string;
}) {
  const slots = useSelector(actorRef, selectSlots);
  const notice = useSelector(actorRef, selectSlotNotice);
  const fieldErrors = useSelector(actorRef, selectTestDriveFieldErrors);
  const chosen = useSelector(actorRef, selectChosenTime);
  const label = useSelector(actorRef, selectTimeLabel);
  if (!slots) return null;
  const fields = timeStepFields(label);
  const onSubmit = onSubmitValues((values) => actorRef.send({ type: 'testDrive.next', values }), fields);
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className={pageStyles.form}
      aria-label="Choose a time"
      data-step="time"
    >
      {notice && (
        <p role="alert" className={styles.notice}>
          {notice}
        </p>
      )}
      <FieldErrorsBanner errors={fieldErrors} fields={fields} />
      {locations.length > 1 && (
        <div className={pageStyles.label}>
          <label htmlFor="test-drive-location">{locationLabel}</label>
          <select
            id="test-drive-location"
            name="location"
            value={slots.location}
            onChange={(event) =>
              actorRef.send({ type: 'testDrive.chooseLocation', location: event.target.value })
            }
            className={pageStyles.input}
          >
            {locations.map((location) => (
              <option key={location.slug} value={location.slug}>
                {location.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <SlotDays slots={slots} chosen={chosen} label={label} />
      <div>
        <button type="submit" className={pageStyles.primary}>
          Next
        </button>
      </div>
    </form>
  );
}
