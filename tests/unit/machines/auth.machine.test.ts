import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, waitFor } from 'xstate';
import type { Credentials } from '../../../domain/auth.ts';
import type { AuthUser } from '../../../domain/contracts/session.ts';
import { type AuthInput, authMachine } from '../../../machines/auth/auth.machine.ts';
import { selectAuthView, selectFieldErrors, selectUser } from '../../../machines/auth/auth.selectors.ts';

const sam: AuthUser = { id: 1, email: 'sam@example.com', phone_number: '0400111222' };
const noPhone: AuthUser = { id: 2, email: 'alex@example.com', phone_number: null };

function start(
  input: AuthInput,
  session: AuthUser | null,
  answer: (credentials: Credentials) => AuthUser = () => sam,
) {
  const sent: Credentials[] = [];
  const announced: (AuthUser | null)[] = [];
  const actor = createActor(
    authMachine.provide({
      actors: {
        loadSession: fromPromise(async () => session),
        authenticate: fromPromise(async ({ input: credentials }) => {
          sent.push(credentials);
          if (credentials.mode === 'signIn' && credentials.password === 'wrong password')
            throw new Error('Incorrect email or password');
          return answer(credentials);
        }),
        savePhone: fromPromise(async ({ input: { phone_number } }) => ({ ...noPhone, phone_number })),
        signOut: fromPromise<void>(async () => {}),
      },
      actions: { announceSession: (_, user) => announced.push(user) },
    }),
    { input },
  );
  const emitted: AnyEventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, sent, emitted, announced };
}

const forWatchlist: AuthInput = { type: 'watchlist', redirect: '/cars/x', back: '/search' };

describe('auth machine (issue 6 item 1)', () => {
  it('keeps same-site return paths only: //evil.com and https://… fall back to /', () => {
    const { actor } = start({ type: 'finance', redirect: '//evil.com', back: 'https://evil.com' }, null);
    expect(actor.getSnapshot().context).toMatchObject({ type: 'finance', redirect: '/', back: '/' });
  });

  it('signs in, tells the shell of the session change and finishes (the page then goes to redirect)', async () => {
    const { actor, sent, emitted, announced } = start(forWatchlist, null);
    await waitFor(actor, (s) => selectAuthView(s) === 'form');
    actor.send({ type: 'credentials.submit', email: 'sam@example.com', password: 'correct horse' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ mode: 'signIn', email: 'sam@example.com', password: 'correct horse' }]);
    expect(emitted).toEqual([{ type: 'session.change', user: sam }]);
    // The shell hears of it through the action its wiring binds (decision 075), not through a view.
    expect(announced).toEqual([sam]);
    expect(actor.getSnapshot().context.redirect).toBe('/cars/x');
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('correct horse');
  });

  it('a form that fails the checks is not sent, and says why per field', async () => {
    const { actor, sent } = start(forWatchlist, null);
    await waitFor(actor, (s) => selectAuthView(s) === 'form');
    actor.send({ type: 'credentials.submit', email: 'sam', password: '' });
    expect(Object.keys(selectFieldErrors(actor.getSnapshot())).sort()).toEqual(['email', 'password']);
    actor.send({ type: 'mode.switch', mode: 'signUp' });
    actor.send({ type: 'credentials.submit', email: 'sam' });
    expect(Object.keys(selectFieldErrors(actor.getSnapshot()))).toEqual(['email']);
    expect(sent).toEqual([]);
  });

  it('a sign-up sends the email alone and waits for the emailed link (decision 104)', async () => {
    const { actor, sent } = start(forWatchlist, null);
    await waitFor(actor, (s) => selectAuthView(s) === 'form');
    actor.send({ type: 'mode.switch', mode: 'signUp' });
    // A password typed anyway (an old form, a password manager) is not sent.
    actor.send({ type: 'credentials.submit', email: 'sam@example.com', password: 'typed anyway' });
    await waitFor(actor, (s) => selectAuthView(s) !== 'form');
    expect(sent).toEqual([
      {
        mode: 'signUp',
        email: 'sam@example.com',
        continueAt: '/sign-in?type=watchlist&redirect=%2Fcars%2Fx&back=%2Fsearch',
      },
    ]);
  });

  it('a refused sign-in shows the server’s message and stays on the form', async () => {
    const { actor } = start(forWatchlist, null);
    await waitFor(actor, (s) => selectAuthView(s) === 'form');
    actor.send({ type: 'credentials.submit', email: 'sam@example.com', password: 'wrong password' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Incorrect email or password');
    expect(selectAuthView(actor.getSnapshot())).toBe('form');
  });

  it('signing in for the watchlist without a phone asks for one first, then finishes', async () => {
    const { actor, emitted } = start(forWatchlist, null, () => noPhone);
    await waitFor(actor, (s) => selectAuthView(s) === 'form');
    actor.send({ type: 'credentials.submit', email: 'alex@example.com', password: 'correct horse' });
    await waitFor(actor, (s) => selectAuthView(s) === 'phoneNeeded');
    actor.send({ type: 'phone.submit', phone_number: 'nope' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      phone_number: 'Please enter a valid phone number',
    });
    actor.send({ type: 'phone.submit', phone_number: '0400 111 333' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(emitted.map((event) => (event as unknown as { user: AuthUser }).user.phone_number)).toEqual([
      null,
      '0400 111 333',
    ]);
  });

  it('a signed-in shopper sees the account (checkout needs no phone) and can sign out', async () => {
    const { actor, emitted } = start({ type: 'checkout', redirect: '/x', back: '/y' }, noPhone);
    await waitFor(actor, (s) => selectAuthView(s) === 'account');
    expect(selectUser(actor.getSnapshot())).toEqual(noPhone);
    actor.send({ type: 'session.end' });
    await waitFor(actor, (s) => selectAuthView(s) === 'form');
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(emitted).toEqual([{ type: 'session.change', user: null }]);
  });
});
