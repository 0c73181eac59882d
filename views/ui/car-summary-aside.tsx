import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CarSummary } from '../../domain/contracts/vehicle.ts';
import { formatPrice } from '../../domain/format.ts';
import { css } from '../../styled-system/css';
import { CarPhoto } from './car-photo.tsx';
import { pageStyles } from './page-styles.ts';

const panel = css({
  p: '4',
  bg: 'surface',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
});
const image = css({ w: 'full', h: 'auto', aspectRatio: '[3/2]', objectFit: 'cover' });
const imageBelowHeading = css({ w: 'full', h: 'auto', aspectRatio: '[3/2]', objectFit: 'cover', mt: '2' });

/**
 * The photo's width (its `sizes`): the wizard's aside less its panel's padding, the page's width
 * below `lg`; from `lg` the wider of the two asides (finance's two fifths; trade-in's and reserve's
 * third pick the same file).
 */
const ASIDE_PHOTO_SIZES =
  '(min-width: 1200px) 424px, (min-width: 992px) calc(40vw - 56px), calc(100vw - 66px)';

/**
 * The car a wizard is about (trade-in, reserve, finance): an optional heading, its photo, its name
 * linking to `/cars/{slug}` and its price, then any lines the flow adds (`children`, e.g. reserve's
 * deposit line), in one bordered panel.
 *
 * - `car`: the car's summary (only `slug`, `name`, `price` and `primary_image_url` are read).
 * - `label`: the landmark's `aria-label` ("The car you are reserving").
 * - `testId`: its `data-testid` ("reserve-car").
 * - `as`: `'aside'` (default) when it is the wizard's aside; `'section'` when it sits inside a larger
 *   aside (trade-in's, beside its questions).
 * - `heading`: an `<h2>` above the photo ("Trading in towards"); the photo then keeps a gap below it.
 */
export function CarSummaryAside({
  car,
  label,
  testId,
  as = 'aside',
  heading,
  children,
}: {
  car: Pick<CarSummary, 'slug' | 'name' | 'price' | 'primary_image_url'>;
  label: string;
  testId: string;
  as?: 'aside' | 'section';
  heading?: ReactNode;
  children?: ReactNode;
}) {
  const Element = as;
  return (
    <Element aria-label={label} className={panel} data-testid={testId}>
      {heading && <h2 className={css({ fontWeight: 'bold' })}>{heading}</h2>}
      {car.primary_image_url && (
        <CarPhoto
          src={car.primary_image_url}
          alt={car.name}
          width={320}
          height={213}
          sizes={ASIDE_PHOTO_SIZES}
          loading="lazy"
          className={heading ? imageBelowHeading : image}
        />
      )}
      <p className={css({ mt: '2' })}>
        <Link href={`/cars/${encodeURIComponent(car.slug)}`} className={pageStyles.link}>
          {car.name}
        </Link>
      </p>
      <p className={css({ fontWeight: 'bold' })}>{formatPrice(car.price)}</p>
      {children}
    </Element>
  );
}
