import { Link } from 'wouter';
import { NOT_FOUND_TEXTS } from '../../domain/trade-in.ts';
import type { TradeInActorRef } from '../../machines/trade-in/trade-in.machine.ts';
import { useSite } from '../app/site-context.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { card, screenHeading } from './trade-in-form.ts';

/** §8: no match for the rego — call or contact the dealer, or Back to Step One with its values. */
export function TradeInNotFound({ actorRef }: { actorRef: TradeInActorRef }) {
  const site = useSite();
  return (
    <section className={card} data-testid="trade-in-not-found">
      <h2 className={screenHeading}>{NOT_FOUND_TEXTS.heading}</h2>
      <p className={pageStyles.text}>{NOT_FOUND_TEXTS.body}</p>
      <p className={pageStyles.row}>
        <a href={`tel:${site.phone.replace(/\s/g, '')}`} className={pageStyles.link}>
          Call {site.phone}
        </a>
        <Link href="/contact-us" className={pageStyles.link}>
          Contact us
        </Link>
        <button
          type="button"
          className={pageStyles.secondary}
          onClick={() => actorRef.send({ type: 'tradeIn.back' })}
        >
          Back
        </button>
      </p>
    </section>
  );
}
