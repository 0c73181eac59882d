import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, waitFor } from 'xstate';
import type { AuthUser } from '../../../domain/contracts/session.ts';
import { forgotPasswordMachine } from '../../../machines/auth/forgot-password.machine.ts';
import { selectSentTo } from '../../../machines/auth/forgot-password.selectors.ts';
import { type SetPasswordInput, setPasswordMachine } from '../../../machines/auth/set-password.machine.ts';
import {
  selectNext,
  selectPasswordFieldError,
  selectSetPasswordView,
} from '../../../machines/auth/set-password.selectors.ts';

const sam: AuthUser = { id: 1, email: 'sam@example.com', phone_number: '0400111222' };
const noPhone: AuthUser = { id: 2, email: 'alex@example.com', phone_number: null };
const TOKEN = 'dGhpcyBpcyBhIHRlc3QgdG9rZW4gb2YgMjQgYnl0ZXM';

function openLink(input: Partial<SetPasswordInput>, answer: () => Promise<AuthUser>) {
  const sent: { token: string; password: string }[] = [];
  const announced: AuthUser[] = [];
  const actor = createActor(
    setPasswordMachine.provide({
      actors: {
        setPassword: fromPromise(async ({ input: request }) => {
          sent.push(request);
          return answer();
        }),
      },
      actions: { announceSession: (_, user) => announced.push(user) },
    }),
    {
      input: {
        token: TOKEN,
        reset: false,
        type: 'watchlist',
        redirect: '/cars/x',
        back: '/search',
        ...input,
      },
    },
  );
  const emitted: AnyEventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, sent, announced, emitted };
}

describe('set-password page machine: the emailed link’s page (issue 31 item 2, decision 104)', () => {
  it('sends the link’s token with the password, tells the shell, and goes on to the car; the password is never kept', async () => {
    const { actor, sent, announced, emitted } = openLink({}, async () => sam);
    actor.send({ type: 'password.submit', password: 'correct horse battery' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ token: TOKEN, password: 'correct horse battery' }]);
    expect(announced).toEqual([sam]);
    expect(emitted).toEqual([{ type: 'session.change', user: sam }]);
    expect(selectNext(actor.getSnapshot())).toBe('/cars/x');
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain('correct horse');
  });

  it('for the watchlist without a phone on record, goes to the sign-in page, which asks for one', async () => {
    const { actor } = openLink({}, async () => noPhone);
    actor.send({ type: 'password.submit', password: 'correct horse battery' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectNext(actor.getSnapshot())).toBe(
      '/sign-in?type=watchlist&redirect=%2Fcars%2Fx&back=%2Fsearch',
    );
  });

  it('a short password is not sent; a refused link says so and offers a new one; other failures keep the form', async () => {
    const refusal = Object.assign(new Error('This link has expired or was already used.'), {
      details: { status: 410, code: 'invalid_link' },
    });
    let fail: Error = new Error('Network error');
    const { actor, sent } = openLink({ redirect: '//evil.example' }, async () => {
      throw fail;
    });
    actor.send({ type: 'password.submit', password: 'short' });
    expect(selectPasswordFieldError(actor.getSnapshot())).toBe('Your password needs at least 8 characters');
    expect(sent).toEqual([]);
    actor.send({ type: 'password.submit', password: 'correct horse battery' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(selectSetPasswordView(actor.getSnapshot())).toBe('form');
    fail = refusal;
    actor.send({ type: 'password.submit', password: 'correct horse battery' });
    await waitFor(actor, (s) => selectSetPasswordView(s) === 'expired');
    expect(actor.getSnapshot().context.error).toBe('This link has expired or was already used.');
    expect(actor.getSnapshot().context.redirect).toBe('/');
  });
});

describe('forgot-password page machine (issue 31 item 2)', () => {
  it('checks the email, then asks for a link that comes back with this page’s reasons', async () => {
    const asked: { email: string; continueAt: string }[] = [];
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: {
          requestReset: fromPromise(async ({ input }) => {
            asked.push(input);
            return { email: input.email };
          }),
        },
      }),
      { input: { type: 'watchlist', redirect: '/cars/x', back: '/search' } },
    ).start();
    actor.send({ type: 'email.submit', email: 'sam' });
    expect(actor.getSnapshot().context.fieldError).toBe('Please enter a valid email address');
    actor.send({ type: 'email.submit', email: 'sam@example.com' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(asked).toEqual([
      {
        email: 'sam@example.com',
        continueAt: '/sign-in?type=watchlist&redirect=%2Fcars%2Fx&back=%2Fsearch',
      },
    ]);
    expect(selectSentTo(actor.getSnapshot())).toBe('sam@example.com');
  });
});
