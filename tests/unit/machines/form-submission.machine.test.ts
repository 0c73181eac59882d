import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  CAREERS,
  EMAIL_MESSAGE,
  FORM_EVENT_IDS,
  POSTCODE_MESSAGE,
  REQUIRED_MESSAGE,
  type SiteFormOptions,
  SUBMIT_FAILED_MESSAGE,
} from '../../../domain/site-forms.ts';
import {
  type FormValues,
  formSubmissionMachine,
} from '../../../machines/form-submission/form-submission.machine.ts';
import { ServiceError } from '../../../services/errors.ts';

/** Rules that any submit keeps (no contact details, an optional message). */
const LENIENT: SiteFormOptions = { dealershipCount: 1, messageOptional: true };
/** The contact form's rules (`locations-forms-tradein-site.md` §5). */
const CONTACT: SiteFormOptions = {
  contact: true,
  postcode: true,
  dealershipCount: 1,
  categories: ['General Enquiry', CAREERS.category],
};
const FILLED = { name: 'Sam Shopper', email: 'sam@example.com', postcode: '4000', message: 'Hello' };

/** `locations-forms-tradein-site.md` §4 "Form submission", §5, §8, §9 (events 22 and 51). */
function run(
  answer: (values: FormValues) => Promise<{ lead_id: string }>,
  input: { eventId?: number; successPath?: string | null; rules?: SiteFormOptions } = {},
) {
  const calls: string[] = [];
  const actor = createActor(
    formSubmissionMachine.provide({
      actors: { submitForm: fromPromise(({ input }) => answer(input.values)) },
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
        rules: input.rules ?? LENIENT,
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

  it('§9: Careers Enquiry chosen on the contact form records event 51, not 22 (issue 31 item 21)', async () => {
    const { actor, calls } = run(async () => ({ lead_id: 'abc' }), { rules: CONTACT });
    actor.send({ type: 'form.submit', values: { ...FILLED, category: CAREERS.category } });
    await waitFor(actor, (s) => s.matches('success'));
    expect(calls).toEqual(['event 51', `category ${CAREERS.category}`, 'navigate /success']);
  });

  it('sends what was typed as checked, with what the page adds beside it', async () => {
    const sent: FormValues[] = [];
    const { actor } = run(async (values) => {
      sent.push(values);
      return { lead_id: 'abc' };
    });
    actor.send({ type: 'form.submit', values: { message: 'Hi' }, extra: { car_id: 501 } });
    await waitFor(actor, (s) => s.matches('success'));
    expect(sent).toEqual([{ category: 'General Enquiry', message: 'Hi', opt_in: true, car_id: 501 }]);
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

  it('§5: fields that break the form’s rules wait in invalid with their messages and nothing is sent', () => {
    let sent = 0;
    const { actor } = run(
      async () => {
        sent += 1;
        return { lead_id: 'abc' };
      },
      { rules: CONTACT },
    );
    actor.send({ type: 'form.submit', values: { ...FILLED, postcode: '400' } });
    expect(actor.getSnapshot().matches('invalid')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ postcode: POSTCODE_MESSAGE });
    expect(sent).toBe(0);
  });

  it('every submit is checked again: fixed fields lose their messages, the rest keep theirs (issue 31 item 14)', async () => {
    let sent = 0;
    const { actor } = run(
      async () => {
        sent += 1;
        return { lead_id: 'abc' };
      },
      { rules: CONTACT },
    );
    actor.send({ type: 'form.submit', values: { name: '', email: '', postcode: '', message: '' } });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors).sort()).toEqual([
      'email',
      'message',
      'name',
      'postcode',
    ]);
    actor.send({
      type: 'form.submit',
      values: { name: 'Sam Shopper', email: 'sam@example.com', postcode: '', message: '' },
    });
    expect(actor.getSnapshot().matches('invalid')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      postcode: POSTCODE_MESSAGE,
      message: REQUIRED_MESSAGE,
    });
    actor.send({ type: 'form.submit', values: { ...FILLED, email: 'sam@' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: EMAIL_MESSAGE });
    expect(sent).toBe(0);
    actor.send({ type: 'form.submit', values: FILLED });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    await waitFor(actor, (s) => s.matches('success'));
    expect(sent).toBe(1);
  });
});

describe('formSubmission as the lead-sending child (issue 32 item 5)', () => {
  it('form.send: the checked lead is sent as it is, the car recorded and stored; the output is the lead', async () => {
    const sent: FormValues[] = [];
    const calls: string[] = [];
    const actor = createActor(
      formSubmissionMachine.provide({
        actors: {
          submitForm: fromPromise(async ({ input }) => {
            sent.push(input.values);
            return { lead_id: 'abc' };
          }),
        },
        actions: {
          recordEvent: (_, { eventId, carId }) => calls.push(`event ${eventId} car ${carId}`),
          storeCategory: (_, { category, carName }) => calls.push(`category ${category} ${carName}`),
          navigate: () => {},
          alertFailure: () => calls.push('alert'),
        },
      }),
      {
        input: {
          category: 'Photo Request',
          eventId: 15,
          successPath: '/success',
          form: 'enquiry',
          rules: CONTACT,
          carId: 501,
          carName: 'Mazda CX-5',
        },
      },
    ).start();
    // Not the form's rules: the parent checked its steps (no postcode here).
    actor.send({ type: 'form.send', values: { category: 'Vehicle Enquiry', name: 'Sam' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ category: 'Vehicle Enquiry', name: 'Sam' }]);
    expect(calls).toEqual(['event 15 car 501', 'category Photo Request Mazda CX-5']);
    expect(actor.getSnapshot().output).toEqual({ lead_id: 'abc' });
  });

  it('form.send refused: no alert, the submission ends with the refusal for the parent', async () => {
    const calls: string[] = [];
    const actor = createActor(
      formSubmissionMachine.provide({
        actors: {
          submitForm: fromPromise(async (): Promise<{ lead_id: string }> => {
            throw new ServiceError('http', 'Taken', { status: 409, code: 'slot_taken' });
          }),
        },
        actions: {
          recordEvent: () => calls.push('event'),
          storeCategory: () => calls.push('category'),
          navigate: () => calls.push('navigate'),
          alertFailure: () => calls.push('alert'),
        },
      }),
      {
        input: {
          category: 'Test Drive',
          eventId: 17,
          successPath: '/success',
          form: 'testDrive',
          rules: LENIENT,
        },
      },
    ).start();
    actor.send({ type: 'form.send', values: {} });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().output).toEqual({
      refusal: { message: 'Taken', code: 'slot_taken', fields: {} },
    });
    expect(calls).toEqual([]);
  });
});
