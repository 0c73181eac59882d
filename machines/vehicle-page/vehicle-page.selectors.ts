import type { SnapshotFrom } from 'xstate';
import type { EnquiryActorRef } from '../enquiry/enquiry.machine.ts';
import type { vehiclePageMachine } from './vehicle-page.machine.ts';
import { type VehicleView, vehicleView } from './vehicle-view.ts';

type VehiclePageSnapshot = SnapshotFrom<typeof vehiclePageMachine>;

/** Whether the car is still loading. */
export const selectIsLoading = (snapshot: VehiclePageSnapshot): boolean => snapshot.hasTag('loading');

/** Whether the slug names no car of this site. */
export const selectIsNotFound = (snapshot: VehiclePageSnapshot): boolean => snapshot.matches('notFound');

/** The failure message, when loading failed. */
export const selectError = (snapshot: VehiclePageSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;

const views = new WeakMap<object, VehicleView>();

/** The page's view of the loaded car (computed once per loaded answer), or `null` before it loads. */
export const selectVehicleView = (snapshot: VehiclePageSnapshot): VehicleView | null => {
  const { vehicle, settings } = snapshot.context;
  if (!vehicle) return null;
  let view = views.get(vehicle);
  if (!view) {
    view = vehicleView(vehicle, settings);
    views.set(vehicle, view);
  }
  return view;
};

/** The page's flows, once the car has loaded (`undefined` before). */
export const selectPhoneReveal = (snapshot: VehiclePageSnapshot) => snapshot.children.phoneReveal;
/** The finance-disclaimer modal's actor. */
export const selectFinanceDisclaimer = (snapshot: VehiclePageSnapshot) => snapshot.children.financeDisclaimer;
/** The PDF download's actor. */
export const selectPdfDownload = (snapshot: VehiclePageSnapshot) => snapshot.children.pdfDownload;
/** The collapsible sections' actor. */
export const selectCollapsibleSections = (snapshot: VehiclePageSnapshot) =>
  snapshot.children.collapsibleSections;
/**
 * The enquiry's actor once it runs: spawned from logic loaded on intent (decision 134), so it is not
 * among the children the machine's types name; `undefined` before, and on the server.
 */
export const selectEnquiry = (snapshot: VehiclePageSnapshot): EnquiryActorRef | undefined =>
  (snapshot.children as { enquiry?: EnquiryActorRef }).enquiry;
