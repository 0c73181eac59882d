import type { SnapshotFrom } from 'xstate';
import { photoSrcset } from '../../domain/photo-address.ts';
import { carBreadcrumbJsonLd, carJsonLd } from '../../domain/vehicle-json-ld.ts';
import { carSharedImages } from '../../domain/vehicle-seo.ts';
import type { vehiclePageMachine } from '../../machines/vehicle-page/vehicle-page.machine.ts';
import type { DocumentHead, PageLocation } from '../app/page-definition.ts';
import { GALLERY_MAIN_SIZES, galleryMainPhoto } from './vehicle-gallery.tsx';

/**
 * What the server's document adds to a car page's head (the server alone loads this module): its
 * first photo for shared links (a stored photo's 1280-wide JPEG; none while only the placeholder
 * stands for it), the main photo's preload, and JSON-LD (`Car`, with an `Offer` where it applies, and
 * `BreadcrumbList`).
 */
export function vehicleDocument(
  snapshot: SnapshotFrom<typeof vehiclePageMachine>,
  { site }: PageLocation,
): DocumentHead {
  const { vehicle } = snapshot.context;
  if (!vehicle || !snapshot.matches('ready')) return {};
  const { car, dealer, origin } = vehicle;
  const [shared] = carSharedImages(car);
  const main = galleryMainPhoto(car);
  const srcset = main && photoSrcset(main);
  return {
    ...(shared ? { image: shared } : {}),
    ...(srcset ? { preloadImage: { srcset, sizes: GALLERY_MAIN_SIZES } } : {}),
    jsonLd: [
      carJsonLd(car, { origin, seller: { name: dealer.name, telephone: dealer.phone, url: `${origin}/` } }),
      carBreadcrumbJsonLd(car, { origin, searchPath: site.search.path }),
    ],
  };
}
