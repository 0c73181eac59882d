import { Link } from 'wouter';
import { formatPrice } from '../../domain/format.ts';
import type { ItemHit } from '../../domain/item-search.ts';
import { css } from '../../styled-system/css';

const card = css({
  display: 'grid',
  gap: '2',
  alignContent: 'start',
  p: '4',
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
});

/** One part or accessory: photo, name, categories, price (or 'Price on request') and Enquire. */
export function ItemCard({ item, contact }: { item: ItemHit; contact: string | null }) {
  return (
    <li data-testid="item-card" className={card}>
      {item.image_url && (
        <img
          src={item.image_url}
          alt=""
          width={400}
          height={300}
          loading="lazy"
          className={css({ w: 'full', h: 'auto', borderRadius: 'control' })}
        />
      )}
      <h3 className={css({ fontWeight: 'semibold' })}>{item.name}</h3>
      <p className={css({ fontSize: 'sm' })}>{item.categories.join(' › ')}</p>
      <p className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
        {item.price === null ? 'Price on request' : formatPrice(item.price, 2)}
      </p>
      {contact && (
        <Link
          href={contact}
          className={css({ textDecoration: 'underline' })}
          aria-label={`Enquire about ${item.name}`}
        >
          Enquire
        </Link>
      )}
    </li>
  );
}
