import type { TestDriveSlots } from '../../domain/contracts/test-drives.ts';
import { testDriveStyles as styles } from './test-drive.styles.ts';

/**
 * The 'Test Drive Booking Date' field (a service's 'Preferred date and time'): the location's free times a day at a time, the first day (or
 * the chosen time's) open and the others a click away; each time a radio named `dateTime`.
 */
export function SlotDays({
  slots,
  chosen,
  label,
}: {
  slots: TestDriveSlots;
  chosen: string | null;
  /** The field's name: 'Test Drive Booking Date', or a service's 'Preferred date and time'. */
  label: string;
}) {
  return (
    <fieldset className={styles.fieldset} aria-describedby="slot-zone">
      <legend className={styles.legend}>{label}</legend>
      <p id="slot-zone" className={styles.zone}>
        Times are local to {slots.location_name}.
      </p>
      {slots.days.length === 0 && <p>There are no free times in the next two weeks. Please call us.</p>}
      {slots.days.map((day, index) => (
        <details
          key={day.date}
          className={styles.day}
          data-day={day.date}
          open={chosen ? day.slots.some((slot) => slot.start === chosen) : index === 0}
        >
          <summary className={styles.summary}>
            {day.label}{' '}
            <span className={styles.count}>
              · {day.slots.length} {day.slots.length === 1 ? 'time' : 'times'}
            </span>
          </summary>
          <div className={styles.times}>
            {day.slots.map((slot) => (
              <label key={slot.start} className={styles.time}>
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
  );
}
