import { useSelector } from '@xstate/react';
import type { PhoneRevealActorRef } from '../../machines/phone-reveal/phone-reveal.machine.ts';
import { maskPhone, selectRevealedPhone } from '../../machines/phone-reveal/phone-reveal.selectors.ts';
import { css } from '../../styled-system/css';
import { button, card } from '../../styled-system/recipes';

const panel = card();

const phoneButton = `${button({ size: 'lg', block: true })} ${css({ fontSize: 'lg' })}`;

/**
 * §2 contact-phone box with §4 phone reveal: the number is masked until the shopper asks for it, then a
 * `tel:` link. Without a number the button stays (a click only logs a warning, §8).
 */
export function ContactPhoneBox({
  actorRef,
  phone,
  dealerName,
}: {
  actorRef: PhoneRevealActorRef;
  phone: string | null;
  dealerName: string;
}) {
  const revealed = useSelector(actorRef, selectRevealedPhone);
  return (
    <section
      aria-labelledby="contact-phone-title"
      data-testid="contact-phone-box"
      className={`${panel.root} ${css({ display: 'grid', gap: '2' })}`}
    >
      <h2 id="contact-phone-title" className={panel.title}>
        Call the dealer
      </h2>
      <p className={css({ color: 'fgMuted' })}>{dealerName}</p>
      {revealed ? (
        <a href={revealed.href} className={phoneButton} data-testid="dealer-phone">
          {revealed.text}
        </a>
      ) : (
        <button
          type="button"
          className={phoneButton}
          onClick={() => actorRef.send({ type: 'phone.reveal', phone })}
        >
          {phone ? `${maskPhone(phone)} · Show number` : 'Show number'}
        </button>
      )}
    </section>
  );
}
