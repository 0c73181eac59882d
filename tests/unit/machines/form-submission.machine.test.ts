import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { FORM_EVENT_IDS, SUBMIT_FAILED_MESSAGE } from '../../../domain/site-forms.ts';
import { formSubmissionMachine } from '../../../machines/form-submission/form-submission.machine.ts';
import { ServiceError } from '../../../services/errors.ts';

/** `locations-forms-tradein-site.md` §4 "Form submission", §8, §9 (events 22 and 51). */
function run(
  answer: () => Promise<{ lead_id: string }>,
  input: { eventId?: number; successPath?: string | null } = {},
) {
  const calls: string[] = [];
  const actor = createActor(
    formSubmissionMachine.provide({
      actors: { submitForm: fromPromise(answer) },
      actions: {
        recordEvent: (_, params) => calls.push(`event ${params.eventId}`),
        storeCategory: (_, params) => calls.push(`category ${params.category}`),
        navigate: (_, params) => {
          if (params.path) calls.push(`navigate ${params.path}`);
        },
        alertFailure: (_, params) => calls.push(`alert ${params.message}`),
      },
    }),
    {
      input: {
        category: 'General Enquiry',
        eventId: input.eventId ?? FORM_EVENT_IDS.default,
        successPath: input.successPath === undefined ? '/success' : input.successPath,
        form: 'contact',
      },
    },
  ).start();
  return { actor, calls };
}

describe('formSubmission', () => {
  it('sending: busy while it waits, then the event, the category and /success', async () => {
    const { actor, calls } = run(async () => ({ lead_id: 'abc' }));
    actor.send({ type: 'form.submit', values: { message: 'Hi' } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('success'));
    expect(calls).toEqual(['event 22', 'category General Enquiry', 'navigate /success']);
    expect(actor.getSnapshot().context.leadId).toBe('abc');
  });

  it('a careers form records event 51; a form that stays on its page does not navigate', async () => {
    const { actor, calls } = run(async () => ({ lead_id: 'abc' }), {
      eventId: FORM_EVENT_IDS.careers,
      successPath: null,
    });
    actor.send({ type: 'form.submit', values: {} });
    await waitFor(actor, (s) => s.matches('success'));
    expect(calls).toEqual(['event 51', 'category General Enquiry']);
  });

  it('a refusal alerts the spec text and keeps the server’s message and field errors; sending again clears them', async () => {
    let attempt = 0;
    const { actor, calls } = run(async () => {
      attempt += 1;
      if (attempt === 1)
        throw new ServiceError('http', 'Please choose a dealership', {
          status: 422,
          fields: { dealership_slug: 'Please choose a dealership' },
        });
      return { lead_id: 'abc' };
    });
    actor.send({ type: 'form.submit', values: {} });
    await waitFor(actor, (s) => s.matches('failure'));
    expect(calls).toEqual([`alert ${SUBMIT_FAILED_MESSAGE}`]);
    expect(actor.getSnapshot().context).toMatchObject({
      formError: 'Please choose a dealership',
      fieldErrors: { dealership_slug: 'Please choose a dealership' },
    });
    actor.send({ type: 'form.submit', values: {} });
    expect(actor.getSnapshot().context).toMatchObject({ formError: null, fieldErrors: {} });
    await waitFor(actor, (s) => s.matches('success'));
  });

  it('a failure without a message keeps the spec’s text as the form error', async () => {
    const { actor } = run(async () => {
      throw { status: 0 };
    });
    actor.send({ type: 'form.submit', values: {} });
    await waitFor(actor, (s) => s.matches('failure'));
    expect(actor.getSnapshot().context.formError).toBe(SUBMIT_FAILED_MESSAGE);
  });

  it('fields the browser finds wrong wait in invalid and nothing is sent', () => {
    let sent = 0;
    const { actor } = run(async () => {
      sent += 1;
      return { lead_id: 'abc' };
    });
    actor.send({
      type: 'form.invalid',
      fieldErrors: { postcode: 'Invalid postcode. Please enter a 4-digit number.' },
    });
    expect(actor.getSnapshot().matches('invalid')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      postcode: 'Invalid postcode. Please enter a 4-digit number.',
    });
    expect(sent).toBe(0);
  });
});
