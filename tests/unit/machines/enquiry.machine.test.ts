import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LeadSend } from '../../../domain/lead-send.ts';
import { EMAIL_MESSAGE, REQUIRED_MESSAGE } from '../../../domain/site-forms.ts';
import { enquiryCatalogInput } from '../../../machines/enquiry/enquiry.catalog.ts';
import { enquiryMachine } from '../../../machines/enquiry/enquiry.machine.ts';
import { selectEnquiryError, selectEnquiryStep } from '../../../machines/enquiry/enquiry.selectors.ts';
import { formSubmissionMachine } from '../../../machines/form-submission/form-submission.machine.ts';
import { ServiceError } from '../../../services/errors.ts';

/** `search-detail-finance-watchlist.md` §2 "The enquiry form is a multi-step wrapper", §4, §5. */
const DETAILS = { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400 111 222', opt_in: true };

/** The enquiry with its lead-sending child (`formSubmission`) answering `answer`. */
function start(answer: () => Promise<{ lead_id: string }> = async () => ({ lead_id: LEAD_ID })) {
  const sent: LeadSend[] = [];
  const calls: string[] = [];
  const actor = createActor(
    enquiryMachine.provide({
      actors: {
        formSubmission: formSubmissionMachine.provide({
          actors: {
            submitForm: fromPromise(async ({ input }) => {
              sent.push(input);
              return answer();
            }),
          },
          actions: {
            recordEvent: (_, { eventId, carId }) => calls.push(`event ${eventId} car ${carId}`),
            storeCategory: (_, { category, carName }) => calls.push(`stored ${category}: ${carName}`),
            navigate: (_, { path }) => calls.push(`navigate ${path}`),
            alertFailure: (_, { message }) => calls.push(`alert ${message}`),
          },
        }),
      },
    }),
    { input: enquiryCatalogInput },
  ).start();
  return { actor, sent, calls };
}
const LEAD_ID = '00000000-0000-4000-8000-000000000001';

describe('enquiry', () => {
  it('each step is checked on every Next: step 1 wants the message, step 2 the details', () => {
    const { actor } = start();
    actor.send({ type: 'enquiry.next', values: { message: '' } });
    expect(selectEnquiryStep(actor.getSnapshot())).toBe('message');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ message: REQUIRED_MESSAGE });
    actor.send({ type: 'enquiry.next', values: { message: 'Is it still available?' } });
    expect(selectEnquiryStep(actor.getSnapshot())).toBe('details');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'enquiry.next', values: { ...DETAILS, email: 'sam@' } });
    expect(actor.getSnapshot().matches('details')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: EMAIL_MESSAGE });
  });

  it('Back to step 1 and Next again keeps the name, email and phone typed on step 2 (issue 31 item 17)', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'enquiry.next', values: { message: 'Is it still available?' } });
    actor.send({ type: 'enquiry.back', values: DETAILS });
    expect(selectEnquiryStep(actor.getSnapshot())).toBe('message');
    actor.send({ type: 'enquiry.next', values: { message: 'Is it still available on Saturday?' } });
    expect(selectEnquiryStep(actor.getSnapshot())).toBe('details');
    expect(actor.getSnapshot().context.values).toMatchObject(DETAILS);
    actor.send({ type: 'enquiry.next', values: DETAILS });
    await waitFor(actor, (snapshot) => snapshot.matches('success'));
    expect(sent[0]?.form).toBe('enquiry');
    expect(sent[0]?.values).toMatchObject({
      ...DETAILS,
      message: 'Is it still available on Saturday?',
      category: 'Vehicle Enquiry',
      subcategory: 'Vehicle Enquiry',
      car_id: 501,
      'Vehicle Make': 'Mazda',
    });
  });

  it('§9, §4: a sent enquiry records its event with the car, stores the car and category, goes to /success', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'enquiry.next', values: { message: 'Hello' } });
    actor.send({ type: 'enquiry.next', values: DETAILS });
    await waitFor(actor, (snapshot) => snapshot.matches('success'));
    expect(calls).toEqual([
      'event 15 car 501',
      'stored Vehicle Enquiry: 2022 Mazda CX-5 Maxx',
      'navigate /success',
    ]);
    expect(actor.getSnapshot().context.leadId).toBe(LEAD_ID);
  });

  it('§8: a refusal shows the returned error (no alert); sent again from the failure it succeeds', async () => {
    let refuse = true;
    const { actor, calls } = start(async () => {
      if (!refuse) return { lead_id: LEAD_ID };
      refuse = false;
      throw new ServiceError('http', 'This car has been sold', { status: 409, code: 'car_unavailable' });
    });
    actor.send({ type: 'enquiry.next', values: { message: 'Hello' } });
    actor.send({ type: 'enquiry.next', values: DETAILS });
    await waitFor(actor, (snapshot) => snapshot.matches('failure'));
    expect(selectEnquiryError(actor.getSnapshot())).toBe('This car has been sold');
    expect(calls).toEqual([]);
    actor.send({ type: 'enquiry.next', values: DETAILS });
    await waitFor(actor, (snapshot) => snapshot.matches('success'));
  });

  it('a photo request needs no message: its hidden field is the message (§3)', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'enquiry.requestPhotos' });
    actor.send({ type: 'enquiry.next', values: DETAILS });
    await waitFor(actor, (snapshot) => snapshot.matches('success'));
    expect(sent[0]).toMatchObject({
      form: 'enquiry',
      values: {
        ...DETAILS,
        subcategory: 'Photo Request',
        'Request Photos': 'Please send photos for this car',
      },
    });
  });
});
