import { fireEvent } from '@testing-library/react';

/** Keys this helper moves a range input with. */
export type RangeKey = 'ArrowRight' | 'ArrowUp' | 'ArrowLeft' | 'ArrowDown' | 'Home' | 'End';

/**
 * Presses `key` on a native `<input type="range">` as a browser does: key down; if the value moves
 * (arrows one step, Home and End to the ends), `input` then `change`; key up. jsdom has no default
 * action for keys on range inputs, so the view tests reproduce it here; the e2e tests press the
 * real keys (Page Up/Down included) in Chromium.
 */
export function pressOnRange(input: HTMLInputElement, key: RangeKey): void {
  const [min, max, step] = [Number(input.min), Number(input.max), Number(input.step) || 1];
  const value = input.valueAsNumber;
  const moved: Record<RangeKey, number> = {
    ArrowRight: value + step,
    ArrowUp: value + step,
    ArrowLeft: value - step,
    ArrowDown: value - step,
    Home: min,
    End: max,
  };
  const next = Math.min(max, Math.max(min, moved[key]));
  fireEvent.keyDown(input, { key });
  if (next !== value) slideRange(input, next);
  fireEvent.keyUp(input, { key });
}

/** Moves a range input to `value` as a drag does: `input` events while moving, `change` when it ends. */
export function slideRange(input: HTMLInputElement, value: number): void {
  fireEvent.input(input, { target: { value: String(value) } });
  fireEvent.change(input);
}
