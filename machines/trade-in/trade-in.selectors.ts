import type { SnapshotFrom } from 'xstate';
import type { CarSummary } from '../../domain/contracts/vehicle.ts';
import { prefillContact } from '../../domain/shopper-contact.ts';
import { LOADING_MESSAGES, type RegoStep, type VehicleRecord } from '../../domain/trade-in.ts';
import type { tradeInMachine } from './trade-in.machine.ts';

type TradeInSnapshot = SnapshotFrom<typeof tradeInMachine>;

/** The wizard's screen: one of its four steps, the not-found screen, the offer, or the offer accepted. */
export type TradeInScreen =
  | 'vehicleDetails'
  | 'notFound'
  | 'vehicleSelection'
  | 'uploadImages'
  | 'yourDetails'
  | 'offer'
  | 'accepted';

/** Whether the car being bought is still loading. */
export const selectIsLoading = (snapshot: TradeInSnapshot): boolean => snapshot.hasTag('loading');

/** Whether a call is in flight (a step's button shows it is busy). */
export const selectIsBusy = (snapshot: TradeInSnapshot): boolean => snapshot.hasTag('busy');

/** Which screen to show; a step stays on screen while its call runs. */
export const selectScreen = (snapshot: TradeInSnapshot): TradeInScreen => {
  if (snapshot.matches('notFound')) return 'notFound';
  if (snapshot.matches('vehicleSelection') || snapshot.matches('selecting')) return 'vehicleSelection';
  if (snapshot.matches('uploadImages')) return 'uploadImages';
  if (snapshot.matches('yourDetails') || snapshot.matches('valuing') || snapshot.matches('sendingLead'))
    return 'yourDetails';
  if (snapshot.matches('offer') || snapshot.matches('accepting')) return 'offer';
  if (snapshot.matches('accepted')) return 'accepted';
  return 'vehicleDetails';
};

/** The message of the look-up under way (they rotate every 5 s), or null when none is. */
export const selectLoadingMessage = (snapshot: TradeInSnapshot): string | null =>
  snapshot.matches('lookingUp') ? (LOADING_MESSAGES[snapshot.context.messageIndex] ?? null) : null;

/** The current step's field errors (from its schema or the server's answer). */
export const selectFieldErrors = (snapshot: TradeInSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;

/** The current step's form error: the server's message, or the wizard's own text. */
export const selectFormError = (snapshot: TradeInSnapshot): string | null => snapshot.context.error;

/** Step One's values as last sent (shown again after a failure or Back). */
export const selectRego = (snapshot: TradeInSnapshot): RegoStep | null => snapshot.context.rego;

/** Step Two's descriptions to choose from. */
export const selectDescriptions = (snapshot: TradeInSnapshot): string[] => snapshot.context.descriptions;

/** Step Three's actor, while Step Three is on screen (`undefined` otherwise). */
export const selectPhotoUpload = (snapshot: TradeInSnapshot) => snapshot.children.photoUpload;

/** The valued vehicle with its offer (or why there is none online), once its lead is sent. */
export const selectValuedRecord = (snapshot: TradeInSnapshot): VehicleRecord | null =>
  snapshot.context.leadId !== null ? snapshot.context.offered : null;

/** The car being bought (`/cars/trade-in?car_id=`), or null. */
export const selectCar = (snapshot: TradeInSnapshot): CarSummary | null => snapshot.context.car;

/**
 * What Step Four's fields start with: a signed-in shopper's name, email and phone (issue 37 item 9),
 * or nothing for a visitor. A field the shopper has typed in keeps what they typed. Compare with
 * `shallowEqual`.
 */
export const selectDetailValues = (snapshot: TradeInSnapshot): Record<string, unknown> =>
  prefillContact({}, snapshot.context.contact);
