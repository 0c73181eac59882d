import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type {
  CarActionCall,
  CsvPreview,
  FeedSettings,
  StockCar,
  StockCarAction,
  StockFeed,
  StockFormat,
  StockOverview,
  StockRun,
  UploadCall,
} from '../../domain/contracts/console-stock.ts';
import type { CsvMapping } from '../../domain/stock-csv.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** A file the manager chose, read as text by the view. */
export interface ChosenFile {
  name: string;
  format: StockFormat;
  content: string;
  /** The file is the whole stock: cars missing from it are removed. */
  replace: boolean;
}

/** The stock page's context. */
export interface StockPageContext {
  /** The search the list shows (`?q=`). */
  query: string;
  data: StockOverview | null;
  /** Why loading failed. */
  error: string | null;
  /** The file being uploaded (through the mapping step when it is a CSV). */
  file: ChosenFile | null;
  /** A CSV file's headers and proposed mapping, while the manager maps its columns. */
  preview: CsvPreview | null;
  /** The mapping as the manager has set it. */
  mapping: CsvMapping;
  /** The last upload's or pull's run, its report shown. */
  report: StockRun | null;
  /** What the last change did, for the status line. */
  notice: string | null;
  /** Why the last change was refused (the server's message). */
  problem: string | null;
  /** The car action being sent. */
  pendingAction: CarActionCall | null;
}

/** What the manager does on the page. */
export type StockPageEvent =
  | { type: 'retry' }
  | { type: 'search'; query: string }
  | { type: 'file.chosen'; file: ChosenFile }
  | { type: 'mapping.set'; header: string; field: string | null }
  | { type: 'mapping.confirm' }
  | { type: 'upload.cancel' }
  | { type: 'feed.save'; settings: FeedSettings }
  | { type: 'feed.run' }
  | { type: 'car.act'; id: number; action: StockCarAction };

const ACTION_NOTICES: Record<StockCarAction['action'], (car: StockCar) => string> = {
  hide: (car) => `${car.name} is hidden from the site`,
  show: (car) => `${car.name} is shown on the site`,
  sold: (car) => `${car.name} is marked sold`,
  price: (car) => `${car.name}: the price is changed`,
};

const clear = { notice: null, problem: null } as const;

/**
 * `/dealer/stock` (issue 36 item 5): the dealer's cars (searched), an upload with its report, the
 * feed's settings and runs. `loading → ready | failed (retry)`. In `ready.idle`: a JSON file is
 * uploaded at once; a CSV is previewed first (`previewing`) and its columns mapped (`mapping`:
 * `mapping.set`, `mapping.confirm`, `upload.cancel`) before it is uploaded; the run's report is kept
 * and the list refreshed (`refreshing`, no skeleton). `feed.save`, `feed.run` and `car.act` each
 * answer with a status line or the server's refusal; `search` reloads the list.
 */
export const stockPageMachine = setup({
  types: {} as {
    context: StockPageContext;
    events: StockPageEvent;
    input: { query: string };
  },
  actors: {
    loadStock: fromPromise<StockOverview, { query: string }>(notProvided('consoleStockPage: loadStock')),
    previewCsv: fromPromise<CsvPreview, { content: string }>(notProvided('consoleStockPage: previewCsv')),
    uploadStock: fromPromise<StockRun, UploadCall>(notProvided('consoleStockPage: uploadStock')),
    saveFeed: fromPromise<StockFeed, FeedSettings>(notProvided('consoleStockPage: saveFeed')),
    runFeed: fromPromise<StockRun, undefined>(notProvided('consoleStockPage: runFeed')),
    actOnCar: fromPromise<StockCar, CarActionCall>(notProvided('consoleStockPage: actOnCar')),
  },
  guards: {
    isCsv: ({ event }) => (event as Extract<StockPageEvent, { type: 'file.chosen' }>).file.format === 'csv',
    isKnownHeader: ({ context, event }) =>
      context.preview?.headers.includes(
        (event as Extract<StockPageEvent, { type: 'mapping.set' }>).header,
      ) === true,
  },
  actions: {
    assignData: assign((_, data: StockOverview) => ({ data, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    assignProblem: assign((_, error: unknown) => ({ problem: errorMessage(error), notice: null })),
    assignFile: assign((_, file: ChosenFile) => ({ file, preview: null, report: null, ...clear })),
    assignPreview: assign((_, preview: CsvPreview) => ({ preview, mapping: { ...preview.mapping } })),
    setMapping: assign(({ context }, { header, field }: { header: string; field: string | null }) => ({
      mapping: { ...context.mapping, [header]: field },
    })),
    dropUpload: assign({ file: null, preview: null }),
    assignReport: assign((_, report: StockRun) => ({
      report,
      file: null,
      preview: null,
      notice: report.ok ? 'The stock is imported' : null,
      problem: report.ok ? null : report.error,
    })),
    assignFeed: assign(({ context }, feed: StockFeed) => ({
      data: context.data && { ...context.data, feed },
      notice: feed.enabled ? 'The feed is saved: it is pulled within a minute' : 'The feed is saved (paused)',
      problem: null,
    })),
    putCar: assign(({ context }, car: StockCar) => ({
      data: context.data && {
        ...context.data,
        cars: context.data.cars.map((listed) => (listed.id === car.id ? car : listed)),
      },
      notice: ACTION_NOTICES[context.pendingAction?.action.action ?? 'price'](car),
      problem: null,
      pendingAction: null,
    })),
  },
}).createMachine({
  id: 'consoleStockPage',
  context: ({ input }) => ({
    query: input.query,
    data: null,
    error: null,
    file: null,
    preview: null,
    mapping: {},
    report: null,
    notice: null,
    problem: null,
    pendingAction: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadStock',
        src: 'loadStock',
        input: ({ context }) => ({ query: context.query }),
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            search: {
              target: 'refreshing',
              actions: assign(({ event }) => ({ query: event.query, ...clear })),
            },
            'file.chosen': [
              {
                guard: 'isCsv',
                target: 'previewing',
                actions: { type: 'assignFile', params: ({ event }) => event.file },
              },
              { target: 'uploading', actions: { type: 'assignFile', params: ({ event }) => event.file } },
            ],
            'feed.save': { target: 'savingFeed', actions: assign(clear) },
            'feed.run': { target: 'runningFeed', actions: assign({ ...clear, report: null }) },
            'car.act': {
              target: 'acting',
              actions: assign(({ event }) => ({
                ...clear,
                pendingAction: { id: event.id, action: event.action },
              })),
            },
          },
        },
        previewing: {
          tags: 'busy',
          invoke: {
            id: 'previewCsv',
            src: 'previewCsv',
            input: ({ context }) => ({ content: context.file?.content ?? '' }),
            onDone: {
              target: 'mapping',
              actions: { type: 'assignPreview', params: ({ event }) => event.output },
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'assignProblem', params: errorOf }, 'dropUpload'],
            },
          },
        },
        mapping: {
          on: {
            'mapping.set': {
              guard: 'isKnownHeader',
              actions: {
                type: 'setMapping',
                params: ({ event }) => ({ header: event.header, field: event.field }),
              },
            },
            'mapping.confirm': 'uploading',
            'upload.cancel': { target: 'idle', actions: 'dropUpload' },
          },
        },
        uploading: {
          tags: 'busy',
          invoke: {
            id: 'uploadStock',
            src: 'uploadStock',
            input: ({ context }) => ({
              format: context.file?.format ?? 'json',
              content: context.file?.content ?? '',
              replace: context.file?.replace ?? false,
              ...(context.file?.format === 'csv' ? { mapping: context.mapping } : {}),
            }),
            onDone: {
              target: 'refreshing',
              actions: { type: 'assignReport', params: ({ event }) => event.output },
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'assignProblem', params: errorOf }, 'dropUpload'],
            },
          },
        },
        refreshing: {
          tags: 'busy',
          invoke: {
            id: 'refreshStock',
            src: 'loadStock',
            input: ({ context }) => ({ query: context.query }),
            onDone: { target: 'idle', actions: { type: 'assignData', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'assignProblem', params: errorOf } },
          },
        },
        savingFeed: {
          tags: 'busy',
          invoke: {
            id: 'saveFeed',
            src: 'saveFeed',
            input: ({ event }) => (event as Extract<StockPageEvent, { type: 'feed.save' }>).settings,
            onDone: { target: 'idle', actions: { type: 'assignFeed', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'assignProblem', params: errorOf } },
          },
        },
        runningFeed: {
          tags: 'busy',
          invoke: {
            id: 'runFeed',
            src: 'runFeed',
            input: () => undefined,
            onDone: {
              target: 'refreshing',
              actions: { type: 'assignReport', params: ({ event }) => event.output },
            },
            onError: { target: 'idle', actions: { type: 'assignProblem', params: errorOf } },
          },
        },
        acting: {
          tags: 'busy',
          invoke: {
            id: 'actOnCar',
            src: 'actOnCar',
            input: ({ context }) => context.pendingAction as CarActionCall,
            onDone: { target: 'idle', actions: { type: 'putCar', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: [{ type: 'assignProblem', params: errorOf }, assign({ pendingAction: null })],
            },
          },
        },
      },
    },
  },
});

/** A running stock page. */
export type StockPageActorRef = ActorRefFrom<typeof stockPageMachine>;
