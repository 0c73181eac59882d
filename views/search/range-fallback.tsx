import { useSelector } from '@xstate/react';
import type { ChangeEvent } from 'react';
import { formatNumber, formatPrice } from '../../domain/format.ts';
import { refineRange, type SliderConfig, searchSliderConfig } from '../../domain/range-slider.ts';
import type { RangeAttribute } from '../../domain/search-state.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectFacetsStats, selectSearchState } from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';

/** Choices between the bounds. */
const STEPS = 10;

/** The values offered: the bounds and ten steps between, rounded as the slider rounds them. */
export function rangeChoices(config: SliderConfig, current: readonly (number | undefined)[]): number[] {
  const { min, max } = config.bounds;
  const values = Array.from({ length: STEPS + 1 }, (_, k) => {
    const raw = min + ((max - min) * k) / STEPS;
    return k === 0 || k === STEPS ? raw : Math.min(max, Math.round(raw / config.rounding) * config.rounding);
  });
  const extra = current.filter((value): value is number => value !== undefined);
  return [...new Set([...values, ...extra])].sort((a, b) => a - b);
}

const formatters: Record<RangeAttribute, (value: number) => string> = {
  price: (value) => formatPrice(value),
  subscription_price: (value) => formatPrice(value),
  km: (value) => `${formatNumber(value)} km`,
  year: (value) => String(value),
};

const field = css({
  w: 'full',
  minH: '10',
  px: '2',
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
});

/**
 * A min–max filter for price, km or year with two selects, by the range slider's rules (§5) — a
 * stand-in until the range slider is embedded. A refused value is logged, as §8 says.
 */
export function RangeFallback({
  actorRef,
  attribute,
  label,
}: {
  actorRef: SearchActorRef;
  attribute: RangeAttribute;
  label: string;
}) {
  const stats = useSelector(actorRef, selectFacetsStats)[attribute];
  const range = useSelector(actorRef, selectSearchState)[attribute];
  const config = searchSliderConfig(attribute, stats);
  const choices = rangeChoices(config, [range?.min, range?.max]);
  const format = formatters[attribute];
  const change = (end: 'min' | 'max') => (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.target.value === '' ? undefined : Number(event.target.value);
    const next = { min: range?.min, max: range?.max, [end]: value };
    const result = refineRange(config, range, next);
    if (result.ok) actorRef.send({ type: 'range.set', attribute, range: result.range });
    else console.warn(result.message);
  };
  return (
    <fieldset data-testid={`filter-${attribute}`} className={css({ borderWidth: '0', p: '0', m: '0' })}>
      <legend className={css({ fontWeight: 'bold', mb: '1' })}>{label}</legend>
      <div className={css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '2' })}>
        {(['min', 'max'] as const).map((end) => (
          <label
            key={end}
            className={css({ display: 'flex', flexDirection: 'column', fontSize: 'sm', gap: '1' })}
          >
            {end === 'min' ? 'Min' : 'Max'} {label.toLowerCase()}
            <select className={field} value={range?.[end] ?? ''} onChange={change(end)}>
              <option value="">Any</option>
              {choices.map((value) => (
                <option key={value} value={value}>
                  {format(value)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
