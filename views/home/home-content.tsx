import { Link } from 'wouter';
import type { HomeContent } from '../../domain/contracts/home.ts';
import type { HomeStock } from '../../domain/home-stock.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { LocationCarousel } from '../ui/location-card.tsx';
import { MoreCarsSlot } from '../ui/more-cars-slot.tsx';
import { Promotions } from '../ui/promotions.tsx';
import { FeaturedStock } from './featured-stock.tsx';
import { PriceRangeScreen } from './price-range-screen.tsx';

const sectionTitle = css({ fontSize: '2xl', fontWeight: 'bold', mb: '4' });
const quickLink = css({
  display: 'block',
  p: '4',
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  fontWeight: 'semibold',
  textDecoration: 'none',
  _hover: { borderColor: 'brand', color: 'fg' },
});

/**
 * The home page once its content has loaded: welcome, promotions, the price-range screen, quick
 * links, featured stock, the cars this browser viewed lately, dealerships and locations. Without
 * stock (its search failed) the price-range screen still searches every make.
 */
export function HomeContentView({
  home,
  stock,
  nowSeconds,
}: {
  home: HomeContent;
  stock: HomeStock | null;
  nowSeconds: number;
}) {
  const site = useSite();
  const links = [
    { href: site.search.path, label: 'Browse all stock' },
    { href: site.finance.path, label: 'Apply for finance' },
    { href: '/trade-in', label: 'Value my trade-in' },
    { href: '/service', label: 'Book a service' },
  ];
  return (
    <>
      <section className={css({ bg: 'brand', color: 'brandFg', py: { base: '10', md: '16' } })}>
        <div className={css({ maxW: 'page', mx: 'auto', px: '4' })}>
          <h1 className={css({ fontSize: { base: '3xl', md: '5xl' }, fontWeight: 'extrabold' })}>
            {home.name}
          </h1>
          <p className={css({ fontSize: { base: 'lg', md: 'xl' }, mt: '3' })}>{home.tagline}</p>
          <p className={css({ mt: '3', maxW: '2xl' })}>{home.description}</p>
        </div>
      </section>
      <div
        className={css({
          maxW: 'page',
          mx: 'auto',
          px: '4',
          py: '8',
          display: 'grid',
          gap: '10',
          // One column that never grows past the page: a row that scrolls sideways stays inside it.
          gridTemplateColumns: 'minmax(0, 1fr)',
        })}
      >
        {home.promotions.length > 0 && <Promotions promotions={home.promotions} />}
        <PriceRangeScreen makes={stock?.makes ?? []} />
        <nav aria-label="Quick links">
          <ul
            className={css({
              display: 'grid',
              gap: '3',
              gridTemplateColumns: { base: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
            })}
          >
            {links.map((link) => (
              <li key={link.href}>
                <Link className={quickLink} href={link.href}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <FeaturedStock cars={stock?.featured ?? []} nowSeconds={nowSeconds} />
        <MoreCarsSlot
          car={null}
          now={new Date(nowSeconds * 1000)}
          className={css({ minW: '0', _empty: { mb: '-10' } })}
        />
        {home.dealerships.length > 1 && (
          <section aria-labelledby="dealerships-title">
            <h2 id="dealerships-title" className={sectionTitle}>
              Our dealerships
            </h2>
            <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
              {home.dealerships.map((dealership) => (
                <li
                  key={dealership.slug}
                  className={css({
                    bg: 'surface',
                    p: '3',
                    borderRadius: 'control',
                    borderWidth: '1px',
                    borderColor: 'border',
                  })}
                >
                  <span className={css({ fontWeight: 'semibold' })}>{dealership.name}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="locations-title">
          <h2 id="locations-title" className={sectionTitle}>
            Find us
          </h2>
          <LocationCarousel locations={home.locations} />
        </section>
      </div>
    </>
  );
}
