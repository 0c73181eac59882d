import { Link } from 'wouter';
import { formatNumber } from '../../domain/format.ts';
import { type ItemHit, itemSearchHref } from '../../domain/item-search.ts';
import { locationContactPath } from '../../domain/lead-routes.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { ItemCard } from './item-card.tsx';

/** An item's enquiry goes to its dealership's parts desk, else the dealer's first (none without one). */
function useEnquiryPath(): (item: ItemHit) => string | null {
  const site = useSite();
  const desks = site.locations.filter((location) => location.visible && location.location_type === 'parts');
  return (item) => {
    const desk = desks.find((location) => location.dealership_id === item.dealership_id) ?? desks[0];
    return desk ? locationContactPath(desk.slug) : null;
  };
}

/** The page of results with their count, or what to do when nothing matches. */
export function ItemResults({ hits, count }: { hits: readonly ItemHit[]; count: number }) {
  const enquire = useEnquiryPath();
  if (hits.length === 0) {
    return (
      <p>
        No parts or accessories match your search.{' '}
        <Link href={itemSearchHref({})} className={css({ textDecoration: 'underline' })}>
          See them all
        </Link>
      </p>
    );
  }
  return (
    <>
      <p role="status" className={css({ mb: '4' })}>
        {formatNumber(count)} {count === 1 ? 'part or accessory' : 'parts and accessories'}
      </p>
      <ul
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
        })}
      >
        {hits.map((item) => (
          <ItemCard key={item.objectID} item={item} contact={enquire(item)} />
        ))}
      </ul>
    </>
  );
}
