import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { AUTH_MESSAGES } from '../../../domain/auth.ts';
import type { SavedSearchesAnswer, SaveSearchByEmailCall } from '../../../domain/contracts/saved-searches.ts';
import type { AuthUser } from '../../../domain/contracts/session.ts';
import type { CarSummary } from '../../../domain/contracts/vehicle.ts';
import { contactOf, prefillContact, type ShopperContact } from '../../../domain/shopper-contact.ts';
import { enquiryCatalogInput } from '../../../machines/enquiry/enquiry.catalog.ts';
import { enquiryMachine } from '../../../machines/enquiry/enquiry.machine.ts';
import { selectEnquiryValues } from '../../../machines/enquiry/enquiry.selectors.ts';
import { financePageMachine } from '../../../machines/finance-application/finance-page.machine.ts';
import { formSubmissionMachine } from '../../../machines/form-submission/form-submission.machine.ts';
import { selectFormStartValues } from '../../../machines/form-submission/form-submission.selectors.ts';
import { gatedRouteMachine } from '../../../machines/gated-route/gated-route.machine.ts';
import { reserveCatalogTerms } from '../../../machines/reserve/reserve.catalog.ts';
import { reserveMachine } from '../../../machines/reserve/reserve.machine.ts';
import { selectDetailValues as selectReserveDetailValues } from '../../../machines/reserve/reserve.selectors.ts';
import { savedSearchesPageMachine } from '../../../machines/saved-searches/saved-searches-page.machine.ts';
import {
  selectActionError,
  selectLinkSentTo,
  selectOffer,
} from '../../../machines/saved-searches/saved-searches-page.selectors.ts';
import { testDriveCatalogSlots } from '../../../machines/test-drive/test-drive-booking.catalog.ts';
import { testDriveBookingMachine } from '../../../machines/test-drive/test-drive-booking.machine.ts';
import { selectTestDriveValues } from '../../../machines/test-drive/test-drive-booking.selectors.ts';
import { tradeInMachine } from '../../../machines/trade-in/trade-in.machine.ts';
import { selectDetailValues as selectTradeInDetailValues } from '../../../machines/trade-in/trade-in.selectors.ts';
import { reserveInput } from '../../fixtures/reservations.ts';

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
      { input: enquiryCatalogInput },
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
        input: enquiryCatalogInput,
      }).start();
      await waitFor(actor, (s) => s.matches({ message: 'ready' }));
      expect(selectEnquiryValues(actor.getSnapshot())).toEqual({});
    }
  });
});

/**
 * A contact reader for the machines below: the shopper's details, a visitor (null), or a session not
 * read; `reads` counts its reads.
 */
const reader = (answer: ShopperContact | null | Error, reads = { count: 0 }) =>
  fromPromise<ShopperContact | null>(async () => {
    reads.count += 1;
    if (answer instanceof Error) throw answer;
    return answer;
  });
const SAM: ShopperContact = { name: null, email: 'sam@example.com', phone: '0400 111 222' };
const VISITORS = [null, new Error('Network error')] as const;

describe('every form that asks for contact details starts with a signed-in shopper’s (issue 37 item 9)', () => {
  describe('a site-wide form page, and the finance application (`formSubmission` with `readsContact`)', () => {
    const page = {
      category: 'General Enquiry',
      eventId: 22,
      successPath: '/success',
      form: 'contact',
      rules: { contact: true, postcode: true, dealershipCount: 1, categories: ['General Enquiry'] },
    };
    const start = (answer: ShopperContact | null | Error, readsContact?: boolean) => {
      const reads = { count: 0 };
      const actor = createActor(
        formSubmissionMachine.provide({ actors: { readContact: reader(answer, reads) } }),
        { input: { ...page, ...(readsContact === undefined ? {} : { readsContact }) } },
      ).start();
      return { actor, reads };
    };

    it('fills the blank fields, never one the page or the shopper already gave', async () => {
      const { actor } = start(SAM, true);
      await waitFor(actor, (s) => s.matches({ idle: 'ready' }));
      expect(selectFormStartValues(actor.getSnapshot())).toEqual({
        email: 'sam@example.com',
        phone: '0400 111 222',
      });
      expect(
        selectFormStartValues(actor.getSnapshot(), {
          dealership_slug: 'bayside-mazda',
          email: 'work@example.com',
        }),
      ).toEqual({ dealership_slug: 'bayside-mazda', email: 'work@example.com', phone: '0400 111 222' });
    });

    it('a visitor, or a session that cannot be read, starts blank; a parent’s lead reads nothing', async () => {
      for (const answer of VISITORS) {
        const { actor } = start(answer, true);
        await waitFor(actor, (s) => s.matches({ idle: 'ready' }));
        expect(selectFormStartValues(actor.getSnapshot(), { dealership_slug: 'x' })).toEqual({
          dealership_slug: 'x',
        });
      }
      const { actor, reads } = start(SAM);
      expect(actor.getSnapshot().matches({ idle: 'ready' })).toBe(true);
      expect(reads.count).toBe(0);
      expect(selectFormStartValues(actor.getSnapshot())).toEqual({});
    });

    it('the finance page’s application reads the shopper’s details', async () => {
      const actor = createActor(
        financePageMachine.provide({
          actors: {
            gate: gatedRouteMachine.provide({
              actors: { loadSession: fromPromise<AuthUser | null>(async () => null) },
            }),
            loadCar: fromPromise(async (): Promise<CarSummary | null> => null),
            formSubmission: formSubmissionMachine.provide({ actors: { readContact: reader(SAM) } }),
          },
        }),
        {
          input: {
            path: '/finance',
            search: '',
            personalisedFlow: false,
            prefill: { preferredDealership: null, vehiclePriceBudget: null, carId: null, carType: null },
            ratePercent: 8.5,
            movedTo: null,
            form: {
              category: 'Finance Enquiry',
              eventId: 22,
              successPath: '/success',
              rules: { dealershipCount: 1 },
            },
          },
        },
      ).start();
      await waitFor(actor, (s) => s.matches('ready'));
      const form = actor.getSnapshot().children.form;
      if (!form) throw new Error('no application');
      await waitFor(form, (s) => s.matches({ idle: 'ready' }));
      expect(selectFormStartValues(form.getSnapshot())).toEqual({
        email: 'sam@example.com',
        phone: '0400 111 222',
      });
    });
  });

  describe('the test-drive and service bookings', () => {
    const rules = {
      contact: true,
      postcode: true,
      messageOptional: true,
      showsLocation: true,
      locationSlugs: ['bayside-mazda-sales'],
      dealershipCount: 1,
      categories: ['Test Drive'],
      booking: true,
    };
    const start = (readContact: ReturnType<typeof reader>) =>
      createActor(
        testDriveBookingMachine.provide({
          actors: { loadSlots: fromPromise(async () => testDriveCatalogSlots), readContact },
        }),
        { input: { form: 'testDrive', location: null, carId: 501, rules } },
      ).start();

    it('the details step starts with the shopper’s email and phone; what they sent stays through Back', async () => {
      const actor = start(reader(SAM));
      await waitFor(actor, (s) => s.matches({ choosingTime: 'ready' }));
      actor.send({ type: 'testDrive.next', values: { dateTime: '2026-11-25T23:00:00.000Z' } });
      expect(selectTestDriveValues(actor.getSnapshot())).toMatchObject({
        email: 'sam@example.com',
        phone: '0400 111 222',
      });
      // Sent with what the shopper typed over them; Back and on again shows theirs, not the account's.
      actor.send({
        type: 'testDrive.next',
        values: {
          name: 'Sam',
          email: 'work@example.com',
          phone: '',
          postcode: '4000',
          terms_conditions: true,
        },
      });
      actor.send({ type: 'testDrive.back' });
      actor.send({ type: 'testDrive.next', values: { dateTime: '2026-11-25T23:00:00.000Z' } });
      expect(selectTestDriveValues(actor.getSnapshot())).toMatchObject({
        email: 'work@example.com',
        phone: '',
      });
    });

    it('a visitor, or a session that cannot be read, gets blank details', async () => {
      for (const answer of VISITORS) {
        const actor = start(reader(answer));
        await waitFor(actor, (s) => s.matches({ choosingTime: 'ready' }));
        actor.send({ type: 'testDrive.next', values: { dateTime: '2026-11-25T23:00:00.000Z' } });
        expect(selectTestDriveValues(actor.getSnapshot())).toEqual({ dateTime: '2026-11-25T23:00:00.000Z' });
      }
    });
  });

  describe('the trade-in’s Step Four', () => {
    const start = (readContact: ReturnType<typeof reader>) =>
      createActor(
        tradeInMachine.provide({
          actors: { loadCar: fromPromise(async (): Promise<CarSummary | null> => null), readContact },
        }),
        {
          input: { imageDealerships: [], carId: null, dealershipSlug: 'bayside-mazda', valuationSave: false },
        },
      ).start();

    it('starts with the shopper’s email and phone, read while Step One is on screen', async () => {
      const actor = start(reader(SAM));
      await waitFor(actor, (s) => s.matches({ vehicleDetails: 'ready' }));
      expect(selectTradeInDetailValues(actor.getSnapshot())).toEqual({
        email: 'sam@example.com',
        phone: '0400 111 222',
      });
    });

    it('a visitor, or a session that cannot be read, starts blank', async () => {
      for (const answer of VISITORS) {
        const actor = start(reader(answer));
        await waitFor(actor, (s) => s.matches({ vehicleDetails: 'ready' }));
        expect(selectTradeInDetailValues(actor.getSnapshot())).toEqual({});
      }
    });
  });

  describe('the reservation’s details step', () => {
    const start = (readContact: ReturnType<typeof reader>) =>
      createActor(
        reserveMachine.provide({
          actors: {
            gate: gatedRouteMachine.provide({
              actors: { loadSession: fromPromise<AuthUser | null>(async () => null) },
            }),
            loadTerms: fromPromise(async () => reserveCatalogTerms),
            readContact,
          },
        }),
        { input: reserveInput() },
      ).start();

    it('starts with the shopper’s email and phone, read while the terms are on screen', async () => {
      const actor = start(reader(SAM));
      await waitFor(actor, (s) => s.matches({ terms: 'ready' }));
      actor.send({ type: 'reserve.start' });
      expect(selectReserveDetailValues(actor.getSnapshot())).toEqual({
        email: 'sam@example.com',
        phone: '0400 111 222',
      });
    });

    it('a visitor, or a session that cannot be read, starts blank', async () => {
      for (const answer of VISITORS) {
        const actor = start(reader(answer));
        await waitFor(actor, (s) => s.matches({ terms: 'ready' }));
        actor.send({ type: 'reserve.start' });
        expect(selectReserveDetailValues(actor.getSnapshot())).toEqual({});
      }
    });
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
