import { fromPromise } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import { authenticate, savePhone, signOut } from '../../services/auth/auth.service.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { sessionRead } from '../app/wiring.ts';

/** The sign-in page's machine: session, sign-in or sign-up, phone and sign-out calls. */
export function signInPageLogic(deps: PageDeps) {
  const { http } = deps;
  return authMachine.provide({
    actors: {
      loadSession: fromPromise(sessionRead(deps)),
      authenticate: fromPromise(({ input }) => authenticate(http, input)),
      savePhone: fromPromise(({ input }) => savePhone(http, input)),
      signOut: fromPromise(() => signOut(http)),
    },
    actions: { announceSession: (_, user) => deps.shell.send({ type: 'session.change', user }) },
  });
}
