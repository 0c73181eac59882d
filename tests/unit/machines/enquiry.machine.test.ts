import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { EMAIL_MESSAGE, REQUIRED_MESSAGE } from '../../../domain/site-forms.ts';
import {
  type EnquiryInput,
  type EnquirySend,
  enquiryMachine,
} from '../../../machines/enquiry/enquiry.machine.ts';
import { selectEnquiryStep } from '../../../machines/enquiry/enquiry.selectors.ts';

/** `search-detail-finance-watchlist.md` §2 "The enquiry form is a multi-step wrapper", §4, §5. */
const INPUT: EnquiryInput = {
  defaults: {
    dealership_slug: 'bayside-mazda',
    manufacturer_slug: 'mazda',
    stock_number: 'BM1001',
    'Vehicle Make': 'Mazda',
    'Vehicle Model': 'CX-5',
    car_type: 'used',
    car_id: 501,
    vehicle_status: 'in_stock',
    opt_in: true,
    message: '',
    subcategory: 'Vehicle Enquiry',
  },
  eventIds: { enquire: 15, photos: 15 },
  carName: '2022 Mazda CX-5 Maxx',
  rules: { contact: true, dealershipCount: 1, categories: ['Vehicle Enquiry'] },
};
const DETAILS = { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400 111 222', opt_in: true };

function start() {
  const sent: EnquirySend[] = [];
  const actor = createActor(
    enquiryMachine.provide({
      actors: {
        submitEnquiry: fromPromise(async ({ input }) => {
          sent.push(input);
          return { lead_id: '00000000-0000-4000-8000-000000000001' };
        }),
      },
      actions: { recordEvent: () => {}, storeSuccess: () => {}, navigate: () => {} },
    }),
    { input: INPUT },
  ).start();
  return { actor, sent };
}

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
    expect(sent[0]?.values).toEqual({ ...DETAILS, message: 'Is it still available on Saturday?' });
  });

  it('a photo request needs no message: its hidden field is the message (§3)', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'enquiry.requestPhotos' });
    actor.send({ type: 'enquiry.next', values: DETAILS });
    await waitFor(actor, (snapshot) => snapshot.matches('success'));
    expect(sent[0]).toMatchObject({ kind: 'photos', values: DETAILS });
  });
});
