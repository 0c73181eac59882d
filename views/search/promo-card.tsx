import { promotionPagePath } from '../../domain/content-pages.ts';
import type { PublicSite } from '../../tenants/public-site.ts';
import type { Promo } from '../ui/promo-card.tsx';

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
