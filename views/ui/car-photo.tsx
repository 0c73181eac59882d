import { useMemo } from 'react';
import { thumbHashToDataURL } from 'thumbhash';
import { photoSrcset } from '../../domain/photo-address.ts';

/**
 * The picture a thumbhash stands for, as a `data:` PNG address (about 32 × 24 pixels, stretched and
 * smoothed by the browser), or null for none or a malformed one.
 */
export function thumbhashImage(thumbhash: string | null | undefined): string | null {
  if (!thumbhash) return null;
  try {
    return thumbHashToDataURL(Uint8Array.from(atob(thumbhash), (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** How a photo is loaded: `priority` for a page's Largest Contentful Paint candidate, else `lazy`. */
export type PhotoLoading = 'priority' | 'lazy';

/**
 * A car's photo (issue 35 item 3, decision 122). A stored photo gets every width the site serves
 * (`srcSet`) and the `sizes` of the layout it sits in, so a phone at 2× downloads a card's 800-wide file,
 * not the 960 the address names; a drawing or the placeholder stays one address. `width` and
 * `height` give its box's proportions before it loads (its class keeps them, `object-fit: cover`,
 * whatever the file's own), so nothing shifts. A `priority` photo loads at once and first
 * (`fetchpriority="high"`); every other one lazily, decoded off the main thread. With a `thumbhash`
 * the box shows the photo's blurred colours (its background) until the photo, opaque and covering the
 * box, is painted over them: nothing to remove, no script, no shift.
 */
export function CarPhoto({
  src,
  alt,
  width,
  height,
  sizes,
  loading,
  className,
  thumbhash,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The photo's displayed width at each breakpoint (the `sizes` attribute). */
  sizes: string;
  loading: PhotoLoading;
  className?: string;
  /** The photo's thumbhash (base64), shown while it loads. */
  thumbhash?: string | null | undefined;
}) {
  const srcSet = photoSrcset(src) ?? undefined;
  const placeholder = useMemo(() => (srcSet ? thumbhashImage(thumbhash) : null), [srcSet, thumbhash]);
  const priority = loading === 'priority';
  return (
    <img
      // `loading` before `src`: a browser that starts the download when `src` is set must know first.
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      srcSet={srcSet}
      sizes={srcSet && sizes}
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      style={placeholder ? { backgroundImage: `url(${placeholder})`, backgroundSize: 'cover' } : undefined}
    />
  );
}
