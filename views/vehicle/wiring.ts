import { fromPromise } from 'xstate';
import { collapsibleSectionsMachine } from '../../machines/collapsible-sections/collapsible-sections.machine.ts';
import { financeDisclaimerMachine } from '../../machines/finance-disclaimer/finance-disclaimer.machine.ts';
import { pdfDownloadMachine } from '../../machines/pdf-download/pdf-download.machine.ts';
import { phoneRevealMachine } from '../../machines/phone-reveal/phone-reveal.machine.ts';
import { vehiclePageMachine } from '../../machines/vehicle-page/vehicle-page.machine.ts';
import { readOpenSections, writeOpenSections } from '../../services/vehicle/open-sections.storage.ts';
import {
  fetchCarPdf,
  fetchFinanceDisclaimers,
  fetchVehicle,
  trackPhoneReveal,
} from '../../services/vehicle/vehicle.service.ts';
import type { AppDeps } from '../app/app-deps.ts';
import { alertMessage, saveFile } from '../ui/browser-effects.ts';

/*
 * The car page's wiring, apart from `wiring.ts` so its machines and services travel in the car
 * page's chunk only (decision 070).
 */

/** TanStack Query keys of the car page: its data by slug, a car's finance disclaimers by id. */
export const vehicleQueryKeys = {
  vehicle: (slug: string) => ['vehicle', slug] as const,
  carFinance: (carId: number) => ['car-finance', carId] as const,
};

/**
 * The car page machine with its loader and its flows bound: the car through the query cache, reveal
 * tracking, the lazily loaded finance disclaimer, the PDF (saved by the browser, failures alerted),
 * the open sections in the browser's storage, and the enquiry's logic, loaded when the shopper means
 * to use it (`wiring.enquiry.ts`, decision 134). The abort signal is not passed on (StrictMode trap).
 */
export function vehiclePageLogic(deps: AppDeps) {
  const { http, queries } = deps;
  return vehiclePageMachine.provide({
    actors: {
      loadVehicle: fromPromise(({ input }) =>
        queries.fetchQuery({
          queryKey: vehicleQueryKeys.vehicle(input.slug),
          queryFn: () => fetchVehicle(http, input),
        }),
      ),
      phoneReveal: phoneRevealMachine.provide({
        actors: { trackReveal: fromPromise(({ input }) => trackPhoneReveal(http, input)) },
        actions: { logWarning: (_, { message }) => console.warn(message) },
      }),
      financeDisclaimer: financeDisclaimerMachine.provide({
        actors: {
          loadDisclaimers: fromPromise(({ input }) =>
            queries.fetchQuery({
              queryKey: vehicleQueryKeys.carFinance(input.carId),
              queryFn: () => fetchFinanceDisclaimers(http, input),
            }),
          ),
        },
      }),
      pdfDownload: pdfDownloadMachine.provide({
        actors: { downloadPdf: fromPromise(({ input }) => fetchCarPdf(http, input)) },
        actions: {
          saveFile: (_, { file, fileName }) => saveFile(file, fileName),
          alertError: (_, { message }) => alertMessage(message),
        },
      }),
      collapsibleSections: collapsibleSectionsMachine.provide({
        actors: { readOpenSections: fromPromise(async () => readOpenSections()) },
        actions: { writeOpenSections: (_, open) => writeOpenSections(open) },
      }),
      loadEnquiry: fromPromise(() =>
        import('./wiring.enquiry.ts').then((module) => module.enquiryLogic(deps)),
      ),
    },
  });
}
