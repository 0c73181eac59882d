import { useSelector } from '@xstate/react';
import { type PointerEvent, useCallback, useId, useRef } from 'react';
import { formatRangeValue } from '../../domain/range-slider.ts';
import type {
  RangeSliderActorRef,
  RangeSliderControlled,
} from '../../machines/range-slider/range-slider.machine.ts';
import {
  selectConfig,
  selectPositions,
  selectThumbs,
  selectValueText,
  sliderPositions,
  valuesAt,
} from '../../machines/range-slider/range-slider.selectors.ts';
import { rangeSlider } from '../../styled-system/recipes';

const THUMBS = ['Minimum', 'Maximum'] as const;

const sameNumbers = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * The two-thumb slider of a running range slider actor: two native range inputs over one track,
 * labelled by the visible label, keyboard operable as any range input (arrows, Page Up/Down, Home,
 * End), each named `Minimum …` / `Maximum …` with its value as text, and a 'Clear' button while the
 * attribute is refined. The inputs work in step positions (`sliderPositions`); a move reaches the
 * machine as `slider.drag` (through `valuesAt`) and its end — the native `change` event — as
 * `slider.commit`; a press on the bare track moves the nearer thumb there. Without script the server-rendered inputs already sit at their positions.
 * The stats and the refinement are props (`RangeSliderControlled`): the selectors read them, the
 * events carry them, nothing copies them into the actor.
 */
export function RangeSliderControl({
  actorRef,
  attribute,
  label,
  stats,
  value,
}: {
  actorRef: RangeSliderActorRef;
  attribute: string;
  label: string;
} & RangeSliderControlled) {
  const controlled: RangeSliderControlled = { stats, value };
  const thumbs = useSelector(actorRef, (snapshot) => selectThumbs(snapshot, controlled), sameNumbers);
  const positions = useSelector(actorRef, (snapshot) => selectPositions(snapshot, controlled), sameNumbers);
  const config = useSelector(actorRef, (snapshot) => selectConfig(snapshot, controlled));
  const valueText = useSelector(actorRef, (snapshot) => selectValueText(snapshot, controlled));
  const isRefined = value !== null;
  const labelId = useId();
  const classes = rangeSlider();
  const last = sliderPositions(config);
  const [start = 0, end = last] = positions;
  const disabled = config.bounds.min === config.bounds.max;
  const percent = (position: number): string => `${(position / last) * 100}%`;

  const move = (index: number, position: number) => {
    const snapshot = actorRef.getSnapshot();
    const next = selectPositions(snapshot, controlled).map((current, i) =>
      i === index ? position : current,
    );
    const values = valuesAt(selectConfig(snapshot, controlled), next, selectThumbs(snapshot, controlled));
    actorRef.send({ type: 'slider.drag', values, ...controlled });
  };
  const commit = useCallback(
    () => actorRef.send({ type: 'slider.commit', stats, value }),
    [actorRef, stats, value],
  );
  // A press on the bare track moves the nearer thumb there and ends the move, as a slider does.
  const track = useRef<HTMLDivElement>(null);
  const pressTrack = (event: PointerEvent<HTMLDivElement>) => {
    const rect = track.current?.getBoundingClientRect();
    if (disabled || event.button !== 0 || event.target instanceof HTMLInputElement || !rect?.width) return;
    const at = Math.round(((event.clientX - rect.left) / rect.width) * last);
    const position = Math.min(last, Math.max(0, at));
    const index = position > end || position - start > end - position ? 1 : 0;
    event.preventDefault(); // no mousedown: its default would take focus off the thumb focused below
    move(index, position);
    commit();
    event.currentTarget.querySelectorAll('input')[index]?.focus();
  };
  // React's onChange is the `input` event; the end of a move is the native `change` event.
  const commitOnChange = useCallback(
    (input: HTMLInputElement) => {
      input.addEventListener('change', commit);
      return () => input.removeEventListener('change', commit);
    },
    [commit],
  );

  return (
    <fieldset aria-labelledby={labelId} className={classes.root} data-disabled={disabled || undefined}>
      <div className={classes.header}>
        <span id={labelId} className={classes.label}>
          {label}
        </span>
        {isRefined && (
          <button
            type="button"
            className={classes.clearTrigger}
            aria-label={`Clear ${label}`}
            onClick={() => actorRef.send({ type: 'slider.reset', ...controlled })}
          >
            Clear
          </button>
        )}
      </div>
      <span className={classes.valueText}>{valueText}</span>
      <div className={classes.control} onPointerDown={pressTrack}>
        <div ref={track} className={classes.track}>
          <div
            className={classes.range}
            data-disabled={disabled || undefined}
            style={{ left: percent(start), right: percent(last - end) }}
          />
        </div>
        {THUMBS.map((name, index) => (
          <input
            key={name}
            ref={commitOnChange}
            type="range"
            className={classes.input}
            min={0}
            max={last}
            step={1}
            value={positions[index] ?? 0}
            disabled={disabled}
            aria-label={`${name} ${label}`}
            aria-valuetext={formatRangeValue(attribute, thumbs[index] ?? 0)}
            data-raised={index === 0 && start > last / 2 ? '' : undefined}
            onChange={(event) => move(index, event.currentTarget.valueAsNumber)}
            // A move that ends where it began fires no `change`; these still end it.
            onPointerUp={commit}
            onKeyUp={commit}
          />
        ))}
      </div>
    </fieldset>
  );
}
