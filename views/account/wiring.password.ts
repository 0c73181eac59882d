import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../machines/auth/forgot-password.machine.ts';
import { setPasswordMachine } from '../../machines/auth/set-password.machine.ts';
import { requestPasswordReset, setPassword } from '../../services/auth/auth.service.ts';
import type { PageDeps } from '../app/app-deps.ts';

/** The forgot-password page's machine: the request for a link. */
export function forgotPasswordPageLogic({ http }: PageDeps) {
  return forgotPasswordMachine.provide({
    actors: {
      requestReset: fromPromise(({ input }) => requestPasswordReset(http, input)),
    },
  });
}

/** The set-password page's machine: the new password sent with the link's token; the shell hears of the session. */
export function setPasswordPageLogic(deps: PageDeps) {
  return setPasswordMachine.provide({
    actors: { setPassword: fromPromise(({ input }) => setPassword(deps.http, input)) },
    actions: { announceSession: (_, user) => deps.shell.send({ type: 'session.change', user }) },
  });
}
