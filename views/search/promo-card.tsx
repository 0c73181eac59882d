import { Link } from 'wouter';
import { css } from '../../styled-system/css';

/** A promotional tile of the results grid (spec §2: at positions 8 and 17). */
export interface Promo {
  readonly title: string;
  readonly text: string;
  readonly href: string;
  readonly action: string;
}

/** The listing's promotions, in the order their positions take them. */
export function listingPromos(financePath: string): Promo[] {
  return [
    {
      title: 'Special offers',
      text: 'Drive away in a better deal: see this month’s offers.',
      href: '/special-offers',
      action: 'View offers',
    },
    {
      title: 'Finance made simple',
      text: 'Get pre-approved before you choose your car.',
      href: financePath,
      action: 'Apply for finance',
    },
  ];
}

/** A promotion in the grid, the height of a car card. */
export function PromoCard({ promo }: { promo: Promo }) {
  return (
    <aside
      data-testid="promo-card"
      aria-label={promo.title}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: '3',
        h: 'full',
        minH: '80',
        p: '6',
        bg: 'brand',
        color: 'brandFg',
        borderRadius: 'control',
      })}
    >
      <h3 className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{promo.title}</h3>
      <p>{promo.text}</p>
      <Link
        href={promo.href}
        className={css({ fontWeight: 'bold', textDecoration: 'underline', alignSelf: 'flex-start' })}
      >
        {promo.action}
      </Link>
    </aside>
  );
}
