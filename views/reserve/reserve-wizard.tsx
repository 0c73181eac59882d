import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import { type ReserveView, selectIsJourney, selectTerms } from '../../machines/reserve/reserve.selectors.ts';
import { CarSummaryAside } from '../ui/car-summary-aside.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { WizardLayout } from '../ui/wizard-layout.tsx';
import { DepositStep } from './deposit-step.tsx';
import { DetailsStep } from './details-step.tsx';
import { PaymentOptionStep, TradeInStep } from './journey-steps.tsx';
import { ConfirmedOutcome, UnavailableOutcome } from './reserve-outcomes.tsx';
import type { ReservePartProps } from './reserve-parts.tsx';
import { TermsStep } from './terms-step.tsx';

type WizardView = Exclude<ReserveView, 'signIn' | 'failed' | 'loading' | 'notFound'>;

/** Each step (or outcome) of the wizard, by the machine's view of it. */
const PARTS: Record<WizardView, (props: ReservePartProps) => ReactElement | null> = {
  unavailable: UnavailableOutcome,
  confirmed: ConfirmedOutcome,
  terms: TermsStep,
  details: DetailsStep,
  tradeIn: TradeInStep,
  paymentOption: PaymentOptionStep,
  payment: DepositStep,
};

/** The wizard: "Reserve the …" (or "Buy the …"), the current step, and the car beside it. */
export function ReserveWizard({ actorRef, view }: ReservePartProps & { view: WizardView }) {
  const terms = useSelector(actorRef, selectTerms);
  const journey = useSelector(actorRef, selectIsJourney);
  if (!terms) return null;
  const Step = PARTS[view];
  return (
    <WizardLayout
      title={
        <>
          {journey ? 'Buy the' : 'Reserve the'} {terms.car.name}
        </>
      }
      aside={
        <CarSummaryAside car={terms.car} label="The car you are reserving" testId="reserve-car">
          <p className={pageStyles.text}>Deposit today: {terms.deposit.label}, fully refundable</p>
        </CarSummaryAside>
      }
    >
      <Step actorRef={actorRef} />
    </WizardLayout>
  );
}
