import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { AUTH_MESSAGES } from '../../../domain/auth.ts';
import type { SavedSearchesAnswer, SaveSearchByEmailCall } from '../../../domain/contracts/saved-searches.ts';
import { contactOf, prefillContact, type ShopperContact } from '../../../domain/shopper-contact.ts';
import { type EnquiryInput, enquiryMachine } from '../../../machines/enquiry/enquiry.machine.ts';
import { selectEnquiryValues } from '../../../machines/enquiry/enquiry.selectors.ts';
import { savedSearchesPageMachine } from '../../../machines/saved-searches/saved-searches-page.machine.ts';
import {
  selectActionError,
  selectLinkSentTo,
  selectOffer,
} from '../../../machines/saved-searches/saved-searches-page.selectors.ts';

/** Issue 37 item 9 "Less typing": the signed-in shopper's details, and saving a search with an email. */
describe('a signed-in shopper’s details fill a form’s blanks only (issue 37 item 9)', () => {
  const contact = { name: null, email: 'sam@example.com', phone: '0400 111 222' };
  it.each([
    ['a blank form takes the email and phone', {}, { email: 'sam@example.com', phone: '0400 111 222' }],
    [
      'what the shopper typed stays',
      { email: 'work@example.com' },
      { email: 'work@example.com', phone: '0400 111 222' },
    ],
    ['an emptied field counts as blank', { phone: '' }, { email: 'sam@example.com', phone: '0400 111 222' }],
    [
      'other fields are untouched',
      { message: 'Hi' },
      { message: 'Hi', email: 'sam@example.com', phone: '0400 111 222' },
    ],
  ] as const)('%s', (_, values, expected) => {
    expect(prefillContact(values, contact)).toEqual(expected);
  });
  it('an account without a phone leaves the phone blank; a visitor fills nothing', () => {
    expect(prefillContact({}, contactOf({ id: 1, email: 'sam@example.com', phone_number: null }))).toEqual({
      email: 'sam@example.com',
    });
    expect(prefillContact({ name: 'Sam' }, contactOf(null))).toEqual({ name: 'Sam' });
  });
});

const ENQUIRY: EnquiryInput = {
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

describe('the car page’s enquiry starts step 2 with the shopper’s details (issue 37 item 9)', () => {
  it('a signed-in shopper’s email and phone are step 2’s values; Back and Next keep what they changed', async () => {
    const actor = createActor(
      enquiryMachine.provide({
        actors: {
          readContact: fromPromise<ShopperContact | null>(async () => ({
            name: null,
            email: 'sam@example.com',
            phone: '0400 111 222',
          })),
        },
      }),
      { input: ENQUIRY },
    ).start();
    await waitFor(actor, (s) => s.matches({ message: 'ready' }));
    actor.send({ type: 'enquiry.next', values: { message: 'Still available?' } });
    expect(actor.getSnapshot().matches('details')).toBe(true);
    expect(selectEnquiryValues(actor.getSnapshot())).toMatchObject({
      email: 'sam@example.com',
      phone: '0400 111 222',
    });
    actor.send({ type: 'enquiry.back', values: { email: 'sam@example.com', phone: '0499 999 999' } });
    actor.send({ type: 'enquiry.next', values: { message: 'Still available?' } });
    expect(selectEnquiryValues(actor.getSnapshot())).toMatchObject({ phone: '0499 999 999' });
  });

  it('a visitor, or a session that cannot be read, starts with blank details', async () => {
    for (const readContact of [
      fromPromise<ShopperContact | null>(async () => null),
      fromPromise<ShopperContact | null>(async () => {
        throw new Error('Network error');
      }),
    ]) {
      const actor = createActor(enquiryMachine.provide({ actors: { readContact } }), {
        input: ENQUIRY,
      }).start();
      await waitFor(actor, (s) => s.matches({ message: 'ready' }));
      expect(selectEnquiryValues(actor.getSnapshot())).toEqual({});
    }
  });
});

describe('a signed-out shopper saves a search with just an email (issue 37 item 9)', () => {
  const offer = {
    href: '/search/used-cars?refinementList%5Bmake%5D%5B0%5D=Mazda',
    search: { make: ['Mazda'] },
    car_types: ['used' as const],
  };
  function start(answer: (input: SaveSearchByEmailCall) => Promise<string>) {
    const calls: SaveSearchByEmailCall[] = [];
    const actor = createActor(
      savedSearchesPageMachine.provide({
        actors: {
          load: fromPromise<SavedSearchesAnswer>(async () => ({ signed_in: false, searches: [] })),
          saveSearchByEmail: fromPromise(async ({ input }) => {
            calls.push(input);
            return answer(input);
          }),
        },
      }),
      { input: { offer, defaultName: 'Used · Mazda' } },
    ).start();
    return { actor, calls };
  }

  it('asks for a valid address, sends the search with it, and says where the link went', async () => {
    const { actor, calls } = start(async (input) => input.email);
    await waitFor(actor, (s) => s.matches({ ready: 'emailing' }));
    expect(selectOffer(actor.getSnapshot())).toMatchObject({
      byEmail: true,
      email: '',
      name: 'Used · Mazda',
    });
    actor.send({ type: 'email.change', email: 'sam@example' });
    actor.send({ type: 'save' });
    expect(selectActionError(actor.getSnapshot())).toBe(AUTH_MESSAGES.email);
    expect(calls).toEqual([]);
    actor.send({ type: 'email.change', email: ' sam@example.com ' });
    actor.send({ type: 'frequency.choose', frequency: 'daily' });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.matches({ ready: 'linkSent' }));
    expect(calls).toEqual([
      { email: 'sam@example.com', draft: { ...offer, name: 'Used · Mazda', frequency: 'daily' } },
    ]);
    expect(selectLinkSentTo(actor.getSnapshot())).toBe('sam@example.com');
    expect(selectOffer(actor.getSnapshot())).toBeNull();
  });

  it('a refusal keeps the form with the server’s message, to send again', async () => {
    const { actor } = start(async () => {
      throw new Error('Too many requests: please wait a minute and try again');
    });
    await waitFor(actor, (s) => s.matches({ ready: 'emailing' }));
    actor.send({ type: 'email.change', email: 'sam@example.com' });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.matches({ ready: 'emailing' }) && selectActionError(s) !== null);
    expect(selectActionError(actor.getSnapshot())).toBe(
      'Too many requests: please wait a minute and try again',
    );
    expect(selectOffer(actor.getSnapshot())).toMatchObject({ email: 'sam@example.com' });
  });
});
