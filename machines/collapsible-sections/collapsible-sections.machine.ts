import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** One collapsible section, named by its header. */
export interface CollapsibleSection {
  /** The header text; persisted open state is stored under it (§2 "by header name"). */
  name: string;
  /** Whether its open state is kept across pages. */
  persist: boolean;
  defaultOpen: boolean;
}

/** Open state by header name, as storage keeps it. */
export type StoredOpenSections = Record<string, boolean>;

/** The sections of one page. */
export interface CollapsibleSectionsInput {
  sections: CollapsibleSection[];
}

/** The sections, the names of the open ones (in section order) and a storage failure, if any. */
export interface CollapsibleSectionsContext extends CollapsibleSectionsInput {
  open: string[];
  storageError: string | null;
}

/** Events of the collapsible sections. */
export type CollapsibleSectionsEvent =
  /** The open sections changed (the accordion's value). */
  | { type: 'sections.change'; open: string[] }
  /** Read the persisted open state (sent once the page runs in the browser, and as a retry). */
  | { type: 'sections.restore' };

function ordered(sections: readonly CollapsibleSection[], open: (section: CollapsibleSection) => boolean) {
  return sections.filter(open).map((section) => section.name);
}

/**
 * The car page's collapsible sections (§2 Reserve Online, Why Buy From Us, Protect Your Car, Car
 * Summary, All Specifications; §4 300 ms accordion). They start at their defaults (so the server and
 * the browser render alike); `sections.restore` reads the persisted state of the sections that keep it
 * (`readOpenSections`), and each change writes it back (`writeOpenSections`) by header name; once the
 * shopper has opened or closed one, what storage kept no longer applies.
 */
export const collapsibleSectionsMachine = setup({
  types: {} as {
    context: CollapsibleSectionsContext;
    events: CollapsibleSectionsEvent;
    input: CollapsibleSectionsInput;
  },
  actors: {
    readOpenSections: fromPromise<StoredOpenSections>(notProvided('readOpenSections')),
  },
  actions: {
    writeOpenSections: (_, _params: StoredOpenSections) => notProvided('writeOpenSections')(),
    assignOpen: assign(({ context }, open: readonly string[]) => ({
      open: ordered(context.sections, (section) => open.includes(section.name)),
    })),
    assignStored: assign(({ context }, stored: StoredOpenSections) => ({
      open: ordered(context.sections, (section) =>
        section.persist && typeof stored[section.name] === 'boolean'
          ? stored[section.name] === true
          : context.open.includes(section.name),
      ),
      storageError: null,
    })),
    assignStorageError: assign((_, error: unknown) => ({ storageError: errorMessage(error) })),
  },
}).createMachine({
  id: 'collapsibleSections',
  context: ({ input }) => ({
    sections: input.sections,
    open: ordered(input.sections, (section) => section.defaultOpen),
    storageError: null,
  }),
  on: {
    // The shopper's press settles the sections: a stored state still being read (the page replays a
    // press made before it hydrated in the moment it asks for it) or asked for again is older than it.
    'sections.change': {
      target: '.restored',
      actions: [
        { type: 'assignOpen', params: ({ event }) => event.open },
        {
          type: 'writeOpenSections',
          params: ({ context }) =>
            Object.fromEntries(
              context.sections
                .filter((section) => section.persist)
                .map((section) => [section.name, context.open.includes(section.name)]),
            ),
        },
      ],
    },
  },
  initial: 'defaults',
  states: {
    defaults: { on: { 'sections.restore': 'restoring' } },
    restoring: {
      invoke: {
        id: 'readOpenSections',
        src: 'readOpenSections',
        onDone: {
          target: 'restored',
          actions: { type: 'assignStored', params: ({ event }) => event.output },
        },
        onError: {
          target: 'storageFailed',
          actions: {
            type: 'assignStorageError',
            params: errorOf,
          },
        },
      },
    },
    restored: {},
    /** The sections keep working at their current state; `sections.restore` tries again. */
    storageFailed: { on: { 'sections.restore': 'restoring' } },
  },
});

/** A running set of collapsible sections. */
export type CollapsibleSectionsActorRef = ActorRefFrom<typeof collapsibleSectionsMachine>;
