import type { CsvPreview, StockCar, StockOverview, StockRun } from '../../domain/contracts/console-stock.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { stockPageMachine } from './stock-page.machine.ts';

const car: StockCar = {
  id: 7201,
  slug: '2020-mazda-cx-30-csv7201',
  name: '2020 Mazda CX-30',
  stocknum: 'CSV7201',
  price: 27_990,
  status: 'in_stock',
  shown: true,
  hidden: false,
  dealership_slug: 'bayside-mazda',
  primary_image_url: null,
};
const overview: StockOverview = { cars: [car], total: 1, feed: null, runs: [], mapping: null };
const preview: CsvPreview = {
  headers: ['ID', 'Stock No', 'Asking'],
  mapping: { ID: 'id', 'Stock No': 'stocknum', Asking: null },
  saved: false,
  rows: 1,
  fields: ['id', 'stocknum', 'price'],
  required: ['id', 'stocknum', 'price'],
};
const run: StockRun = {
  id: 1,
  source: 'upload',
  format: 'csv',
  at: '2026-11-27T09:00:00.000Z',
  staff_name: 'Morgan Manager',
  ok: true,
  report: { records: 1, added: 1, changed: 0, removed: 0, refused: [], photos_queued: 0 },
  error: null,
};
const csv = {
  name: 'stock.csv',
  format: 'csv',
  content: 'ID,Stock No,Asking\n7201,CSV7201,27990',
  replace: false,
} as const;

/**
 * The console's stock page path tests: loading → ready | failed (retry); a JSON file uploaded at once,
 * a CSV previewed, its columns mapped (a header set, cancel) and uploaded, each answered with a report
 * or refused; the feed saved and pulled; a car acted on; a search.
 */
export const consoleStockPageCatalogEntry = defineCatalogEntry(stockPageMachine, {
  summary:
    'Console stock: loading → ready | failed; upload JSON, or CSV via mapping (cancel) → report | refused; feed saved, pulled; car hidden/sold/repriced; search',
  input: { query: '' },
  promiseInvokes: {
    loadStock: 'loadStock',
    refreshStock: 'loadStock',
    previewCsv: 'previewCsv',
    uploadStock: 'uploadStock',
    saveFeed: 'saveFeed',
    runFeed: 'runFeed',
    actOnCar: 'actOnCar',
  },
  events: [
    { type: 'xstate.done.actor.loadStock', output: overview },
    { type: 'xstate.error.actor.loadStock', error: new Error('Network error') },
    { type: 'retry' },
    { type: 'file.chosen', file: csv },
    { type: 'file.chosen', file: { ...csv, name: 'stock.json', format: 'json', content: '[]' } },
    { type: 'xstate.done.actor.previewCsv', output: preview },
    { type: 'xstate.error.actor.previewCsv', error: new Error('The CSV file has no header row') },
    { type: 'mapping.set', header: 'Asking', field: 'price' },
    { type: 'mapping.confirm' },
    { type: 'upload.cancel' },
    { type: 'xstate.done.actor.uploadStock', output: run },
    { type: 'xstate.error.actor.uploadStock', error: new Error('The JSON file must be an array of cars') },
    { type: 'xstate.done.actor.refreshStock', output: overview },
    { type: 'xstate.error.actor.refreshStock', error: new Error('Network error') },
    {
      type: 'feed.save',
      settings: {
        url: 'https://feeds.example/stock.json',
        format: 'json',
        every_minutes: 60,
        enabled: true,
        replace: false,
      },
    },
    {
      type: 'xstate.done.actor.saveFeed',
      output: {
        url: 'https://feeds.example/stock.json',
        format: 'json',
        every_minutes: 60,
        enabled: true,
        replace: false,
        next_run_at: '2026-11-27T09:00:00.000Z',
      },
    },
    { type: 'xstate.error.actor.saveFeed', error: new Error('The feed is fetched over https only') },
    { type: 'feed.run' },
    { type: 'xstate.error.actor.runFeed', error: new Error('Save the feed’s address first') },
    {
      type: 'xstate.done.actor.runFeed',
      output: {
        ...run,
        source: 'feed',
        staff_name: null,
        ok: false,
        report: null,
        error: 'the feed’s server answered 500',
      },
    },
    { type: 'car.act', id: 7201, action: { action: 'price', price: 25_990 } },
    { type: 'xstate.done.actor.actOnCar', output: { ...car, price: 25_990 } },
    { type: 'xstate.error.actor.actOnCar', error: new Error('No such car in this dealer’s stock') },
    { type: 'search', query: 'CX-30' },
  ],
  serializeState: ({ value, context }) => ({
    value,
    file: context.file?.format ?? null,
    mapped: context.mapping.Asking ?? null,
    report: context.report?.ok ?? null,
    notice: context.notice !== null,
    problem: context.problem !== null,
  }),
  simplePaths: false,
});
