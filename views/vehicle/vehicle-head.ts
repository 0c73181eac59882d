import type { SnapshotFrom } from 'xstate';
import { photoSrcset } from '../../domain/photo-address.ts';
import {
  carBreadcrumbJsonLd,
  carJsonLd,
  carPageDescription,
  carPageTitle,
  carSharedImages,
} from '../../domain/vehicle-seo.ts';
import type { vehiclePageMachine } from '../../machines/vehicle-page/vehicle-page.machine.ts';
import type { PageHead, PageLocation } from '../app/page-definition.ts';
import { notFoundHead } from '../layout/not-found-page.tsx';
import { GALLERY_MAIN_SIZES, galleryMainPhoto } from './vehicle-gallery.tsx';

/**
 * The car page's head: title, description, canonical `/cars/{slug}`, its first photo for shared
 * links (a stored photo's 1280-wide JPEG; none while only the placeholder stands for it), the main
 * photo's preload and JSON-LD (`Car`, with an `Offer` where it applies, and `BreadcrumbList`); 404
 * for an unknown car, 500 when loading failed.
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
  const { car, dealer, origin } = vehicle;
  const [shared] = carSharedImages(car);
  const main = galleryMainPhoto(car);
  const srcset = main && photoSrcset(main);
  return {
    title: carPageTitle(car, site.name),
    description: carPageDescription(car, site.name, site.texts.no_price),
    status: 200,
    canonicalPath: `/cars/${encodeURIComponent(car.slug)}`,
    ...(shared ? { image: shared } : {}),
    ...(srcset ? { preloadImage: { srcset, sizes: GALLERY_MAIN_SIZES } } : {}),
    jsonLd: [
      carJsonLd(car, { origin, seller: { name: dealer.name, telephone: dealer.phone, url: `${origin}/` } }),
      carBreadcrumbJsonLd(car, { origin, searchPath: site.search.path }),
    ],
  };
}
