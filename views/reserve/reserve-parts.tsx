import type { ReserveActorRef } from '../../machines/reserve/reserve.machine.ts';
import { css } from '../../styled-system/css';
import { pageStyles } from '../ui/page-styles.ts';
import { WizardStepHeading } from '../ui/wizard-layout.tsx';

/** What every part of the reserve page takes: the page's actor, whose snapshot it selects from. */
export interface ReservePartProps {
  actorRef: ReserveActorRef;
}

/** A step's bordered panel. */
export const panel = css({
  p: '4',
  bg: 'surface',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
});

/** A panel's heading that is not a step's (an outcome's). */
export const outcomeHeading = css({ fontSize: 'xl', fontWeight: 'bold' });

const STEPS = ['The car', 'Your details', 'Deposit'] as const;
/** The checkout journey's steps (issue 17 item 3). */
const JOURNEY_STEPS = ['The car', 'Your details', 'Trade-in', 'Payment', 'Deposit'] as const;

/** "Step 2 of 3: Your details" (of 5 on the checkout journey). */
export function StepHeading({ name, journey }: { name: (typeof JOURNEY_STEPS)[number]; journey: boolean }) {
  const steps: readonly string[] = journey ? JOURNEY_STEPS : STEPS;
  const step = steps.indexOf(name) + 1;
  return (
    <WizardStepHeading step={step}>
      Step {step} of {steps.length}: {name}
    </WizardStepHeading>
  );
}

/** Back one step: the page's actor, or the payment step's (both take `reserve.back`). */
export function BackButton({ actorRef }: { actorRef: { send(event: { type: 'reserve.back' }): void } }) {
  return (
    <button
      type="button"
      className={pageStyles.secondary}
      onClick={() => actorRef.send({ type: 'reserve.back' })}
    >
      Back
    </button>
  );
}

/** A car's page. */
export const carPathOf = (slug: string) => `/cars/${encodeURIComponent(slug)}`;
