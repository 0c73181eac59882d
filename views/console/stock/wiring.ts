import { fromPromise } from 'xstate';
import type { CarActionCall, FeedSettings, UploadCall } from '../../../domain/contracts/console-stock.ts';
import { stockPageMachine } from '../../../machines/console-stock/stock-page.machine.ts';
import {
  actOnCar,
  fetchStock,
  previewCsv,
  runFeed,
  saveFeed,
  uploadStock,
} from '../../../services/console/stock.service.ts';
import type { ConsolePageDeps } from '../app/console-page-definition.ts';

/** The stock page's machine bound to the server (with the staff cookie). */
export function stockPageLogic({ http }: ConsolePageDeps) {
  return stockPageMachine.provide({
    actors: {
      loadStock: fromPromise(({ input }: { input: { query: string } }) => fetchStock(http, input)),
      previewCsv: fromPromise(({ input }: { input: { content: string } }) => previewCsv(http, input)),
      uploadStock: fromPromise(({ input }: { input: UploadCall }) => uploadStock(http, input)),
      saveFeed: fromPromise(({ input }: { input: FeedSettings }) => saveFeed(http, input)),
      runFeed: fromPromise(() => runFeed(http)),
      actOnCar: fromPromise(({ input }: { input: CarActionCall }) => actOnCar(http, input)),
    },
  });
}
