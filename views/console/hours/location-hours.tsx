import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ConsoleLocationHours } from '../../../domain/contracts/console-hours.ts';
import type { HoursPageActorRef } from '../../../machines/console-hours/hours-page.machine.ts';
import { selectFieldsFor, selectIsBusy } from '../../../machines/console-hours/hours-page.selectors.ts';
import { css } from '../../../styled-system/css';
import { button, card } from '../../../styled-system/recipes';
import { onSubmitValues } from '../../ui/form-values.ts';
import { pageStyles } from '../../ui/page-styles.ts';
import { consoleStyles } from '../layout/console-styles.ts';

/** The form's fields fit a phone: no control wider than the column, long labels wrap. */
const fits = css({
  minW: '0',
  '& label, & fieldset': { minW: '0', overflowWrap: 'anywhere' },
  '& input:not([type=checkbox]):not([type=radio]), & textarea, & select': {
    minW: '0',
    w: 'full',
    maxW: 'full',
  },
});

/** A field's message under it, tied to its control. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className={pageStyles.fieldError}>
      {message}
    </span>
  );
}

/** The form for a location's special day: its date, closed or open with its times, and what the day is. */
function SpecialDayForm({
  actorRef,
  location,
}: {
  actorRef: HoursPageActorRef;
  location: ConsoleLocationHours;
}) {
  const selectFields = useMemo(() => selectFieldsFor(location.slug), [location.slug]);
  const errors = useSelector(actorRef, selectFields);
  const busy = useSelector(actorRef, selectIsBusy);
  const id = (field: string) => `${location.slug}-${field}`;
  const described = (field: string) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': id(`${field}-error`) } : {};
  return (
    <form
      noValidate
      // Each location has this form: its name says whose (a page of several forms of one name is
      // a row of landmarks a screen reader cannot tell apart).
      aria-label={`Add a special day at ${location.name}`}
      className={`${pageStyles.form} ${fits}`}
      onSubmit={onSubmitValues((values) =>
        actorRef.send({ type: 'day.add', location: location.slug, values }),
      )}
    >
      <h3 className={css({ fontSize: 'md', fontWeight: 'bold' })}>Add a special day</h3>
      <label className={pageStyles.label}>
        Date
        <input
          className={pageStyles.input}
          type="date"
          name="date"
          min={location.today}
          {...described('date')}
        />
        <FieldError id={id('date-error')} message={errors.date} />
      </label>
      <fieldset
        className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', border: 'none', p: '0', m: '0' })}
      >
        <legend className={css({ fontWeight: 'semibold', mb: '2' })}>That day the location is</legend>
        <label className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          <input type="radio" name="status" value="Closed" defaultChecked />
          Closed
        </label>
        <label className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          <input type="radio" name="status" value="Open" />
          Open
        </label>
      </fieldset>
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' })}>
        <label className={pageStyles.label}>
          Opens (if open)
          <input className={pageStyles.input} type="time" name="start_hour" {...described('start_hour')} />
          <FieldError id={id('start_hour-error')} message={errors.start_hour} />
        </label>
        <label className={pageStyles.label}>
          Closes (if open)
          <input className={pageStyles.input} type="time" name="end_hour" {...described('end_hour')} />
          <FieldError id={id('end_hour-error')} message={errors.end_hour} />
        </label>
      </div>
      <label className={pageStyles.label}>
        What the day is
        <input
          className={pageStyles.input}
          name="label"
          maxLength={60}
          placeholder="Christmas Day"
          {...described('label')}
        />
        <FieldError id={id('label-error')} message={errors.label} />
      </label>
      <div>
        <button type="submit" className={button()} disabled={busy}>
          Add day
        </button>
      </div>
    </form>
  );
}

/**
 * One location's hours: its regular week (from the site's settings, changed there), its special days
 * from today on — those set here with a Remove button, the settings' marked as such — and the form.
 */
export function LocationHoursCard({
  actorRef,
  location,
}: {
  actorRef: HoursPageActorRef;
  location: ConsoleLocationHours;
}) {
  const busy = useSelector(actorRef, selectIsBusy);
  return (
    <section aria-labelledby={`${location.slug}-heading`} className={card().root}>
      <h2 id={`${location.slug}-heading`} className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
        {location.name}
      </h2>
      <h3 className={css({ fontSize: 'md', fontWeight: 'bold', mt: '4' })}>Regular week</h3>
      <p className={consoleStyles.status}>From the site's settings; it changes there.</p>
      <dl className={consoleStyles.facts}>
        {location.week.map((row) => (
          <div key={row.label} className={css({ display: 'contents' })}>
            <dt>{row.label}</dt>
            <dd>{row.text}</dd>
          </div>
        ))}
      </dl>
      <h3 className={css({ fontSize: 'md', fontWeight: 'bold', mt: '6' })}>Special days</h3>
      {location.special_days.length === 0 ? (
        <p className={consoleStyles.status}>No special days ahead.</p>
      ) : (
        <ul
          aria-label={`Special days at ${location.name}`}
          className={css({ listStyle: 'none', p: '0', mt: '2' })}
        >
          {location.special_days.map((day) => (
            <li
              key={day.date}
              className={css({
                display: 'flex',
                flexWrap: 'wrap',
                gap: '2',
                alignItems: 'center',
                justifyContent: 'space-between',
                py: '2',
                borderBottomWidth: '1px',
                borderColor: 'border',
              })}
            >
              <span className={css({ minW: '0', overflowWrap: 'anywhere' })}>
                <strong>{day.day}</strong> · {day.label} · {day.text}
                {day.source === 'config' && (
                  <span className={css({ display: 'block', fontSize: 'sm', color: 'fgMuted' })}>
                    From the site's settings
                  </span>
                )}
              </span>
              {day.source === 'console' && (
                <button
                  type="button"
                  className={button({ variant: 'outline', size: 'sm' })}
                  disabled={busy}
                  aria-label={`Remove ${day.label}, ${day.day}`}
                  onClick={() =>
                    actorRef.send({ type: 'day.remove', location: location.slug, date: day.date })
                  }
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <SpecialDayForm actorRef={actorRef} location={location} />
    </section>
  );
}
