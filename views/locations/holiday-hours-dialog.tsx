import { css } from '../../styled-system/css';
import { DialogShell } from '../ui/dialog-shell.tsx';

/**
 * `locations-forms-tradein-site.md` §2 "Opening-hours panel with a Holiday Opening Hours dialog", §4
 * "Special hours entries (holiday dates) appear in the Holiday Opening Hours dialog": one location's
 * holiday hours by date. Its code arrives on the first click; it mounts open, and closing it
 * (Escape, the close button, a click outside) hands focus back to the button that opened it.
 */
export function HolidayHoursDialog({
  locationName,
  rows,
  onClose,
  trigger,
}: {
  locationName: string;
  rows: readonly { label: string; text: string }[];
  onClose: () => void;
  trigger: () => HTMLElement | null;
}) {
  return (
    <DialogShell
      title="Holiday Opening Hours"
      closeLabel="Close"
      testId="holiday-hours-dialog"
      root={{ defaultOpen: true, onOpenChange: ({ open }) => !open && onClose(), finalFocusEl: trigger }}
    >
      <DialogShell.Description>{locationName}</DialogShell.Description>
      <table className={css({ fontSize: 'sm' })} aria-label={`${locationName} holiday opening hours`}>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className={css({ textAlign: 'left', pr: '4', fontWeight: 'semibold' })}>
                {row.label}
              </th>
              <td>{row.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </DialogShell>
  );
}
