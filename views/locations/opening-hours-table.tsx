import type { Location } from '../../domain/location.ts';
import { openingHoursRows } from '../../domain/opening-hours.ts';
import { css } from '../../styled-system/css';

/** §2 the opening-hours panel: each day's hours, today's in bold. */
export function OpeningHoursTable({ location, weekday }: { location: Location; weekday: number }) {
  return (
    <table className={css({ mt: '3', fontSize: 'sm' })} aria-label={`${location.name} opening hours`}>
      <tbody>
        {openingHoursRows(location.opening_hours).map((row) => {
          const today = row.weekdays.includes(weekday);
          return (
            <tr
              key={row.label}
              data-today={today || undefined}
              className={css({ fontWeight: today ? 'bold' : 'normal' })}
            >
              <th scope="row" className={css({ textAlign: 'left', pr: '4', fontWeight: 'semibold' })}>
                {row.label}
                {today && <span className={css({ srOnly: true })}> (today)</span>}
              </th>
              <td>{row.text}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
