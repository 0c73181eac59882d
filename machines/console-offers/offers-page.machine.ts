import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { z } from 'zod/mini';
import type { ConsoleOffer, ConsoleOffers } from '../../domain/contracts/console-offers.ts';
import { fieldErrors } from '../../domain/field-errors.ts';
import { OFFER_MESSAGES, type OfferForm, offerFormSchema } from '../../domain/offer-form.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { loadingRegion } from '../shared/page-loader.ts';
import { refusalFields } from '../shared/refusal.ts';

/** A picture the manager chose for an offer, sent to the photo pipeline. */
export interface ChosenPicture {
  file: Blob;
  name: string;
}

/** The offer form while it is open: a new offer (`id` null) or a change to one. */
export interface OfferDraft {
  id: number | null;
  /** The picture's stored address (uploaded, or the one the offer had), or empty for none yet. */
  image_url: string;
  /** The form's values as the manager last sent them (kept on a refusal), or the offer's own. */
  values: OfferFormValues;
}

/** The form's text values, as the view fills its fields. */
export interface OfferFormValues {
  title: string;
  description: string;
  link: string;
  starts: string;
  ends: string;
  dealership_ids: number[];
}

/** The offers page's context. */
export interface OffersPageContext {
  data: ConsoleOffers | null;
  /** Why loading failed. */
  error: string | null;
  draft: OfferDraft | null;
  /** The form's messages per field (`title`, `image_url`, `starts`, …). */
  fields: Record<string, string>;
  /** The checked form being sent. */
  pending: OfferForm | null;
  /** The offer the manager asked to end (the question is open), or being ended. */
  ending: number | null;
  /** What the last change did, for the status line. */
  notice: string | null;
  /** Why the last change was refused. */
  problem: string | null;
}

/** What the manager does on the page. */
export type OffersPageEvent =
  | { type: 'retry' }
  | { type: 'offer.new' }
  | { type: 'offer.edit'; id: number }
  | { type: 'form.cancel' }
  | { type: 'image.chosen'; picture: ChosenPicture }
  | { type: 'form.submit'; values: Record<string, unknown> }
  | { type: 'end.ask'; id: number }
  | { type: 'end.cancel' }
  | { type: 'end.confirm' };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The form's raw values (as the view reads them) as the form's fields; checkboxes as a list of ids. */
export function offerFormValues(values: Record<string, unknown>): OfferFormValues {
  const ids = values.dealership_ids;
  const list = Array.isArray(ids) ? ids : typeof ids === 'string' && ids !== '' ? [ids] : [];
  return {
    title: text(values.title),
    description: text(values.description),
    link: text(values.link),
    starts: text(values.starts),
    ends: text(values.ends),
    dealership_ids: list.map((id) => Number(id)).filter((id) => Number.isInteger(id) && id > 0),
  };
}

const valuesOf = (offer: ConsoleOffer): OfferFormValues => ({
  title: offer.title,
  description: offer.description ?? '',
  link: offer.link,
  starts: offer.starts,
  ends: offer.ends,
  dealership_ids: offer.dealership_ids,
});

/**
 * The form checked: the domain's schema (the one the route runs again), then the day rule — a new
 * first day may not be before the dealer's today (a running offer keeps the first day it has).
 */
export function checkOfferForm(
  context: Pick<OffersPageContext, 'data' | 'draft'>,
  values: Record<string, unknown>,
): { ok: true; form: OfferForm } | { ok: false; fields: Record<string, string> } {
  const draft = context.draft;
  const form = { ...offerFormValues(values), image_url: draft?.image_url ?? '' };
  const parsed = z.safeParse(offerFormSchema, form);
  const fields = parsed.success ? {} : fieldErrors(parsed.error);
  const today = context.data?.today ?? '';
  const had = draft?.id != null ? context.data?.offers.find((offer) => offer.id === draft.id) : undefined;
  if (!fields.starts && form.starts < today && form.starts !== had?.starts)
    fields.starts = OFFER_MESSAGES.past;
  if (!fields.ends && form.ends < today) fields.ends = OFFER_MESSAGES.past;
  if (!parsed.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, form: parsed.data };
}

const EMPTY: OfferFormValues = {
  title: '',
  description: '',
  link: '/special-offers',
  starts: '',
  ends: '',
  dealership_ids: [],
};

const upsert = (offers: readonly ConsoleOffer[], offer: ConsoleOffer): ConsoleOffer[] =>
  offers.some((listed) => listed.id === offer.id)
    ? offers.map((listed) => (listed.id === offer.id ? offer : listed))
    : [offer, ...offers];

const clear = { notice: null, problem: null } as const;

/**
 * `/dealer/offers` (issue 36 item 6): the site's promotions — running, to come and ended — with their
 * days and where they show. `loading → ready | failed (retry)`. In `ready.idle`: `offer.new` /
 * `offer.edit` open the form (`editing`), where `image.chosen` uploads a picture through the photo
 * pipeline (`uploading`) and `form.submit` is checked by the domain's schema in a guard (its field
 * errors assigned, or `saving`); the saved offer replaces or joins the list. `end.ask` opens the
 * question for an offer not yet ended, `end.confirm` ends it now (`ending`). Each change answers with
 * a status line or the server's refusal.
 */
export const offersPageMachine = setup({
  types: {} as { context: OffersPageContext; events: OffersPageEvent },
  actors: {
    loadOffers: fromPromise<ConsoleOffers, undefined>(notProvided('consoleOffersPage: loadOffers')),
    uploadImage: fromPromise<{ image_url: string; srcset: string }, ChosenPicture>(
      notProvided('consoleOffersPage: uploadImage'),
    ),
    saveOffer: fromPromise<ConsoleOffer, { id: number | null; form: OfferForm }>(
      notProvided('consoleOffersPage: saveOffer'),
    ),
    endOffer: fromPromise<ConsoleOffer, { id: number }>(notProvided('consoleOffersPage: endOffer')),
  },
  guards: {
    isKnownOffer: ({ context, event }) => {
      const { id } = event as Extract<OffersPageEvent, { type: 'offer.edit' }>;
      return context.data?.offers.some((offer) => offer.id === id) === true;
    },
    isLiveOffer: ({ context, event }) => {
      const { id } = event as Extract<OffersPageEvent, { type: 'end.ask' }>;
      return context.data?.offers.some((offer) => offer.id === id && offer.phase !== 'ended') === true;
    },
    isValidOffer: ({ context, event }) => {
      const { values } = event as Extract<OffersPageEvent, { type: 'form.submit' }>;
      return checkOfferForm(context, values).ok;
    },
  },
  actions: {
    assignData: assign((_, data: ConsoleOffers) => ({ data, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    assignProblem: assign((_, error: unknown) => ({ problem: errorMessage(error), notice: null })),
  },
}).createMachine({
  id: 'consoleOffersPage',
  context: {
    data: null,
    error: null,
    draft: null,
    fields: {},
    pending: null,
    ending: null,
    notice: null,
    problem: null,
  },
  initial: 'loading',
  states: {
    ...loadingRegion<'loadOffers', ConsoleOffers, undefined>('loadOffers'),
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'offer.new': {
              target: 'editing',
              actions: assign({
                ...clear,
                fields: {},
                draft: ({ context }) => ({
                  id: null,
                  image_url: '',
                  values: { ...EMPTY, starts: context.data?.today ?? '', ends: context.data?.today ?? '' },
                }),
              }),
            },
            'offer.edit': {
              guard: 'isKnownOffer',
              target: 'editing',
              actions: assign(({ context, event }) => {
                const offer = context.data?.offers.find((listed) => listed.id === event.id) as ConsoleOffer;
                return {
                  ...clear,
                  fields: {},
                  draft: { id: offer.id, image_url: offer.image_url, values: valuesOf(offer) },
                };
              }),
            },
            'end.ask': {
              guard: 'isLiveOffer',
              target: 'asking',
              actions: assign(({ event }) => ({ ...clear, ending: event.id })),
            },
          },
        },
        editing: {
          initial: 'form',
          on: {
            'form.cancel': { target: 'idle', actions: assign({ draft: null, fields: {} }) },
          },
          states: {
            form: {
              on: {
                'image.chosen': {
                  target: 'uploading',
                  actions: assign(({ context }) => {
                    const { image_url: _, ...rest } = context.fields;
                    return { fields: rest, ...clear };
                  }),
                },
                'form.submit': [
                  {
                    guard: 'isValidOffer',
                    target: 'saving',
                    actions: assign(({ context, event }) => {
                      const checked = checkOfferForm(context, event.values);
                      return {
                        ...clear,
                        fields: {},
                        pending: checked.ok ? checked.form : null,
                        draft: context.draft && { ...context.draft, values: offerFormValues(event.values) },
                      };
                    }),
                  },
                  {
                    actions: assign(({ context, event }) => {
                      const checked = checkOfferForm(context, event.values);
                      return {
                        ...clear,
                        fields: checked.ok ? {} : checked.fields,
                        draft: context.draft && { ...context.draft, values: offerFormValues(event.values) },
                      };
                    }),
                  },
                ],
              },
            },
            uploading: {
              tags: 'busy',
              invoke: {
                id: 'uploadImage',
                src: 'uploadImage',
                input: ({ event }) => (event as Extract<OffersPageEvent, { type: 'image.chosen' }>).picture,
                onDone: {
                  target: 'form',
                  actions: assign(({ context, event }) => ({
                    draft: context.draft && { ...context.draft, image_url: event.output.image_url },
                  })),
                },
                onError: {
                  target: 'form',
                  actions: assign(({ context, event }) => ({
                    fields: { ...context.fields, image_url: errorMessage(event.error) },
                  })),
                },
              },
            },
            saving: {
              tags: 'busy',
              invoke: {
                id: 'saveOffer',
                src: 'saveOffer',
                input: ({ context }) => ({
                  id: context.draft?.id ?? null,
                  form: context.pending as OfferForm,
                }),
                onDone: {
                  target: '#consoleOffersPage.ready.idle',
                  actions: assign(({ context, event }) => ({
                    data: context.data && {
                      ...context.data,
                      offers: upsert(context.data.offers, event.output),
                    },
                    notice:
                      context.draft?.id == null
                        ? `“${event.output.title}” is added`
                        : `“${event.output.title}” is saved`,
                    problem: null,
                    draft: null,
                    pending: null,
                  })),
                },
                onError: {
                  target: 'form',
                  actions: assign(({ event }) => ({
                    fields: refusalFields(event.error),
                    problem: errorMessage(event.error),
                    notice: null,
                    pending: null,
                  })),
                },
              },
            },
          },
        },
        asking: {
          on: {
            'end.cancel': { target: 'idle', actions: assign({ ending: null }) },
            'end.confirm': 'ending',
          },
        },
        ending: {
          tags: 'busy',
          invoke: {
            id: 'endOffer',
            src: 'endOffer',
            input: ({ context }) => ({ id: context.ending ?? 0 }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                data: context.data && { ...context.data, offers: upsert(context.data.offers, event.output) },
                notice: `“${event.output.title}” has ended`,
                problem: null,
                ending: null,
              })),
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'assignProblem', params: errorOf }, assign({ ending: null })],
            },
          },
        },
      },
    },
  },
});

/** A running offers page. */
export type OffersPageActorRef = ActorRefFrom<typeof offersPageMachine>;
