import { useSelector } from '@xstate/react';
import { formatAustralianDate } from '../../domain/format.ts';
import { BUYING_TEAM_HOURS, OFFER_VALID_DAYS } from '../../domain/trade-in.ts';
import type { TradeInActorRef } from '../../machines/trade-in/trade-in.machine.ts';
import {
  selectFormError,
  selectIsBusy,
  selectValuedRecord,
} from '../../machines/trade-in/trade-in.selectors.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { card, screenHeading } from './trade-in-form.ts';

/** The instant offer, valid 7 days, with Accept offer — or why there is none online. */
export function TradeInOffer({ actorRef }: { actorRef: TradeInActorRef }) {
  const record = useSelector(actorRef, selectValuedRecord);
  const formError = useSelector(actorRef, selectFormError);
  const busy = useSelector(actorRef, selectIsBusy);
  return (
    <section className={card} data-testid="trade-in-offer">
      <h2 className={screenHeading}>Your instant offer</h2>
      {formError && (
        <p role="alert" className={pageStyles.alert}>
          {formError}
        </p>
      )}
      {typeof record?.OfferAmount === 'number' ? (
        <>
          <p className={css({ fontSize: '3xl', fontWeight: 'bold' })} data-testid="trade-in-amount">
            ${record.OfferAmount.toLocaleString('en-AU')}
          </p>
          <p className={pageStyles.text}>
            For your {[record.Year, record.Make, record.Model].filter(Boolean).join(' ')}, valid until{' '}
            {formatAustralianDate(record.OfferValidUntil ?? '') ?? record.OfferValidUntil} ({OFFER_VALID_DAYS}{' '}
            days), subject to an inspection.
          </p>
          <div className={pageStyles.row}>
            <button
              type="button"
              className={pageStyles.primary}
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => actorRef.send({ type: 'tradeIn.accept' })}
            >
              Accept offer
            </button>
          </div>
        </>
      ) : (
        <p className={pageStyles.text} data-testid="trade-in-no-offer">
          {record?.NoOnlineOfferReason}
        </p>
      )}
    </section>
  );
}

/** The offer accepted (event 18): the buying team will call. */
export function TradeInAccepted() {
  const site = useSite();
  return (
    <section className={card} data-testid="trade-in-accepted">
      <h2 className={screenHeading}>Offer accepted</h2>
      <p className={pageStyles.text}>
        Thank you. The {site.name} buying team ({BUYING_TEAM_HOURS}) will call you to arrange an inspection.
      </p>
    </section>
  );
}
