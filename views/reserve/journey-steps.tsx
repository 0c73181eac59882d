import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { formatPrice } from '../../domain/format.ts';
import { PAY_WITH } from '../../domain/reserve.ts';
import { getPreApprovedUrl } from '../../domain/vehicle-actions.ts';
import { selectTerms } from '../../machines/reserve/reserve.selectors.ts';
import { useSite } from '../app/site-context.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { BackButton, panel, type ReservePartProps, StepHeading } from './reserve-parts.tsx';

/** The checkout journey's step 3: a car to trade in (the trade-in wizard values it), or none. */
export function TradeInStep({ actorRef }: ReservePartProps) {
  const terms = useSelector(actorRef, selectTerms);
  if (!terms) return null;
  return (
    <section className={panel}>
      <StepHeading name="Trade-in" journey />
      <p className={pageStyles.text}>Do you have a car to trade in towards the {terms.car.name}?</p>
      <p className={pageStyles.text}>
        <Link href={`/cars/trade-in?car_id=${terms.car.id}`} className={pageStyles.link}>
          Value your car now with our trade-in wizard
        </Link>{' '}
        (you can come back to finish buying).
      </p>
      <div className={pageStyles.row}>
        <BackButton actorRef={actorRef} />
        <button
          type="button"
          className={pageStyles.secondary}
          onClick={() => actorRef.send({ type: 'reserve.tradeIn', tradeIn: false })}
        >
          No trade-in
        </button>
        <button
          type="button"
          className={pageStyles.primary}
          onClick={() => actorRef.send({ type: 'reserve.tradeIn', tradeIn: true })}
        >
          I have a car to trade in
        </button>
      </div>
    </section>
  );
}

/** The checkout journey's step 4: pay the rest in full, or with finance. */
export function PaymentOptionStep({ actorRef }: ReservePartProps) {
  const site = useSite();
  const terms = useSelector(actorRef, selectTerms);
  if (!terms) return null;
  const { car } = terms;
  const preApproved = getPreApprovedUrl(
    { id: car.id, price: car.price, car_type: terms.car_type, dealership_slug: car.dealership_slug },
    site.finance.path,
  );
  return (
    <section className={panel}>
      <StepHeading name="Payment" journey />
      <p className={pageStyles.text}>
        How will you pay the rest of the {formatPrice(car.price)}? You pay only the deposit today.
      </p>
      <p className={pageStyles.text}>
        <Link href={preApproved} className={pageStyles.link}>
          Work out repayments and get pre-approved
        </Link>
      </p>
      <div className={pageStyles.row}>
        <BackButton actorRef={actorRef} />
        <button
          type="button"
          className={pageStyles.secondary}
          onClick={() => actorRef.send({ type: 'reserve.payWith', payWith: 'finance' })}
        >
          {PAY_WITH.finance}
        </button>
        <button
          type="button"
          className={pageStyles.primary}
          onClick={() => actorRef.send({ type: 'reserve.payWith', payWith: 'full' })}
        >
          {PAY_WITH.full}
        </button>
      </div>
    </section>
  );
}
