import { useSelector } from '@xstate/react';
import type { PriceDisplay } from '../../domain/car-price.ts';
import type { PhoneRevealActorRef } from '../../machines/phone-reveal/phone-reveal.machine.ts';
import { selectRevealedPhone } from '../../machines/phone-reveal/phone-reveal.selectors.ts';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';

const bar = css({
  display: { base: 'flex', lg: 'none' },
  gridColumn: '1 / -1',
  position: 'sticky',
  bottom: '0',
  zIndex: 'docked',
  mx: '-4',
  px: '4',
  py: '2',
  gap: '2',
  alignItems: 'center',
  bg: 'surface',
  borderTopWidth: '1px',
  borderColor: 'border',
  boxShadow: 'lg',
});
const price = css({ flex: '1', minW: '0', fontWeight: 'extrabold', fontSize: 'lg', lineHeight: 'tight' });
const period = css({ fontSize: 'sm', fontWeight: 'normal' });

/** The price as the bar shows it: the car page's headline price in one short line. */
function BarPrice({ display }: { display: PriceDisplay }) {
  if (display.kind === 'subscription') {
    return (
      <p className={price}>
        {display.text} <span className={period}>{display.period}</span>
      </p>
    );
  }
  return <p className={price}>{display.text}</p>;
}

/**
 * The car page's bar at the foot of a phone's screen (issue 37 item 1): the price, "Call" — the page's
 * own phone reveal, so the number shows here and in the sidebar at once — and "Enquire", which
 * scrolls to the enquiry form and puts the cursor in its first field. It stays in view while the
 * page scrolls (sticky, so it never covers the footer); from lg up the sidebar beside the page
 * keeps these actions in view instead.
 */
export function PhoneActionBar({
  display,
  phone,
  phoneReveal,
  enquirable,
}: {
  display: PriceDisplay;
  phone: string | null;
  phoneReveal: PhoneRevealActorRef | undefined;
  enquirable: boolean;
}) {
  return (
    <section aria-label="Call or enquire" data-testid="phone-action-bar" className={bar}>
      <BarPrice display={display} />
      {phoneReveal && <CallButton actorRef={phoneReveal} phone={phone} />}
      {enquirable && (
        <button
          type="button"
          className={button({ size: 'md' })}
          onClick={() => {
            const form = document.getElementById('enquiry-form');
            form?.scrollIntoView({ block: 'start' });
            // The first field a shopper fills in: not the hidden ones nor the field kept from people (tabindex -1).
            form
              ?.querySelector<HTMLElement>(
                'input:not([type="hidden"]):not([tabindex="-1"]), select:not([tabindex="-1"]), textarea:not([tabindex="-1"])',
              )
              ?.focus();
          }}
        >
          Enquire
        </button>
      )}
    </section>
  );
}

function CallButton({ actorRef, phone }: { actorRef: PhoneRevealActorRef; phone: string | null }) {
  const revealed = useSelector(actorRef, selectRevealedPhone);
  if (revealed) {
    return (
      <a href={revealed.href} className={button({ variant: 'outline', size: 'md' })} data-testid="bar-phone">
        {revealed.text}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={button({ variant: 'outline', size: 'md' })}
      onClick={() => actorRef.send({ type: 'phone.reveal', phone })}
    >
      Call
    </button>
  );
}
