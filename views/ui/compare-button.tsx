import { useSelector } from '@xstate/react';
import type { CompareCar } from '../../domain/compare.ts';
import { selectHolds } from '../../machines/compare/compare.selectors.ts';
import { css } from '../../styled-system/css';
import { useSavedCars } from '../app/shell.tsx';

const toggle = css({
  px: '2',
  py: '1',
  fontSize: 'sm',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  bg: 'surface',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  '&[aria-pressed=true]': { bg: 'brand', color: 'brandFg', borderColor: 'brand' },
  // A tick while pressed, drawn by the style so the name stays the visible word.
  '&[aria-pressed=true]::before': { content: '"✓ "' },
});

/**
 * The Compare toggle of a car card and the car page (issue 19 item 1; where it shows is §5's rule,
 * `domain/car-buttons.ts`): pressed while the car is in the compare tray. A car added to a full tray
 * is refused; the tray says why.
 */
export function CompareButton({ car }: { car: CompareCar }) {
  const { compare } = useSavedCars();
  const pressed = useSelector(compare, selectHolds(car.slug));
  return (
    <button
      type="button"
      className={toggle}
      aria-pressed={pressed}
      aria-label={`Compare ${car.name}`}
      onClick={() =>
        compare.send(
          pressed
            ? { type: 'compare.remove', slug: car.slug }
            : {
                type: 'compare.add',
                car: { id: car.id, slug: car.slug, name: car.name, primary_image_url: car.primary_image_url },
              },
        )
      }
    >
      Compare
    </button>
  );
}
