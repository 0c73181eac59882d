import { Link } from 'wouter';
import { promotionPagePath } from '../../domain/content-pages.ts';
import { css } from '../../styled-system/css';
import type { PublicSite } from '../../tenants/public-site.ts';

/** A promotional tile of the results grid (spec §2: at positions 8 and 17). */
export interface Promo {
  readonly title: string;
  readonly text: string;
  readonly href: string;
  readonly action: string;
}

/**
 * The listing's promotions, in the order their positions take them: the dealer's promotions running
 * now, each leading to its page; where it runs fewer than two, the offers and finance pages.
 */
export function listingPromos(site: Pick<PublicSite, 'promotions' | 'finance'>): Promo[] {
  const running = site.promotions.map((promotion) => ({
    title: promotion.title,
    text: promotion.description ?? 'See the offer.',
    href: promotionPagePath(promotion.id),
    action: 'View offer',
  }));
  const financePath = site.finance.path;
  return [
    ...running,
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
  ].slice(0, 2);
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
