import { lazy, Suspense, useEffect, useState } from 'react';
import type { Car } from '../../domain/car.ts';
import { useNear } from './use-near.ts';

const MoreCars = lazy(() =>
  import('../more-cars/more-cars.tsx').then((module) => ({ default: module.MoreCars })),
);

/**
 * Where "more cars" (issue 37 item 7) goes on a page, and all of it a first load downloads: its code
 * loads once the page has started — at once on a car page, whose view is recorded whether or not the
 * shopper scrolls; when the slot comes near the screen on the home page (`car` null) — and its
 * searches and cards only when the sections come near. Whether the code is wanted is the only state
 * here; the sections' own is the "more cars" machine's. Key it by the car.
 */
export function MoreCarsSlot({ car, now, className }: { car: Car | null; now: Date; className?: string }) {
  const [wanted, setWanted] = useState(false);
  const slot = useNear(() => setWanted(true));
  useEffect(() => {
    if (car) setWanted(true);
  }, [car]);
  return (
    <div ref={slot} className={className}>
      {wanted && (
        <Suspense fallback={null}>
          <MoreCars car={car} now={now} />
        </Suspense>
      )}
    </div>
  );
}
