import { Link } from 'wouter';
import { COMPARE_TEXT } from '../../domain/compare.ts';
import type { CompareColumn } from '../../domain/compare-rows.ts';
import { css } from '../../styled-system/css';
import { CarPhoto } from '../ui/car-photo.tsx';
import { compareStyles } from './compare-styles.ts';

const stack = css({ display: 'grid', gap: '2' });
const remove = css({ fontSize: 'sm', fontWeight: 'normal' });

/**
 * A column's photo width (its `sizes`): two to four cars share the page's width beside the labels
 * (a phone's columns keep their 11rem minimum and the table scrolls sideways).
 */
const COMPARE_PHOTO_SIZES = '(min-width: 1200px) 300px, (min-width: 768px) 25vw, 160px';

/**
 * One column's heading: the car's photo, its name (to its page) and Remove; a car this site no longer
 * offers shows its slug and says so. Remove links to the comparison without that car.
 */
export function CompareColumnHead({ column, without }: { column: CompareColumn; without: string }) {
  return (
    <th scope="col" className={compareStyles.cell} data-testid="compare-column">
      {column.kind === 'car' ? (
        <div className={stack}>
          {column.car.primary_image_url && (
            <CarPhoto
              src={column.car.primary_image_url}
              alt={column.car.name}
              width={400}
              height={300}
              sizes={COMPARE_PHOTO_SIZES}
              loading="lazy"
              className={css({
                w: 'full',
                h: 'auto',
                aspectRatio: 'landscape',
                objectFit: 'cover',
                borderRadius: 'control',
              })}
            />
          )}
          <Link href={`/cars/${column.car.slug}`} className={css({ textDecoration: 'underline' })}>
            {column.car.name}
          </Link>
          <Link
            href={without}
            className={remove}
            aria-label={`Remove ${column.car.name} from the comparison`}
          >
            Remove
          </Link>
        </div>
      ) : (
        <div className={stack}>
          <span>{column.slug}</span>
          <span className={css({ fontWeight: 'normal' })}>{COMPARE_TEXT.unavailable}</span>
          <Link href={without} className={remove}>
            Remove
          </Link>
        </div>
      )}
    </th>
  );
}
