import { fromPromise } from 'xstate';
import { consoleInvitationMachine } from '../../../machines/console-sign-in/console-invitation.machine.ts';
import { consoleSignInMachine } from '../../../machines/console-sign-in/console-sign-in.machine.ts';
import {
  acceptInvitation,
  lookUpInvitation,
  signInToConsole,
} from '../../../services/console/session.service.ts';
import type { ConsolePageDeps } from '../app/console-page-definition.ts';

/** The sign-in page's machine: sign-in through the server, the member announced to the console's shell. */
export function consoleSignInLogic({ http, shell }: ConsolePageDeps) {
  return consoleSignInMachine.provide({
    actors: { signIn: fromPromise(({ input }) => signInToConsole(http, input)) },
    actions: { announceMember: (_, member) => shell.send({ type: 'member.signedIn', member }) },
  });
}

/** The invitation page's machine: the invitation looked up and accepted, the new member announced to the shell. */
export function consoleInvitationLogic({ http, shell }: ConsolePageDeps) {
  return consoleInvitationMachine.provide({
    actors: {
      lookUp: fromPromise(({ input }) => lookUpInvitation(http, input.token ?? '')),
      accept: fromPromise(({ input }) => acceptInvitation(http, input)),
    },
    actions: { announceMember: (_, member) => shell.send({ type: 'member.signedIn', member }) },
  });
}
