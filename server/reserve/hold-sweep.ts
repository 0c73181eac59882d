import { every } from '../jobs/every.ts';
import type { Logger } from '../logger.ts';
import { PaymentUnavailableError } from '../payments/provider.ts';
import {
  endExpiredHolds,
  failClaim,
  type StoredReservation,
  staleClaims,
} from '../store/reservations.repo.ts';
import { createIntentFor, type ReserveDeps, settleIntent } from './reserve-car.ts';

/** How often the sweep looks for holds that ran out and claims left waiting: every minute. */
export const HOLD_SWEEP_INTERVAL_MS = 60_000;

export interface HoldSweep {
  /** Ends what is due now; resolves with how many holds and claims it settled. */
  sweepNow(): Promise<number>;
  stop(): Promise<void>;
}

/** What a stale claim came to. */
type Settled = 'held' | 'failed' | 'unknown';

/**
 * Settles one claim left `pending` past `PENDING_CLAIM_MINUTES` by asking the processor (issue 34
 * item 3; design step 6): its intent looked up — or, when none was stored (the process stopped
 * mid-create), made again with the same idempotency key, which answers the same intent. Authorised:
 * held after all (the shopper paid; the car is still theirs, since the claim is), through the same
 * `settleIntent` as the browser's call and the webhook. Anything else: the claim fails and its cancel
 * is queued (an intent the shopper might still confirm can no longer be). The processor out of
 * reach: left for the next sweep.
 */
async function settleStaleClaim(deps: ReserveDeps, claim: StoredReservation): Promise<Settled> {
  const provider = deps.payments[claim.processor];
  try {
    if (provider) {
      const { reservation, intent } = claim.charge_id
        ? { reservation: claim, intent: await provider.retrieveIntent(claim.charge_id, claim.stripe_account) }
        : await createIntentFor(deps, claim);
      if (intent.status === 'requires_capture' || intent.status === 'succeeded') {
        const settled = await settleIntent(deps, reservation, intent);
        return 'refused' in settled ? 'failed' : 'held';
      }
      await failClaim(deps.db, reservation.id, 'The time to pay ran out');
      return 'failed';
    }
    await failClaim(deps.db, claim.id, 'The time to pay ran out');
    return 'failed';
  } catch (error) {
    if (error instanceof PaymentUnavailableError) return 'unknown';
    throw error;
  }
}

/**
 * The reservations' sweep (issue 17 item 2; issue 34 items 2, 3), at once and then every minute
 * (`every`: one sweep at a time). Holds whose 48 hours ran out without the dealer confirming the sale
 * are released — the car free in the store, the shopper's `released` receipt, and the deposit's
 * authorisation cancelled through the payment-actions outbox (no fee; nothing was taken) — and
 * search is refreshed. Claims left waiting for their payment are settled with the processor
 * (`settleStaleClaim`): recovered as holds when authorised, else given back with their intent
 * cancelled. Nothing authorised is left without a hold.
 */
export function startHoldSweep(
  deps: ReserveDeps,
  options: {
    logger: Pick<Logger, 'info' | 'error'>;
    intervalMs?: number;
  },
): HoldSweep {
  const { logger } = options;
  const job = every(
    options.intervalMs ?? HOLD_SWEEP_INTERVAL_MS,
    async () => {
      const now = deps.now();
      const released = await endExpiredHolds(deps.db, now);
      if (released.length > 0) {
        await deps.carsChanged(released);
        logger.info('Released expired holds', { cars: released.length });
      }
      const outcomes: Record<Settled, number> = { held: 0, failed: 0, unknown: 0 };
      for (const claim of await staleClaims(deps.db, now)) {
        const outcome = await settleStaleClaim(deps, claim).catch((error: unknown) => {
          logger.error('Settling a claim left waiting for its payment failed', error, {
            reservation_id: claim.id,
          });
          return 'unknown' as const;
        });
        outcomes[outcome] += 1;
      }
      if (outcomes.held + outcomes.failed + outcomes.unknown > 0) {
        logger.info('Settled claims left waiting for their payment', {
          recovered_as_holds: outcomes.held,
          given_back: outcomes.failed,
          processor_unreachable: outcomes.unknown,
        });
      }
      return released.length + outcomes.held + outcomes.failed;
    },
    { onError: (error) => logger.error('Releasing expired holds failed', error) },
  );
  return { sweepNow: async () => (await job.runNow()) ?? 0, stop: job.stop };
}
