import { useSelector } from '@xstate/react';
import type { VehiclePageActorRef } from '../../machines/vehicle-page/vehicle-page.machine.ts';
import {
  selectError,
  selectIsLoading,
  selectIsNotFound,
  selectVehicleView,
} from '../../machines/vehicle-page/vehicle-page.selectors.ts';
import { loadOnce } from '../app/load-once.ts';
import { definePage } from '../app/page-definition.ts';
import { NotFoundPage } from '../layout/not-found-page.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { VehicleContent } from './vehicle-content.tsx';
import { vehicleHead } from './vehicle-head.ts';
import { vehicleSettings } from './vehicle-settings.ts';
import { vehiclePageLogic, vehicleQueryKeys } from './wiring.ts';

/** The vehicle detail page, rendered from the car page machine's snapshot. */
export function VehiclePage({ actorRef }: { actorRef: VehiclePageActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const notFound = useSelector(actorRef, selectIsNotFound);
  const error = useSelector(actorRef, selectError);
  const view = useSelector(actorRef, selectVehicleView);
  if (notFound) return <NotFoundPage />;
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading || !view) return <PageSkeleton label="Loading the car" />;
  return <VehicleContent actorRef={actorRef} view={view} />;
}

function slugOf(path: string): string {
  const segment = path.split('/')[2] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Route `/cars/{slug}`. */
export const vehiclePage = definePage({
  logic: vehiclePageLogic,
  input: ({ site, path }) => ({ slug: slugOf(path), settings: vehicleSettings(site) }),
  head: vehicleHead,
  document: loadOnce(async () => (await import('./vehicle-document.ts')).vehicleDocument),
  prime: (queries, snapshot) => {
    const vehicle = snapshot.context.vehicle;
    if (vehicle) queries.prime(vehicleQueryKeys.vehicle(vehicle.car.slug), vehicle);
  },
  View: VehiclePage,
});
