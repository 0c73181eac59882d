import { css } from '../../styled-system/css';

/** "12 photos", "1 photo": the words a screen reader hears for a photo count. */
export function photoCountText(count: number): string {
  return `${count} ${count === 1 ? 'photo' : 'photos'}`;
}

/**
 * How many photos a car has, over the corner of its card's photo (issue 37 item 6): "📷 12" to the eye,
 * "12 photos" to a screen reader. Nothing for a car without photos.
 */
export function PhotoCount({ count }: { count: number }) {
  if (count < 1) return null;
  return (
    <span
      data-testid="photo-count"
      className={css({
        position: 'absolute',
        bottom: '2',
        right: '2',
        px: '2',
        py: '0.5',
        fontSize: 'xs',
        fontWeight: 'semibold',
        bg: 'surface',
        color: 'fg',
        borderRadius: 'control',
      })}
    >
      <span aria-hidden="true">📷 {count}</span>
      <span className={css({ srOnly: true })}>{photoCountText(count)}</span>
    </span>
  );
}
