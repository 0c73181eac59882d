import type { Logger } from '../logger.ts';
import type { PaymentProvider, PaymentProviders } from '../payments/provider.ts';
import type { ServerMetrics } from './metrics.ts';

/**
 * The payment providers with every failed refund counted (`forecourt_refunds_failed_total`) and
 * logged with its charge: a refund that fails is a shopper's deposit not yet given back, whichever
 * path asked for it (a hold's release, a claim lost after its charge — which otherwise goes on
 * quietly). The failure is passed on unchanged.
 */
export function watchRefunds(
  providers: PaymentProviders,
  deps: { metrics: ServerMetrics; logger: Pick<Logger, 'error'> },
): PaymentProviders {
  const watched = (processor: string, provider: PaymentProvider): PaymentProvider => ({
    name: provider.name,
    charge: (request) => provider.charge(request),
    refund: async (chargeId, idempotencyKey) => {
      try {
        await provider.refund(chargeId, idempotencyKey);
      } catch (error) {
        deps.metrics.refundsFailed.inc({ processor });
        deps.logger.error('A refund failed', error, { processor, charge_id: chargeId });
        throw error;
      }
    },
  });
  return Object.fromEntries(
    Object.entries(providers).map(([processor, provider]) => [processor, watched(processor, provider)]),
  );
}
