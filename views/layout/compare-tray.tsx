import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { compareLimitFor } from '../../domain/compare.ts';
import { selectCars } from '../../machines/compare/compare.selectors.ts';
import { useSavedCars } from '../app/shell.tsx';

const CompareTrayBar = lazy(() =>
  import('./compare-tray-bar.tsx').then((module) => ({ default: module.CompareTrayBar })),
);

/**
 * The compare tray (issue 19 item 1): it tells the tray machine the window's limit when it changes
 * (three cars on a phone, four wider), and once a car is chosen shows the bar at the foot of every
 * page, whose code loads with that first car, not with the page (issue 38 item 3). Nothing shows on
 * the server or before a car is chosen.
 */
export function CompareTray() {
  const { compare } = useSavedCars();
  const chosen = useSelector(compare, selectCars).length > 0;

  useEffect(() => {
    let told = 0;
    const tell = () => {
      const limit = compareLimitFor(window.innerWidth);
      if (limit !== told) compare.send({ type: 'compare.limit', limit });
      told = limit;
    };
    tell();
    window.addEventListener('resize', tell);
    return () => {
      window.removeEventListener('resize', tell);
    };
  }, [compare]);

  if (!chosen) return null;
  return (
    <Suspense fallback={null}>
      <CompareTrayBar />
    </Suspense>
  );
}
