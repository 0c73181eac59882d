import { type ActorRefFrom, assign, emit, setup } from 'xstate';

/** A make facet value as the picker shows it: name, slug, stock count and logo (`null`: none). */
export interface MakeOption {
  name: string;
  slug: string;
  count: number;
  logoUrl: string | null;
}

/** A model of a make with its stock count; `value` is the `make_model` facet value it refines. */
export interface ModelOption {
  name: string;
  count: number;
  value: string;
}

/** The makes of the current result and their models. */
export interface MakePickerFacets {
  makes: MakeOption[];
  /** Models by make name. */
  modelsByMake: Record<string, ModelOption[]>;
}

/** What the picker starts from. */
export interface MakePickerInput {
  /** Makes under 'Popular Makes' (7, or the dealer group's configured count: `popularMakesCount`). */
  popularCount: number;
}

/**
 * The picker's context: how many makes are popular, and the make whose models show. The facets are
 * its owner's props (issue 32 item 5), carried by the events that need them and given to the selectors.
 */
export interface MakePickerContext extends MakePickerInput {
  openMake: string | null;
}

/** Events the make picker accepts; those with a guard on the listed makes carry the current facets. */
export type MakePickerEvent =
  /** 'Show all makes' / 'Hide extra makes'. */
  | { type: 'makes.toggle'; facets: MakePickerFacets }
  /** Opens a make's 'Select models' (one make at a time). */
  | { type: 'make.expand'; make: string; facets: MakePickerFacets }
  | { type: 'make.collapse'; make: string }
  | { type: 'make.choose'; make: string; facets: MakePickerFacets }
  | { type: 'model.choose'; make: string; model: string; facets: MakePickerFacets };

/** What the picker asks of its parent: refine (toggle) a make or a model. */
export type MakePickerEmitted =
  | { type: 'make.refine'; make: string }
  | { type: 'model.refine'; make: string; model: string; value: string };

type ModelChoice = { make: string; model: string; facets: MakePickerFacets };

const findModel = ({ facets, make, model }: ModelChoice): ModelOption | undefined =>
  facets.modelsByMake[make]?.find((option) => option.name === model);

/** Whether `make` is among the facets' makes (a make a new result dropped is not). */
export const isListed = (facets: MakePickerFacets, make: string | null): boolean =>
  facets.makes.some((option) => option.name === make);

/**
 * The make picker (spec doc 1 §2 "Make picker", §9 "Make list"), two regions: `makes` is
 * `folded ⇄ unfolded` by the 'Show all makes' toggle (only when there are more makes than popular
 * ones); `models` is `closed ⇄ open`, one make's 'Select models' at a time (shown closed while the
 * result does not list that make: `selectOpenMake`). A chosen make or model leaves as
 * `make.refine` / `model.refine`.
 */
export const makePickerMachine = setup({
  types: {} as {
    context: MakePickerContext;
    events: MakePickerEvent;
    input: MakePickerInput;
    emitted: MakePickerEmitted;
  },
  guards: {
    hasExtraMakes: ({ context }, facets: MakePickerFacets) => facets.makes.length > context.popularCount,
    isListedMake: (_, params: { make: string; facets: MakePickerFacets }) =>
      isListed(params.facets, params.make),
    isOpenMake: ({ context }, make: string) => context.openMake === make,
    isListedModel: (_, params: ModelChoice) => findModel(params) !== undefined,
  },
  actions: {
    assignOpenMake: assign((_, make: string | null) => ({ openMake: make })),
    emitMakeRefine: emit((_, make: string) => ({ type: 'make.refine' as const, make })),
    emitModelRefine: emit((_, params: ModelChoice) => ({
      type: 'model.refine' as const,
      make: params.make,
      model: params.model,
      value: findModel(params)?.value ?? params.model,
    })),
  },
}).createMachine({
  id: 'makePicker',
  context: ({ input }) => ({ popularCount: input.popularCount, openMake: null }),
  type: 'parallel',
  on: {
    'make.choose': {
      guard: { type: 'isListedMake', params: ({ event }) => event },
      actions: { type: 'emitMakeRefine', params: ({ event }) => event.make },
    },
    'model.choose': {
      guard: { type: 'isListedModel', params: ({ event }) => event },
      actions: { type: 'emitModelRefine', params: ({ event }) => event },
    },
  },
  states: {
    makes: {
      initial: 'folded',
      states: {
        folded: {
          on: {
            'makes.toggle': {
              guard: { type: 'hasExtraMakes', params: ({ event }) => event.facets },
              target: 'unfolded',
            },
          },
        },
        unfolded: {
          tags: ['allMakes'],
          on: { 'makes.toggle': 'folded' },
        },
      },
    },
    models: {
      initial: 'closed',
      on: {
        'make.expand': {
          guard: { type: 'isListedMake', params: ({ event }) => event },
          target: '.open',
          actions: { type: 'assignOpenMake', params: ({ event }) => event.make },
        },
      },
      states: {
        closed: {},
        open: {
          on: {
            'make.collapse': {
              guard: { type: 'isOpenMake', params: ({ event }) => event.make },
              target: 'closed',
              actions: { type: 'assignOpenMake', params: null },
            },
          },
        },
      },
    },
  },
});

/** A running make picker. */
export type MakePickerActorRef = ActorRefFrom<typeof makePickerMachine>;
