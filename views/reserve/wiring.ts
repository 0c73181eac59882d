import { fromPromise } from 'xstate';
import type { ReservationPayment } from '../../domain/contracts/reserve.ts';
import {
  type PaymentConfirmation,
  paymentStepMachine,
} from '../../machines/payment-step/payment-step.machine.ts';
import { reserveMachine } from '../../machines/reserve/reserve.machine.ts';
import { ServiceError } from '../../services/errors.ts';
import {
  type AttemptStore,
  confirmLocalPayment,
  fetchReserveTerms,
  memoryAttemptStore,
  reservationSender,
} from '../../services/reserve/reserve.service.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { shopperContactReader } from '../app/wiring.contact.ts';
import { gatedRouteLogic } from '../app/wiring.gated.ts';

/**
 * A processor's confirmation in the browser, registered by its component while it is mounted:
 * Stripe's Payment Element registers `stripe.confirmPayment` here (`stripe-payment.tsx`), and the
 * machine's `confirmPayment` actor calls it, so the machine knows nothing of React or Stripe.js. It
 * resolves once the processor has confirmed (or has nothing to say: the server is asked next), and
 * rejects with a `payment_declined` refusal carrying the processor's message for a refused card.
 */
export interface ProcessorPort {
  confirm: ((payment: ReservationPayment) => Promise<void>) | null;
}

/** The page's one processor port (one payment step shows at a time; nothing registers on the server). */
export const stripePort: ProcessorPort = { confirm: null };

/** A card the processor's component refused: its message, and the card form again. */
export const processorDeclined = (message: string): Error =>
  new ServiceError('validation', message, { code: 'payment_declined' });

/** The processor's component could not say what happened: the server is asked about the payment. */
export const processorFailed = (message: string): Error => new ServiceError('network', message);

/** The tab's session storage as the sender's attempt store, or memory where there is none. */
function sessionAttemptStore(): AttemptStore {
  const storage = typeof sessionStorage === 'undefined' ? null : sessionStorage;
  if (!storage) return memoryAttemptStore();
  const memory = memoryAttemptStore();
  // Private modes may refuse storage: the attempt is then kept in memory (no redirect back finds it).
  const attempt = <T>(use: () => T, fallback: () => T): T => {
    try {
      return use();
    } catch {
      return fallback();
    }
  };
  return {
    get: (name) =>
      attempt(
        () => storage.getItem(name),
        () => memory.get(name),
      ),
    set: (name, value) =>
      attempt(
        () => storage.setItem(name, value),
        () => memory.set(name, value),
      ),
    delete: (name) =>
      attempt(
        () => storage.removeItem(name),
        () => memory.delete(name),
      ),
  };
}

/**
 * Whether the browser loaded this document for the address it shows now (true on the server, whose
 * render is the document): after a navigation inside the app the document, and its
 * Content-Security-Policy, are another page's (decision 121). Both addresses are the browser's own,
 * so one document load of this address always makes it true (no reload loop).
 */
export function isOwnDocument(): boolean {
  if (typeof window === 'undefined' || typeof performance === 'undefined') return true;
  const [entry] = performance.getEntriesByType('navigation');
  if (!entry) return true;
  const loaded = new URL(entry.name);
  const shown = new URL(window.location.href);
  return loaded.pathname === shown.pathname && loaded.search === shown.search;
}

/** The local component's and the processor's confirmations, by the payment's processor. */
function confirmWith(deps: PageDeps) {
  return ({ payment, values }: PaymentConfirmation) => {
    if (payment.processor === 'local')
      return confirmLocalPayment(deps.http, payment, values ?? { card_number: '' });
    if (!stripePort.confirm) return Promise.reject(new Error('The card form is not ready'));
    return stripePort.confirm(payment);
  };
}

/**
 * The reserve page's machine with its calls bound (issues 17, 34): the gate (its child, reading who
 * the visitor is with their cookie), the car's hold terms, and the payment step (its child): the
 * reservation's start and authorisation (one Idempotency-Key per attempt, kept in the tab's session
 * storage until the outcome is known) and the processor's confirmation; a signed-in shopper's details
 * for step two. Once a car is held, every cached answer is marked stale, so the
 * car page's tag and button and the listings show it reserved at once.
 */
export function reservePageLogic(deps: PageDeps) {
  const { http, queries } = deps;
  const sender = reservationSender(http, sessionAttemptStore());
  const confirm = confirmWith(deps);
  return reserveMachine.provide({
    actors: {
      gate: gatedRouteLogic(deps),
      loadTerms: fromPromise(({ input }) => fetchReserveTerms(http, input)),
      paymentStep: paymentStepMachine.provide({
        actors: {
          startReservation: fromPromise(({ input }) => sender.start(input)),
          confirmPayment: fromPromise(({ input }) => confirm(input)),
          checkAuthorisation: fromPromise(({ input }) => sender.checkAuthorisation(input)),
        },
      }),
      readContact: shopperContactReader(deps),
    },
    actions: {
      refreshCachedCars: () => {
        queries.invalidateAll();
      },
      loadDocument: () => {
        if (typeof window !== 'undefined') window.location.replace(window.location.href);
      },
    },
  });
}
