import { useSelector } from '@xstate/react';
import type { StaffPageActorRef } from '../../../machines/console-staff/staff-page.machine.ts';
import {
  selectCodeError,
  selectEnrolment,
  selectIsBusy,
  selectMe,
} from '../../../machines/console-staff/staff-page.selectors.ts';
import { button } from '../../../styled-system/recipes';
import { onSubmitValues } from '../../ui/form-values.ts';
import { pageStyles } from '../../ui/page-styles.ts';

const codeOf = (values: Record<string, unknown>) => String(values.code ?? '');

/** The code field of the two-step forms. */
function CodeField({ error }: { error: string | null }) {
  return (
    <label className={pageStyles.label}>
      Code from your authenticator app
      <input
        className={pageStyles.input}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'totp-code-error' : undefined}
      />
      {error && (
        <span id="totp-code-error" className={pageStyles.fieldError}>
          {error}
        </span>
      )}
    </label>
  );
}

/**
 * "Two-step sign-in" for the signed-in member: off → set up (the secret and its `otpauth://` link
 * shown once, confirmed with a code); on → turned off with a current code.
 */
export function TwoStepSection({ actorRef }: { actorRef: StaffPageActorRef }) {
  const me = useSelector(actorRef, selectMe);
  const enrolment = useSelector(actorRef, selectEnrolment);
  const codeError = useSelector(actorRef, selectCodeError);
  const busy = useSelector(actorRef, selectIsBusy);
  if (!me) return null;
  return (
    <section aria-labelledby="two-step-heading">
      <h2 id="two-step-heading" className={pageStyles.subheading}>
        Two-step sign-in
      </h2>
      {enrolment ? (
        <>
          <p className={pageStyles.text}>
            Add this key to your authenticator app (or open the link on your phone), then enter the code it
            shows. The key is shown only now.
          </p>
          <p className={pageStyles.text}>
            Key: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <p className={pageStyles.text}>
            <a className={pageStyles.link} href={enrolment.otpauth_uri}>
              Open in your authenticator app
            </a>
          </p>
          <form
            noValidate
            className={pageStyles.form}
            onSubmit={onSubmitValues((values) =>
              actorRef.send({ type: 'totp.confirm', code: codeOf(values) }),
            )}
          >
            <CodeField error={codeError} />
            <div className={pageStyles.row}>
              <button type="submit" className={button({ variant: 'solid' })} disabled={busy}>
                Turn on two-step sign-in
              </button>
              <button
                type="button"
                className={button({ variant: 'ghost' })}
                onClick={() => actorRef.send({ type: 'totp.cancel' })}
              >
                Cancel
              </button>
            </div>
          </form>
        </>
      ) : me.totp_enabled ? (
        <form
          noValidate
          className={pageStyles.form}
          onSubmit={onSubmitValues((values) => actorRef.send({ type: 'totp.disable', code: codeOf(values) }))}
        >
          <p className={pageStyles.text}>On: signing in asks for a code from your authenticator app.</p>
          <CodeField error={codeError} />
          <button type="submit" className={button({ variant: 'outline' })} disabled={busy}>
            Turn off two-step sign-in
          </button>
        </form>
      ) : (
        <>
          <p className={pageStyles.text}>Off: signing in asks only for your password.</p>
          <button
            type="button"
            className={button({ variant: 'solid' })}
            disabled={busy}
            onClick={() => actorRef.send({ type: 'totp.enrol' })}
          >
            Set up two-step sign-in
          </button>
        </>
      )}
    </section>
  );
}
