import { lazy, Suspense, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Car } from '../../domain/car.ts';
import { PHOTO_VIEWER_HISTORY_STATE, photoHref, requestedPhoto } from '../../domain/photo-viewer-address.ts';
import { css } from '../../styled-system/css';
import { CarPhoto } from '../ui/car-photo.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';

// The full-screen viewer's code (and its machine) loads on intent — a touch, the pointer over a photo,
// keyboard focus — or when the address names a photo, never with the page (issue 37 item 10).
const loadViewer = () => import('./photo-viewer.tsx');
const PhotoViewer = lazy(() => loadViewer().then((module) => ({ default: module.PhotoViewer })));
const prefetchViewer = () => {
  void loadViewer().catch(() => undefined);
};

/** The photos' box (8 : 5, as the layout shows them), so the browser reserves their space (no layout shift). */
const PHOTO = { width: 800, height: 500 } as const;

/**
 * The main photo's width (its `sizes`): the page (1200px at most, 1rem padding each side), from `lg`
 * two thirds of it less the 1.5rem gap beside the sidebar. The car page's head preloads it with
 * these (`vehicle-head.ts`), so both must say the same.
 */
export const GALLERY_MAIN_SIZES =
  '(min-width: 1200px) 763px, (min-width: 992px) calc(66.67vw - 37px), calc(100vw - 32px)';

/** A strip photo's width: 40% of the main photo's, 24% from `md`. */
const GALLERY_STRIP_SIZES =
  '(min-width: 1200px) 183px, (min-width: 992px) calc(16vw - 9px), (min-width: 768px) calc(24vw - 8px), calc(40vw - 13px)';

/** The photo a car page opens with (the gallery's large one), or null when it has none. */
export function galleryMainPhoto(car: Pick<Car, 'images' | 'primary_image_url'>): string | null {
  return car.images[0] ?? car.primary_image_url ?? null;
}

const photo = css({ w: 'full', h: 'auto', aspectRatio: '[8/5]', objectFit: 'cover', bg: 'border' });
const opener = css({
  display: 'block',
  w: 'full',
  p: '0',
  borderWidth: '0',
  bg: 'transparent',
  cursor: 'zoom-in',
  position: 'relative',
});
const countBadge = css({
  position: 'absolute',
  right: '2',
  bottom: '2',
  px: '2',
  py: '0.5',
  fontSize: 'sm',
  fontWeight: 'semibold',
  bg: 'surface',
  color: 'fg',
  borderRadius: 'control',
});

/**
 * The car's photos: the first large (loaded eagerly with high priority: it is the page's Largest
 * Contentful Paint), the rest as a lazily loaded strip. Each opens the full-screen viewer on itself by
 * adding `?photo=N` to the address (issue 37 item 6); the viewer shows while the address names a
 * photo, so Back closes it and a link with it opens on that photo once the page has hydrated.
 */
export function VehicleGallery({
  car,
}: {
  car: Pick<Car, 'name' | 'images' | 'primary_image_url'> &
    Partial<Pick<Car, 'image_thumbhashes' | 'primary_image_thumbhash'>>;
}) {
  const fromImages = car.images.length > 0;
  const images = fromImages ? car.images : car.primary_image_url ? [car.primary_image_url] : [];
  // Each photo's thumbhash, in the order of `images` (decision 122): shown while the photo loads.
  const thumbhashes = fromImages ? (car.image_thumbhashes ?? []) : [car.primary_image_thumbhash ?? null];
  const [first, ...rest] = images;
  const [path, navigate] = useLocation();
  const search = useSearch();
  // The server renders no viewer (its code is not on the page yet): it opens after hydration.
  const hydrated = useHydrated();
  const requested = hydrated ? requestedPhoto(search, images.length) : null;
  const openers = useRef<(HTMLButtonElement | null)[]>([]);
  const opens = (index: number) => ({
    ref: (element: HTMLButtonElement | null) => {
      openers.current[index] = element;
    },
    type: 'button' as const,
    className: opener,
    'aria-label': `View photo ${index + 1} of ${images.length} full screen`,
    'aria-haspopup': 'dialog' as const,
    onPointerEnter: prefetchViewer,
    onPointerDown: prefetchViewer,
    onFocus: prefetchViewer,
    onClick: () => navigate(photoHref(path, search, index), { state: PHOTO_VIEWER_HISTORY_STATE }),
  });
  if (!first) {
    return (
      <div
        className={css({
          aspectRatio: '[8/5]',
          bg: 'border',
          borderRadius: 'control',
          display: 'grid',
          placeItems: 'center',
        })}
      >
        <p className={css({ color: 'fgMuted' })}>Photos coming soon</p>
      </div>
    );
  }
  return (
    <section aria-label="Photos" className={css({ display: 'grid', gap: '2' })}>
      <button {...opens(0)}>
        <CarPhoto
          src={first}
          alt={car.name}
          width={PHOTO.width}
          height={PHOTO.height}
          sizes={GALLERY_MAIN_SIZES}
          loading="priority"
          thumbhash={thumbhashes[0]}
          className={`${photo} ${css({ borderRadius: 'control' })}`}
        />
        {images.length > 1 && (
          <span aria-hidden="true" className={countBadge}>
            📷 {images.length}
          </span>
        )}
      </button>
      {rest.length > 0 && (
        <ul
          className={css({
            display: 'grid',
            gridAutoFlow: 'column',
            gridAutoColumns: { base: '[40%]', md: '[24%]' },
            gap: '2',
            overflowX: 'auto',
            scrollSnapType: 'x',
            listStyle: 'none',
          })}
        >
          {rest.map((image, index) => (
            <li key={image} className={css({ scrollSnapAlign: 'start' })}>
              <button {...opens(index + 1)}>
                <CarPhoto
                  src={image}
                  alt={`${car.name} (${index + 2} of ${images.length})`}
                  width={PHOTO.width}
                  height={PHOTO.height}
                  sizes={GALLERY_STRIP_SIZES}
                  loading="lazy"
                  thumbhash={thumbhashes[index + 1]}
                  className={photo}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {requested !== null && (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={images}
            carName={car.name}
            index={requested}
            returnFocusTo={() => openers.current[requested] ?? openers.current[0] ?? null}
          />
        </Suspense>
      )}
    </section>
  );
}
