import { Slider } from '@ark-ui/react/slider';
import { useSelector } from '@xstate/react';
import type { RangeSliderActorRef } from '../../machines/range-slider/range-slider.machine.ts';
import {
  formatRangeValue,
  selectConfig,
  selectIsRefined,
  selectPositions,
  selectThumbs,
  selectValueText,
  sliderPositions,
  valuesAt,
} from '../../machines/range-slider/range-slider.selectors.ts';
import { css } from '../../styled-system/css';
import { rangeSlider } from '../../styled-system/recipes';

/** Matches the recipe's 20 px thumb, so thumbs show before they are measured (and on the server). */
const THUMB_SIZE = { width: 20, height: 20 };
const THUMBS = ['min', 'max'] as const;

const sameNumbers = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((value, index) => value === b[index]);

const clearButton = css({
  fontSize: 'sm',
  color: 'accent',
  textDecoration: 'underline',
  bg: 'transparent',
  cursor: 'pointer',
});

/**
 * The two-thumb slider of a running range slider actor (Ark UI Slider): labelled, keyboard operable
 * (arrows, Page Up/Down, Home, End), each thumb named `Minimum …` / `Maximum …` with its value as
 * text, and a 'Clear' button while the attribute is refined. The widget works in step positions
 * (`sliderPositions`); values reach the machine through `valuesAt`.
 */
export function RangeSliderControl({
  actorRef,
  attribute,
  label,
}: {
  actorRef: RangeSliderActorRef;
  attribute: string;
  label: string;
}) {
  const thumbs = useSelector(actorRef, selectThumbs);
  const positions = useSelector(actorRef, selectPositions, sameNumbers);
  const config = useSelector(actorRef, selectConfig);
  const valueText = useSelector(actorRef, selectValueText);
  const isRefined = useSelector(actorRef, selectIsRefined);
  const classes = rangeSlider();
  return (
    <Slider.Root
      className={classes.root}
      value={positions}
      min={0}
      max={sliderPositions(config)}
      step={1}
      minStepsBetweenThumbs={config.minStepsBetweenThumbs}
      disabled={config.bounds.min === config.bounds.max}
      thumbSize={THUMB_SIZE}
      aria-label={[`Minimum ${label}`, `Maximum ${label}`]}
      getAriaValueText={({ index, value }) => formatRangeValue(attribute, thumbs[index] ?? value)}
      onValueChange={({ value }) =>
        actorRef.send({ type: 'slider.drag', values: valuesAt(config, value, thumbs) })
      }
      onValueChangeEnd={() => actorRef.send({ type: 'slider.commit' })}
    >
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
        <Slider.Label className={classes.label}>{label}</Slider.Label>
        {isRefined && (
          <button
            type="button"
            className={clearButton}
            aria-label={`Clear ${label}`}
            onClick={() => actorRef.send({ type: 'slider.reset' })}
          >
            Clear
          </button>
        )}
      </div>
      <Slider.ValueText className={classes.valueText}>{valueText}</Slider.ValueText>
      <Slider.Control className={classes.control}>
        <Slider.Track className={classes.track}>
          <Slider.Range className={classes.range} />
        </Slider.Track>
        {THUMBS.map((end, index) => (
          <Slider.Thumb key={end} index={index} className={classes.thumb}>
            <Slider.HiddenInput />
          </Slider.Thumb>
        ))}
      </Slider.Control>
    </Slider.Root>
  );
}
