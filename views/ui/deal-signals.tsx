import { useEffect, useId, useState } from 'react';
import {
  cardPriceDrop,
  daysListedText,
  PRICE_RATING_LABELS,
  priceRatingRule,
} from '../../domain/deal-signals.ts';
import type { CarHit } from '../../domain/search-result.ts';
import { css } from '../../styled-system/css';

const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '2',
  py: '0.5',
  fontSize: 'xs',
  fontWeight: 'semibold',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
  bg: 'surface',
  color: 'fg',
});

/**
 * The rating's rule shows on hover and on focus (CSS) until Escape hides it (WCAG 1.4.13: dismissible
 * without moving the pointer or focus): while the pointer or focus is on the chip, Escape anywhere
 * dismisses it; once both have left, it shows again next time.
 */
function useEscapeDismiss() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const engaged = hovered || focused;
  useEffect(() => {
    if (!engaged) {
      setDismissed(false);
      return;
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [engaged]);
  return {
    dismissed,
    handlers: {
      onPointerEnter: () => setHovered(true),
      onPointerLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: () => setFocused(false),
    },
  };
}

/**
 * A search card's deal signals (issue 37 item 4, decision 130), where the dealer's `dealSignals`
 * switch is on: the last price drop ("↓ $1,500", read as "Price dropped $1,500"), the price rating
 * against comparable stock with its rule on hover and on focus (the chip is a button, so it takes
 * focus by keyboard and by tap; the rule is also its accessible description; Escape hides it), and how long the car has been listed. A pure
 * view of the search record: the rating was worked out when the records were built.
 */
export function DealSignals({ hit, nowSeconds }: { hit: CarHit; nowSeconds: number }) {
  const ruleId = useId();
  const tooltip = useEscapeDismiss();
  const drop = cardPriceDrop({ at: hit.price_dropped_at, amount: hit.price_drop_amount }, nowSeconds);
  const rating = hit.price_rating;
  const rule =
    rating && hit.year !== null && hit.km !== null
      ? priceRatingRule(rating, { make: hit.make, model: hit.model, year: hit.year, km: hit.km })
      : null;
  return (
    <ul
      aria-label="Deal signals"
      data-testid="deal-signals"
      className={css({
        position: 'relative',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '1',
        listStyle: 'none',
      })}
    >
      {drop && (
        <li
          data-testid="card-price-drop"
          className={`${chip} ${css({ bg: 'accent', color: 'white', borderColor: 'accent' })}`}
        >
          <span aria-hidden="true">↓ {drop.amount}</span>
          <span className={css({ srOnly: true })}>{drop.text}</span>
        </li>
      )}
      {rating && rule && (
        <li
          {...tooltip.handlers}
          data-dismissed={tooltip.dismissed || undefined}
          className={css({
            '& > [role=tooltip]': { display: 'none' },
            '&:not([data-dismissed]):hover > [role=tooltip], &:not([data-dismissed]):focus-within > [role=tooltip]':
              { display: 'block' },
          })}
        >
          <button
            type="button"
            data-testid="price-rating"
            data-level={rating.level}
            aria-describedby={ruleId}
            className={`${chip} ${css({
              cursor: 'help',
              '&[data-level=great]': { bg: 'accent', color: 'white', borderColor: 'accent' },
              '&[data-level=good]': { color: 'accent', borderColor: 'accent' },
              '&[data-level=fair]': { bg: 'brandSubtle' },
            })}`}
          >
            {PRICE_RATING_LABELS[rating.level]}
          </button>
          <span
            role="tooltip"
            id={ruleId}
            data-testid="price-rating-rule"
            className={css({
              position: 'absolute',
              left: '0',
              right: '0',
              bottom: '[calc(100% + 4px)]',
              zIndex: '[1]',
              p: '2',
              fontSize: 'xs',
              lineHeight: 'snug',
              bg: 'fg',
              color: 'white',
              borderRadius: 'control',
              boxShadow: 'md',
            })}
          >
            {PRICE_RATING_LABELS[rating.level]}: {rule}
          </span>
        </li>
      )}
      <li data-testid="days-listed" className={css({ fontSize: 'xs', color: 'fgMuted' })}>
        {daysListedText(hit.created_at, nowSeconds)}
      </li>
    </ul>
  );
}
