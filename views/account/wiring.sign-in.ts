import { fromPromise } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import { savePhone, signIn, signOut, signUp } from '../../services/auth/auth.service.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { sessionRead } from '../app/wiring.ts';

/** The sign-in page's machine: session, sign-in or sign-up, phone and sign-out calls. */
export function signInPageLogic(deps: PageDeps) {
  const { http } = deps;
  return authMachine.provide({
    actors: {
      loadSession: fromPromise(sessionRead(deps)),
      authenticate: fromPromise(({ input }) =>
        input.mode === 'signUp'
          ? // The emailed link carries this sign-in page's type and return paths.
            signUp(http, { email: input.email }, signInPageHere())
          : signIn(http, { email: input.email, password: input.password }),
      ),
      savePhone: fromPromise(({ input }) => savePhone(http, input.phone_number)),
      signOut: fromPromise(() => signOut(http)),
    },
    actions: { announceSession: (_, user) => deps.shell.send({ type: 'session.change', user }) },
  });
}

/** This sign-in page's path and query (the browser's; the server never signs anyone up). */
function signInPageHere(): string {
  return typeof location === 'undefined' ? '/sign-in' : `${location.pathname}${location.search}`;
}
