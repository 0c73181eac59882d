import { useSelector } from '@xstate/react';
import type { NumericRange } from '../../domain/search-state.ts';
import { selectRange } from '../../machines/range-slider/range-slider.selectors.ts';
import { css } from '../../styled-system/css';
import { useRangeSlider } from './range-slider.tsx';
import { RangeSliderControl } from './range-slider-control.tsx';

/** What a page gives the price-range screen. */
export interface PriceRangeScreenProps {
  /** The price range to start from (`null`: the whole 5,000–250,000). */
  value: NumericRange | null;
  /** The search button: called with the chosen range (`null`: any price). */
  onSearch: (range: NumericRange | null) => void;
}

const searchButton = css({
  alignSelf: 'flex-start',
  px: '5',
  py: '2',
  bg: 'brand',
  color: 'brandFg',
  borderRadius: 'control',
  fontWeight: 'semibold',
  cursor: 'pointer',
});

/**
 * The price-range slider screen (doc 2 §2, §5, §9): $5,000 to $250,000 in steps of 500, the two
 * prices at least one step apart, the range as a `$5,000 - $250,000` label, and a search button.
 */
export function PriceRangeScreen({ value, onSearch }: PriceRangeScreenProps) {
  const actorRef = useRangeSlider(
    { attribute: 'price', stats: null, value, variant: 'priceRange' },
    () => {},
  );
  const range = useSelector(actorRef, selectRange);
  return (
    <section aria-label="Price range" className={css({ display: 'grid', gap: '4' })}>
      <RangeSliderControl actorRef={actorRef} attribute="price" label="Price" />
      <button type="button" className={searchButton} onClick={() => onSearch(range)}>
        Search
      </button>
    </section>
  );
}
