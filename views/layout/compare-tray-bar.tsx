import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import {
  selectCars,
  selectCompareHref,
  selectLimit,
  selectNotice,
} from '../../machines/compare/compare.selectors.ts';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';
import { useSavedCars } from '../app/shell.tsx';

const small = css({
  px: '2',
  py: '1',
  fontSize: 'sm',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  bg: 'surface',
  cursor: 'pointer',
});

/**
 * The compare tray's bar (issue 19 item 1): at the foot of every page once a car is chosen, the cars
 * to compare, each with a remove button, the link to see them side by side, and Clear; a refusal (the
 * tray is full) is announced here. `CompareTray` loads it with the first car (issue 38 item 3).
 */
export function CompareTrayBar() {
  const { compare } = useSavedCars();
  const cars = useSelector(compare, selectCars);
  const limit = useSelector(compare, selectLimit);
  const notice = useSelector(compare, selectNotice);
  const href = useSelector(compare, selectCompareHref);

  if (cars.length === 0) return null;
  return (
    <>
      {/* Room at the foot of the page, so the bar never covers the footer's last line. */}
      <div aria-hidden="true" className={css({ h: '32' })} />
      <section
        aria-label="Compare"
        data-testid="compare-tray"
        className={css({
          position: 'fixed',
          insetX: '0',
          bottom: '0',
          zIndex: 'docked',
          bg: 'surface',
          borderTopWidth: '2px',
          borderColor: 'brand',
          boxShadow: 'lg',
          px: '4',
          py: '3',
        })}
      >
        <div
          className={css({
            maxW: 'page',
            mx: 'auto',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: '3',
          })}
        >
          <p className={css({ fontWeight: 'bold' })}>
            Compare {cars.length} of {limit}
          </p>
          <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', flex: '1' })}>
            {cars.map((car) => (
              <li
                key={car.slug}
                className={css({ display: 'flex', alignItems: 'center', gap: '1', fontSize: 'sm' })}
              >
                <span className={css({ maxW: '48', truncate: true })}>{car.name}</span>
                <button
                  type="button"
                  className={small}
                  aria-label={`Remove ${car.name} from compare`}
                  onClick={() => compare.send({ type: 'compare.remove', slug: car.slug })}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
          {cars.length > 1 ? (
            <Link href={href} className={button({ variant: 'solid' })}>
              Compare {cars.length} cars
            </Link>
          ) : (
            <p className={css({ fontSize: 'sm' })}>Choose another car to compare</p>
          )}
          <button type="button" className={small} onClick={() => compare.send({ type: 'compare.clear' })}>
            Clear
          </button>
        </div>
        <div role="alert" className={css({ maxW: 'page', mx: 'auto', _empty: { display: 'none' } })}>
          {notice && (
            <p className={css({ mt: '2', fontSize: 'sm', fontWeight: 'semibold' })}>
              {notice}{' '}
              <button
                type="button"
                className={small}
                onClick={() => compare.send({ type: 'notice.dismiss' })}
              >
                OK
              </button>
            </p>
          )}
        </div>
      </section>
    </>
  );
}
