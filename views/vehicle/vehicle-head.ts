import type { SnapshotFrom } from 'xstate';
import { carPageDescription, carPageTitle } from '../../domain/vehicle-seo.ts';
import type { vehiclePageMachine } from '../../machines/vehicle-page/vehicle-page.machine.ts';
import type { PageHead, PageLocation } from '../app/page-definition.ts';
import { notFoundHead } from '../layout/not-found-page.tsx';

/**
 * The car page's head: title, description and canonical `/cars/{slug}`; 404 for an unknown car, 500
 * when loading failed. What only the server's document adds is `vehicle-document.ts`.
 */
export function vehicleHead(
  snapshot: SnapshotFrom<typeof vehiclePageMachine>,
  { site, path }: PageLocation,
): PageHead {
  const { vehicle, slug } = snapshot.context;
  const canonicalPath = `/cars/${encodeURIComponent(slug)}`;
  if (snapshot.matches('notFound')) return notFoundHead(site.name, path);
  if (snapshot.matches('failed')) {
    return {
      title: `Something went wrong | ${site.name}`,
      description: site.description,
      status: 500,
      canonicalPath,
    };
  }
  if (!vehicle)
    return { title: `Loading… | ${site.name}`, description: site.description, status: 200, canonicalPath };
  const { car } = vehicle;
  return {
    title: carPageTitle(car, site.name),
    description: carPageDescription(car, site.name, site.texts.no_price),
    status: 200,
    canonicalPath: `/cars/${encodeURIComponent(car.slug)}`,
  };
}
