import { useSelector } from '@xstate/react';
import type { AuthActorRef } from '../../machines/auth/auth.machine.ts';
import { selectFieldErrors, selectIsBusy, selectUser } from '../../machines/auth/auth.selectors.ts';
import { pageStyles } from '../ui/page-styles.ts';
import { FormField, formValues } from './form-field.tsx';

/** Adds or changes the phone number on record (§5: the watchlist needs one). */
export function PhoneForm({ actorRef, submitLabel }: { actorRef: AuthActorRef; submitLabel: string }) {
  const busy = useSelector(actorRef, selectIsBusy);
  const fields = useSelector(actorRef, selectFieldErrors);
  const user = useSelector(actorRef, selectUser);
  return (
    <form
      noValidate
      className={pageStyles.form}
      onSubmit={(event) => {
        event.preventDefault();
        actorRef.send({
          type: 'phone.submit',
          phone_number: formValues(event.currentTarget).phone_number ?? '',
        });
      }}
    >
      <FormField
        name="phone_number"
        label="Phone number"
        type="tel"
        autoComplete="tel"
        defaultValue={user?.phone_number ?? ''}
        error={fields.phone_number}
      />
      <button type="submit" className={pageStyles.primary} disabled={busy} aria-busy={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
