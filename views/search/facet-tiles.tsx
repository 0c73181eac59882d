import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { formatNumber } from '../../domain/format.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectFacets, selectHits, selectTileHref } from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';
import { letterMark } from '../../styled-system/recipes';
import { useSite } from '../app/site-context.tsx';
import { CarPhoto } from '../ui/car-photo.tsx';

/** Tiles listed per facet, most stock first. */
const TILES = 12;

/** One facet tile (`locations-forms-tradein-site.md` §2): label, count, image, link. */
interface Tile {
  value: string;
  count: number;
  imageUrl: string | null;
}

const tileLink = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  p: '2',
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  textDecoration: 'none',
  _hover: { borderColor: 'brand' },
});

/** One tile's link: the listing its count is of (`selectTileHref`). */
function TileLink({ actorRef, kind, tile }: { actorRef: SearchActorRef; kind: 'make' | 'body'; tile: Tile }) {
  const href = useSelector(actorRef, selectTileHref(kind, tile.value));
  return (
    <Link href={href} data-testid={`${kind}-tile`} className={tileLink}>
      {tile.imageUrl ? (
        <CarPhoto
          src={tile.imageUrl}
          alt=""
          width={48}
          height={36}
          sizes="48px"
          loading="lazy"
          className={css({ w: '12', h: '9', objectFit: 'contain' })}
        />
      ) : (
        <span aria-hidden="true" data-testid="tile-badge" className={letterMark()}>
          {tile.value.charAt(0).toUpperCase()}
        </span>
      )}
      <span className={css({ display: 'flex', flexDirection: 'column', minW: '0' })}>
        <span className={css({ fontWeight: 'semibold', truncate: true })}>{tile.value}</span>
        <span className={css({ fontSize: 'xs', color: 'fgMuted' })}>{formatNumber(tile.count)}</span>
      </span>
    </Link>
  );
}

function TileList({
  actorRef,
  heading,
  tiles,
  kind,
}: {
  actorRef: SearchActorRef;
  heading: string;
  tiles: Tile[];
  kind: 'make' | 'body';
}) {
  if (tiles.length === 0) return null;
  return (
    <section aria-label={heading} className={css({ mt: '8' })}>
      <h2 className={css({ fontSize: 'lg', fontWeight: 'bold', mb: '3' })}>{heading}</h2>
      <ul
        className={css({
          display: 'grid',
          gridTemplateColumns: {
            base: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(6, minmax(0, 1fr))',
          },
          gap: '3',
          listStyle: 'none',
        })}
      >
        {tiles.map((tile) => (
          <li key={tile.value}>
            <TileLink actorRef={actorRef} kind={kind} tile={tile} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Make and body tiles, each linking to the listing it counts (`/search/{slug}` where that is the
 * same stock). A make shows its logo (the site's `make_logos`), or its initial when it has none; a
 * body shows a car of that body from the results.
 */
export function FacetTiles({ actorRef }: { actorRef: SearchActorRef }) {
  const { make_logos: logos } = useSite();
  const facets = useSelector(actorRef, selectFacets);
  const hits = useSelector(actorRef, selectHits);
  const tiles = (attribute: 'make' | 'body', image: (value: string) => string | null): Tile[] =>
    Object.entries(facets[attribute] ?? {})
      .sort(([, a], [, b]) => b - a)
      .slice(0, TILES)
      .map(([value, count]) => ({ value, count, imageUrl: image(value) }));
  const bodyImage = (body: string) => hits.find((hit) => hit.body === body)?.primary_image_url ?? null;
  return (
    <>
      <TileList
        actorRef={actorRef}
        heading="Browse by make"
        kind="make"
        tiles={tiles('make', (make) => logos[make] ?? null)}
      />
      <TileList
        actorRef={actorRef}
        heading="Browse by body type"
        kind="body"
        tiles={tiles('body', bodyImage)}
      />
    </>
  );
}
