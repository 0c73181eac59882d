import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useMemo } from 'react';
import type { Car } from '../../domain/car.ts';
import { selectIsShowing } from '../../machines/more-cars/more-cars.selectors.ts';
import { inspectOption } from '../app/inspector.ts';
import { useQueryCache } from '../app/query-cache.tsx';
import { useSite } from '../app/site-context.tsx';
import { useNear } from '../ui/use-near.ts';
import { moreCarsInput, moreCarsLogic } from './wiring.ts';

const MoreCarsSections = lazy(() =>
  import('./more-cars-sections.tsx').then((module) => ({ default: module.MoreCarsSections })),
);

/**
 * Similar and recently viewed cars at the foot of a car page (issue 37 item 7); on the home page
 * (`car` null) the recently viewed ones only. Its actor records the car as viewed in the browser and
 * searches once the slot comes near the screen; the sections' code loads then too. At the end of the
 * page, so nothing above moves when they appear. A pure widget: nothing else reads its state, so it
 * owns its actor (architecture §3). Loaded by `MoreCarsSlot`, which is keyed by the car.
 */
export function MoreCars({ car, now }: { car: Car | null; now: Date }) {
  const site = useSite();
  const queries = useQueryCache();
  const logic = useMemo(() => moreCarsLogic(queries), [queries]);
  const input = moreCarsInput(site, car, Math.floor(now.getTime() / 1000));
  const actorRef = useActorRef(logic, { input, inspect: inspectOption() });
  const showing = useSelector(actorRef, selectIsShowing);
  const slot = useNear(() => actorRef.send({ type: 'section.near' }));
  return (
    <div ref={slot}>
      {showing && (
        <Suspense fallback={null}>
          <MoreCarsSections actorRef={actorRef} nowSeconds={input.search.listing.nowSeconds} />
        </Suspense>
      )}
    </div>
  );
}
