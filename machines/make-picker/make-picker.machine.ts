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
export interface MakePickerInput extends MakePickerFacets {
  /** Makes under 'Popular Makes' (7, or the dealer group's configured count: `popularMakesCount`). */
  popularCount: number;
}

/** The picker's context: the facets it shows, how many are popular, and the make whose models show. */
export interface MakePickerContext extends MakePickerInput {
  openMake: string | null;
}

/** Events the make picker accepts. */
export type MakePickerEvent =
  /** 'Show all makes' / 'Hide extra makes'. */
  | { type: 'makes.toggle' }
  /** Opens a make's 'Select models' (one make at a time). */
  | { type: 'make.expand'; make: string }
  | { type: 'make.collapse'; make: string }
  | { type: 'make.choose'; make: string }
  | { type: 'model.choose'; make: string; model: string }
  /** A new result brought new make and model facets. */
  | { type: 'facets.update'; facets: MakePickerFacets };

/** What the picker asks of its parent: refine (toggle) a make or a model. */
export type MakePickerEmitted =
  | { type: 'make.refine'; make: string }
  | { type: 'model.refine'; make: string; model: string; value: string };

const findModel = (context: MakePickerContext, make: string, model: string): ModelOption | undefined =>
  context.modelsByMake[make]?.find((option) => option.name === model);

const isListed = (context: MakePickerContext, make: string): boolean =>
  context.makes.some((option) => option.name === make);

/**
 * The make picker (spec doc 1 §2 "Make picker", §9 "Make list"), two regions: `makes` is
 * `folded ⇄ unfolded` by the 'Show all makes' toggle (only when there are more makes than popular
 * ones); `models` is `closed ⇄ open`, one make's 'Select models' at a time (closed again when a new
 * result drops that make). A chosen make or model leaves as `make.refine` / `model.refine`.
 */
export const makePickerMachine = setup({
  types: {} as {
    context: MakePickerContext;
    events: MakePickerEvent;
    input: MakePickerInput;
    emitted: MakePickerEmitted;
  },
  guards: {
    hasExtraMakes: ({ context }) => context.makes.length > context.popularCount,
    isListedMake: ({ context }, make: string) => isListed(context, make),
    isOpenMake: ({ context }, make: string) => context.openMake === make,
    isOpenMakeGone: ({ context }) => context.openMake === null,
    isListedModel: ({ context }, params: { make: string; model: string }) =>
      findModel(context, params.make, params.model) !== undefined,
  },
  actions: {
    assignOpenMake: assign((_, make: string | null) => ({ openMake: make })),
    assignFacets: assign(({ context }, facets: MakePickerFacets) => ({
      makes: facets.makes,
      modelsByMake: facets.modelsByMake,
      openMake: facets.makes.some((option) => option.name === context.openMake) ? context.openMake : null,
    })),
    emitMakeRefine: emit((_, make: string) => ({ type: 'make.refine' as const, make })),
    emitModelRefine: emit(({ context }, params: { make: string; model: string }) => ({
      type: 'model.refine' as const,
      make: params.make,
      model: params.model,
      value: findModel(context, params.make, params.model)?.value ?? params.model,
    })),
  },
}).createMachine({
  id: 'makePicker',
  context: ({ input }) => ({ ...input, openMake: null }),
  type: 'parallel',
  on: {
    'make.choose': {
      guard: { type: 'isListedMake', params: ({ event }) => event.make },
      actions: { type: 'emitMakeRefine', params: ({ event }) => event.make },
    },
    'model.choose': {
      guard: { type: 'isListedModel', params: ({ event }) => event },
      actions: { type: 'emitModelRefine', params: ({ event }) => event },
    },
    'facets.update': { actions: { type: 'assignFacets', params: ({ event }) => event.facets } },
  },
  states: {
    makes: {
      initial: 'folded',
      states: {
        folded: {
          on: { 'makes.toggle': { guard: 'hasExtraMakes', target: 'unfolded' } },
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
          guard: { type: 'isListedMake', params: ({ event }) => event.make },
          target: '.open',
          actions: { type: 'assignOpenMake', params: ({ event }) => event.make },
        },
      },
      states: {
        closed: {},
        open: {
          always: { guard: 'isOpenMakeGone', target: 'closed' },
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
