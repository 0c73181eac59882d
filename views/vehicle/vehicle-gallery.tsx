import type { Car } from '../../domain/car.ts';
import { css } from '../../styled-system/css';

/** Intrinsic size of the stock photos (800 × 500), so the browser reserves their space (no layout shift). */
const PHOTO = { width: 800, height: 500 } as const;

const photo = css({ w: 'full', h: 'auto', aspectRatio: '[8/5]', objectFit: 'cover', bg: 'border' });

/**
 * The car's photos: the first large (loaded eagerly with high priority: it is the page's Largest
 * Contentful Paint), the rest as a lazily loaded strip.
 */
export function VehicleGallery({ car }: { car: Pick<Car, 'name' | 'images' | 'primary_image_url'> }) {
  const images = car.images.length > 0 ? car.images : car.primary_image_url ? [car.primary_image_url] : [];
  const [first, ...rest] = images;
  if (!first) {
    return (
      <div
        className={css({
          aspectRatio: '[8/5]',
          bg: 'border',
          borderRadius: 'control',
          display: 'grid',
          placeItems: 'center',
        })}
      >
        <p className={css({ color: 'fgMuted' })}>Photos coming soon</p>
      </div>
    );
  }
  return (
    <section aria-label="Photos" className={css({ display: 'grid', gap: '2' })}>
      <img
        src={first}
        alt={car.name}
        width={PHOTO.width}
        height={PHOTO.height}
        loading="eager"
        fetchPriority="high"
        decoding="async"
        className={`${photo} ${css({ borderRadius: 'control' })}`}
      />
      {rest.length > 0 && (
        <ul
          className={css({
            display: 'grid',
            gridAutoFlow: 'column',
            gridAutoColumns: { base: '[40%]', md: '[24%]' },
            gap: '2',
            overflowX: 'auto',
            scrollSnapType: 'x',
            listStyle: 'none',
          })}
        >
          {rest.map((image, index) => (
            <li key={image} className={css({ scrollSnapAlign: 'start' })}>
              <img
                src={image}
                alt={`${car.name} (${index + 2} of ${images.length})`}
                width={PHOTO.width}
                height={PHOTO.height}
                loading="lazy"
                decoding="async"
                className={photo}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
