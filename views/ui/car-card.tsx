import { Link } from 'wouter';
import { carButtons } from '../../domain/car-buttons.ts';
import { priceDisplay } from '../../domain/car-price.ts';
import { type CarTagFacts, carTag } from '../../domain/car-tag.ts';
import { distanceLabel } from '../../domain/distance-filter.ts';
import type { CarHit } from '../../domain/search-result.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import {
  AttributeChips,
  CardFinance,
  CardPrice,
  cardFinance,
  DetailsStrip,
  TagBanner,
} from './car-card-parts.tsx';
import { CarPhoto } from './car-photo.tsx';
import { CardButtons } from './card-buttons.tsx';
import { DealSignals } from './deal-signals.tsx';
import { PhotoCount } from './photo-count.tsx';

/** The photo's intrinsic size: set on the image so the card keeps its shape before it loads. */
export const CARD_IMAGE = { width: 400, height: 300 } as const;

/**
 * A search card (spec §2 "Car card"; `locations-forms-tradein-site.md` §2 "Search cards"): photo with
 * the tag banner and the location overlay, title, details strip, attribute chips, price and the
 * favourite and compare buttons. `eager` for the first row, whose photos are the page's Largest
 * Contentful Paint candidates (loaded at once, first); photos below it load lazily. `sizes`: the
 * card's width at each breakpoint in the grid that holds it (a photo's `sizes` attribute).
 */
export function CarCard({
  hit,
  nowSeconds,
  eager,
  sizes,
  distanceKm = null,
}: {
  hit: CarHit;
  nowSeconds: number;
  eager: boolean;
  sizes: string;
  /** How far the car is from the listing's postcode, under its distance filter (issue 37 item 3). */
  distanceKm?: number | null;
}) {
  const site = useSite();
  const tag = carTag(
    // A search record's status may be outside §3's three values; the rule treats any other as not for sale.
    { ...hit, status: hit.status as CarTagFacts['status'] },
    {
      nowSeconds,
      fuelTypeTagEnabled: site.features.fuelTypeTag,
      certifiedUsedEnabled: site.features.certifiedUsed,
      certifiedManufacturer: site.manufacturer?.name,
      texts: site.texts,
    },
  );
  const price = priceDisplay({ ...hit, price: hit.price ?? 0 }, site.texts);
  const buttons = carButtons(hit, {
    garageEnabled: site.garage_enabled,
    favouritesStorageOff: site.features.favouritesStorageOff,
  });
  const finance = cardFinance(hit, site, nowSeconds);
  const place = hit.location_name ?? hit.city;
  return (
    <article
      data-testid="car-card"
      data-car-id={hit.objectID}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        h: 'full',
        bg: 'surface',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'control',
        overflow: 'hidden',
      })}
    >
      <div className={css({ position: 'relative', aspectRatio: 'landscape', bg: 'brandSubtle' })}>
        {hit.primary_image_url && (
          <CarPhoto
            src={hit.primary_image_url}
            alt={hit.name}
            width={CARD_IMAGE.width}
            height={CARD_IMAGE.height}
            sizes={sizes}
            loading={eager ? 'priority' : 'lazy'}
            thumbhash={hit.primary_image_thumbhash}
            className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
          />
        )}
        {tag && <TagBanner tag={tag} />}
        {(place || distanceKm !== null) && (
          <span
            data-testid="car-location"
            className={css({
              position: 'absolute',
              bottom: '2',
              left: '2',
              px: '2',
              py: '0.5',
              fontSize: 'xs',
              fontWeight: 'semibold',
              bg: 'surface',
              color: 'fg',
              borderRadius: 'control',
            })}
          >
            {place}
            {distanceKm !== null && (
              <span data-testid="car-distance">
                {place ? ' · ' : ''}
                {distanceLabel(distanceKm)}
              </span>
            )}
          </span>
        )}
        {hit.primary_image_url && <PhotoCount count={hit.image_count} />}
      </div>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', flex: '1' })}>
        <h3 className={css({ fontSize: 'md', fontWeight: 'bold', lineHeight: 'tight' })}>
          <Link href={`/cars/${encodeURIComponent(hit.slug)}`} className={css({ textDecoration: 'none' })}>
            {hit.name}
          </Link>
        </h3>
        <DetailsStrip hit={hit} />
        <AttributeChips hit={hit} />
        {site.features.dealSignals && <DealSignals hit={hit} nowSeconds={nowSeconds} />}
        {finance && <CardFinance finance={finance} />}
        <div
          className={css({
            mt: 'auto',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'end',
            justifyContent: 'space-between',
            gap: '2',
          })}
        >
          <CardPrice price={price} />
          <CardButtons hit={hit} buttons={buttons} />
        </div>
      </div>
    </article>
  );
}
