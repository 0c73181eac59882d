import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { NumericRange } from '../../domain/search-state.ts';
import { RangeSlider, type RangeSliderProps } from '../../views/ui/range-slider.tsx';
import { pressOnRange, slideRange } from './support/range-input.ts';

/** The slider under an owner that follows its refinements, as the search page does (the value is a prop). */
function renderSlider(props: Partial<RangeSliderProps> = {}) {
  const onRefine = vi.fn<(range: NumericRange | null) => void>((range) => {
    all = { ...all, value: range };
    view.rerender(<RangeSlider {...all} />);
  });
  let all: RangeSliderProps = {
    attribute: 'price',
    label: 'Price',
    stats: { min: 1000, max: 99_000 },
    value: null,
    onRefine,
    ...props,
  };
  const view = render(<RangeSlider {...all} />);
  const [min, max] = screen.getAllByRole<HTMLInputElement>('slider');
  if (!min || !max) throw new Error('expected two thumbs');
  return {
    ...view,
    min,
    max,
    onRefine,
    rerender: (next: Partial<RangeSliderProps>) => {
      all = { ...all, ...next };
      view.rerender(<RangeSlider {...all} />);
    },
  };
}

describe('range slider view (spec doc 1 §2, §5, §9)', () => {
  it('is labelled, with two named thumbs and their values as $ text', () => {
    renderSlider({ value: { min: 20_000 } });
    expect(screen.getByText('Price')).toBeTruthy();
    const [min, max] = screen.getAllByRole('slider');
    expect(min?.getAttribute('aria-label')).toBe('Minimum Price');
    expect(min?.getAttribute('aria-valuetext')).toBe('$20,000');
    expect(max?.getAttribute('aria-label')).toBe('Maximum Price');
    expect(max?.getAttribute('aria-valuetext')).toBe('$99,000');
    expect(screen.getByText('$20,000 – $99,000')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Price' }).contains(min ?? null)).toBe(true);
  });

  it('km values read as kilometres', () => {
    renderSlider({ attribute: 'km', label: 'Kilometres', stats: { min: 0, max: 150_000 } });
    expect(screen.getByText('0 km – 150,000 km')).toBeTruthy();
  });

  it('§5: a key press moves a thumb one step and refines, rounded to 1000', () => {
    const { onRefine, min } = renderSlider();
    pressOnRange(min, 'ArrowRight');
    expect(onRefine).toHaveBeenCalledTimes(1);
    expect(onRefine).toHaveBeenLastCalledWith({ min: 2000 });
  });

  it('moving one thumb leaves the other exactly where it was', () => {
    const { onRefine, min } = renderSlider({ stats: { min: 1000, max: 250_000 }, value: { max: 60_000 } });
    pressOnRange(min, 'ArrowRight');
    expect(onRefine).toHaveBeenLastCalledWith({ min: 3000, max: 60_000 });
  });

  it('Home takes the thumb back to its bound: the refinement is dropped', () => {
    const { onRefine, min } = renderSlider({ value: { min: 20_000, max: 60_000 } });
    pressOnRange(min, 'Home');
    expect(onRefine).toHaveBeenLastCalledWith({ max: 60_000 });
  });

  it('a key press that changes nothing refines nothing', () => {
    const { onRefine, max } = renderSlider();
    pressOnRange(max, 'End');
    expect(onRefine).not.toHaveBeenCalled();
  });

  it('a drag shows the live values and refines only when the move ends', () => {
    const { onRefine, min } = renderSlider();
    fireEvent.input(min, { target: { value: '20' } });
    expect(screen.getByText('$20,600 – $99,000')).toBeTruthy();
    expect(min.getAttribute('aria-valuetext')).toBe('$20,600');
    expect(onRefine).not.toHaveBeenCalled();
    fireEvent.change(min);
    expect(onRefine).toHaveBeenCalledExactlyOnceWith({ min: 21_000 });
  });

  it('§5: a thumb dragged past the other stops at it', () => {
    const { onRefine, min, max } = renderSlider({ value: { max: 50_000 } });
    slideRange(min, 90);
    expect(min.value).toBe(max.value);
    expect(onRefine).toHaveBeenLastCalledWith({ min: 50_000, max: 50_000 });
  });

  it('keeps the lower thumb on top in the upper half, so it can leave the top end', () => {
    const { min } = renderSlider({ value: { min: 99_000 } });
    expect(min.hasAttribute('data-raised')).toBe(true);
    pressOnRange(min, 'Home');
    expect(min.hasAttribute('data-raised')).toBe(false);
  });

  it('is disabled when the bounds are equal', () => {
    const { min, max } = renderSlider({ stats: { min: 20_000, max: 20_000 } });
    expect(min.disabled && max.disabled).toBe(true);
  });

  it('server-rendered, the thumbs and the filled range already sit at their positions', () => {
    const html = renderToString(
      <RangeSlider
        attribute="price"
        label="Price"
        stats={{ min: 1000, max: 101_000 }}
        value={{ min: 21_000, max: 81_000 }}
        onRefine={() => {}}
      />,
    );
    const inputs = [...html.matchAll(/<input[^>]*>/g)].map(([tag]) => tag);
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).toMatch(/ value="20"/);
    expect(inputs[1]).toMatch(/ value="80"/);
    expect(html).toMatch(/style="left:20%;right:20%"/);
  });

  it("'Clear' drops the refinement", async () => {
    const { onRefine } = renderSlider({ value: { max: 40_000 } });
    await userEvent.click(screen.getByRole('button', { name: 'Clear Price' }));
    expect(onRefine).toHaveBeenCalledWith(null);
  });

  it('follows new stats and an outside change of the refinement', () => {
    const { rerender, onRefine } = renderSlider({ value: { min: 20_000 } });
    rerender({ stats: { min: 5000, max: 60_000 }, value: { min: 20_000 } });
    expect(screen.getByText('$20,000 – $60,000')).toBeTruthy();
    rerender({ stats: { min: 5000, max: 60_000 }, value: null });
    expect(screen.getByText('$5,000 – $60,000')).toBeTruthy();
    expect(onRefine).not.toHaveBeenCalled();
  });
});
