import type { PublicSite } from '../../tenants/public-site.ts';

/** One header/footer link. */
export interface NavLink {
  label: string;
  href: string;
}

/** One top-level menu: a single link, or a dropdown of links. */
export interface NavMenu {
  label: string;
  href?: string;
  links?: NavLink[];
}

/**
 * The header menus (spec `locations-forms-tradein-site.md` §2 "Header": Home, Range, Stock,
 * Sell My Car, Finance, Service & Parts and More); the footer groups the same links.
 */
export function siteNavigation(site: PublicSite): NavMenu[] {
  const kinds = new Set(site.vehicle_kinds);
  const sellsNew = site.template !== 'used';
  const stock: NavLink[] = [
    { label: 'All stock', href: '/search/new-used-and-demo-cars' },
    ...(sellsNew ? [{ label: 'New cars', href: '/search/new-cars' }] : []),
    ...(sellsNew ? [{ label: 'Demo cars', href: '/search/demo-cars' }] : []),
    { label: 'Used cars', href: '/search/used-cars' },
    ...(kinds.has('caravans') ? [{ label: 'Caravans', href: '/search/caravans' }] : []),
    ...(kinds.has('motorcycles') ? [{ label: 'Motorcycles', href: '/search/motorcycles' }] : []),
  ];
  return [
    { label: 'Home', href: '/' },
    ...(site.manufacturer
      ? [{ label: 'Range', links: [{ label: `${site.manufacturer.name} range`, href: '/models' }] }]
      : []),
    { label: 'Stock', links: stock },
    { label: 'Sell My Car', href: '/sell-my-car' },
    {
      label: 'Finance',
      links: [
        { label: 'Car finance', href: site.finance.path },
        { label: 'Trade-in valuation', href: '/trade-in' },
      ],
    },
    {
      label: 'Service & Parts',
      links: [
        { label: 'Book a service', href: '/service' },
        { label: 'Parts & accessories', href: '/vehicle-parts-and-accessories' },
        { label: 'Warranty', href: '/warranty' },
        { label: 'Roadside assist', href: '/roadside-assist' },
      ],
    },
    {
      label: 'More',
      links: [
        { label: 'Special offers', href: '/special-offers' },
        { label: 'Our locations', href: '/dealerships' },
        { label: 'About us', href: '/about-us' },
        { label: 'Careers', href: '/careers' },
        { label: 'Contact us', href: '/contact-us' },
      ],
    },
  ];
}
