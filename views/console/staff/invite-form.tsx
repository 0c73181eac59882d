import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { StaffPageActorRef } from '../../../machines/console-staff/staff-page.machine.ts';
import {
  selectInvitationCount,
  selectInviteErrors,
  selectIsBusy,
} from '../../../machines/console-staff/staff-page.selectors.ts';
import { button } from '../../../styled-system/recipes';
import { onSubmitValues } from '../../ui/form-values.ts';
import { pageStyles } from '../../ui/page-styles.ts';

/**
 * A manager's invitation: an email and a role; the link is emailed at once and works 72 hours. Once
 * an invitation is sent the form clears, so a second click does not
 * send the same one again.
 */
export function InviteForm({ actorRef }: { actorRef: StaffPageActorRef }) {
  const errors = useSelector(actorRef, selectInviteErrors);
  const busy = useSelector(actorRef, selectIsBusy);
  const sent = useSelector(actorRef, selectInvitationCount);
  const form = useRef<HTMLFormElement>(null);
  const seen = useRef(sent);
  useEffect(() => {
    if (sent > seen.current) form.current?.reset();
    seen.current = sent;
  }, [sent]);
  return (
    <form
      ref={form}
      noValidate
      aria-labelledby="invite-heading"
      className={pageStyles.form}
      onSubmit={onSubmitValues((values) =>
        actorRef.send({
          type: 'invite.submit',
          email: String(values.email ?? ''),
          role: String(values.role ?? ''),
        }),
      )}
    >
      <h2 id="invite-heading" className={pageStyles.subheading}>
        Invite a member
      </h2>
      <label className={pageStyles.label}>
        Email
        <input
          className={pageStyles.input}
          name="email"
          type="email"
          autoComplete="off"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'invite-email-error' : undefined}
        />
        {errors.email && (
          <span id="invite-email-error" className={pageStyles.fieldError}>
            {errors.email}
          </span>
        )}
      </label>
      <label className={pageStyles.label}>
        Role
        <select className={pageStyles.input} name="role" defaultValue="sales">
          <option value="sales">Sales: leads and reservations</option>
          <option value="manager">Manager: everything, the staff included</option>
        </select>
      </label>
      <button type="submit" className={button({ variant: 'solid' })} disabled={busy}>
        Send invitation
      </button>
    </form>
  );
}
