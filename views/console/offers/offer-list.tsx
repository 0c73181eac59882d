import type { ConsoleOffer } from '../../../domain/contracts/console-offers.ts';
import { photoSrcset } from '../../../domain/photo-address.ts';
import { css } from '../../../styled-system/css';
import { button, card } from '../../../styled-system/recipes';
import { pageStyles } from '../../ui/page-styles.ts';

const PHASES: Record<ConsoleOffer['phase'], string> = {
  upcoming: 'To come',
  running: 'Running',
  ended: 'Ended',
};

const dayText = (day: string): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-AU', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Where an offer shows: the dealerships it names, or every one. */
export function offerPlaces(
  offer: ConsoleOffer,
  dealerships: readonly { id: number; name: string }[],
): string {
  if (offer.dealership_ids.length === 0) return 'Every dealership';
  return offer.dealership_ids
    .map((id) => dealerships.find((dealership) => dealership.id === id)?.name ?? `Dealership ${id}`)
    .join(', ');
}

/** The site's offers as cards: picture, title, state, days, where it shows; Edit and "End offer" on each not ended. */
export function OfferList({
  offers,
  dealerships,
  busy,
  onEdit,
  onEnd,
}: {
  offers: readonly ConsoleOffer[];
  dealerships: readonly { id: number; name: string }[];
  busy: boolean;
  onEdit: (id: number) => void;
  onEnd: (id: number) => void;
}) {
  if (offers.length === 0) return <p className={pageStyles.text}>No offers yet.</p>;
  return (
    <ul
      aria-label="Offers"
      className={css({
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: '4',
        mt: '4',
        listStyle: 'none',
        p: '0',
      })}
    >
      {offers.map((offer) => (
        <li key={offer.id} className={card().root} aria-labelledby={`offer-${offer.id}`}>
          <img
            src={offer.image_url}
            srcSet={photoSrcset(offer.image_url) ?? undefined}
            sizes="(min-width: 48rem) 40rem, 100vw"
            alt=""
            width={960}
            height={270}
            loading="lazy"
            className={css({
              w: 'full',
              h: 'auto',
              aspectRatio: '[32/9]',
              objectFit: 'cover',
              borderRadius: 'control',
            })}
          />
          <h2 id={`offer-${offer.id}`} className={css({ fontSize: 'lg', fontWeight: 'bold', mt: '3' })}>
            {offer.title}
          </h2>
          <dl
            className={css({
              display: 'grid',
              gap: '1',
              mt: '2',
              fontSize: 'sm',
              '& dt': { fontWeight: 'semibold' },
            })}
          >
            <div>
              <dt>State</dt>
              <dd>{PHASES[offer.phase]}</dd>
            </div>
            <div>
              <dt>Days</dt>
              <dd>
                {dayText(offer.starts)} – {dayText(offer.ends)}
              </dd>
            </div>
            <div>
              <dt>Shows at</dt>
              <dd>{offerPlaces(offer, dealerships)}</dd>
            </div>
          </dl>
          <div className={pageStyles.row}>
            {offer.phase !== 'ended' && (
              <a className={pageStyles.link} href={offer.path} target="_blank" rel="noreferrer">
                See it on the site
              </a>
            )}
            <button
              type="button"
              className={button({ variant: 'outline', size: 'sm' })}
              disabled={busy}
              onClick={() => onEdit(offer.id)}
              aria-label={`Edit ${offer.title}`}
            >
              Edit
            </button>
            {offer.phase !== 'ended' && (
              <button
                type="button"
                className={button({ variant: 'ghost', size: 'sm' })}
                disabled={busy}
                onClick={() => onEnd(offer.id)}
                aria-label={`End offer ${offer.title}`}
              >
                End offer
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
