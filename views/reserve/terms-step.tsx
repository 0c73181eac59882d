import { useSelector } from '@xstate/react';
import { CERTIFIED_BENEFITS } from '../../domain/vehicle-actions.ts';
import { selectIsJourney, selectTerms } from '../../machines/reserve/reserve.selectors.ts';
import { css } from '../../styled-system/css';
import { pageStyles } from '../ui/page-styles.ts';
import { panel, type ReservePartProps, StepHeading } from './reserve-parts.tsx';

const subheading = css({ fontWeight: 'bold', mt: '2' });
const bullets = css({ listStyle: 'disc', pl: '6', mt: '1' });

/** The checkout journey's pre-owned promise: its benefits and their terms. */
function PreOwnedPromise() {
  return (
    <div data-testid="pre-owned-promise">
      <h3 className={subheading}>Our pre-owned promise</h3>
      <ul className={bullets}>
        {CERTIFIED_BENEFITS.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <h3 className={subheading}>{CERTIFIED_BENEFITS.termsHeading}</h3>
      <ul className={bullets}>
        {CERTIFIED_BENEFITS.terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
    </div>
  );
}

/** Step 1: the deposit and the hold (and, buying online, the pre-owned promise). */
export function TermsStep({ actorRef }: ReservePartProps) {
  const terms = useSelector(actorRef, selectTerms);
  const journey = useSelector(actorRef, selectIsJourney);
  if (!terms) return null;
  return (
    <section className={panel}>
      <StepHeading name="The car" journey={journey} />
      {journey && <PreOwnedPromise />}
      <p className={pageStyles.text}>{terms.deposit.text}</p>
      <ul className={css({ listStyle: 'disc', pl: '6', mt: '2' })}>
        <li>Fully refundable: change your mind and we give the deposit back.</li>
        <li>Held for {terms.deposit.hold_hours} hours: no one else can buy the car meanwhile.</li>
        <li>If we don't complete the sale in that time, the hold ends and your deposit is refunded.</li>
      </ul>
      <div className={pageStyles.row}>
        <button
          type="button"
          className={pageStyles.primary}
          onClick={() => actorRef.send({ type: 'reserve.start' })}
        >
          {journey ? `Buy online: ${terms.deposit.label} deposit` : `Reserve for ${terms.deposit.label}`}
        </button>
      </div>
    </section>
  );
}
