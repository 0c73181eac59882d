import { modelsByBodyPath } from '../../domain/content-pages.ts';
import type { PublicSite } from '../../tenants/public-site.ts';
import { matchPageRoute } from '../app/pages.ts';

/** One header/footer link. */
export interface NavLink {
  label: string;
  href: string;
}

/** A heading of a dropdown and the links under it (the Range menu's body types). */
export interface NavGroup {
  label: string;
  /** The heading's own link (the range of that body type). */
  href: string;
  links: NavLink[];
}

/** One top-level menu: a single link, or a dropdown of links, and of groups of links. */
export interface NavMenu {
  label: string;
  href?: string;
  links?: NavLink[];
  groups?: NavGroup[];
}

/** A model's name as the menu lists it, with the spec's NEW and COMING SOON marks. */
const MODEL_MARKS = { '': '', new: ' NEW', coming_soon: ' COMING SOON' } as const;

/**
 * The Range mega-menu (spec doc 2 §2; doc 1 §2 "mega-menu with the body-type filter, Models Overview
 * link"): the maker's models grouped by body type in the range's order, each group's heading the
 * overview filtered to it, then the overview itself.
 */
function rangeMenu(site: PublicSite): NavMenu[] {
  if (!site.manufacturer) return [];
  const overview = linkOf(site, 'models', '/models');
  return [
    {
      label: 'Range',
      groups: site.model_range.map((group) => ({
        label: group.category,
        href: modelsByBodyPath(group.category),
        links: group.models.map((model) => ({
          label: `${model.name}${MODEL_MARKS[model.status]}`,
          href: model.href,
        })),
      })),
      links: [{ label: 'Models Overview', href: overview }],
    },
  ];
}

/**
 * A path from the dealer's link map (`links` in its site config: the one place its finance, contact
 * or offers path is set), if the storefront serves it; else `fallback`. A link map may name pages the
 * storefront does not have yet (a maker's brand page): those are left out rather than linked dead.
 */
function linkOf(site: PublicSite, key: string, fallback: string): string;
function linkOf(site: PublicSite, key: string): string | undefined;
function linkOf(site: PublicSite, key: string, fallback?: string): string | undefined {
  const path = site.links[key];
  return path !== undefined && isServed(path) ? path : fallback;
}

/**
 * Whether the storefront serves `path`, remembered per path: the link maps' paths are a fixed set
 * and the routes too, while the header, menu sheet and footer each ask for every link on every render
 * (0.3 ms of each cold page, issue 38).
 */
const served = new Map<string, boolean>();
function isServed(path: string): boolean {
  const known = served.get(path);
  if (known !== undefined) return known;
  const answer = matchPageRoute(path) !== undefined;
  // Link maps name tens of paths: more than this is not them.
  if (served.size >= 1_000) served.clear();
  served.set(path, answer);
  return answer;
}

/**
 * The entries whose path is known, in order, each path once: a used-car dealer's map sends "All
 * stock" and "Used cars" to the same listing, which the menu then names once, as "All stock".
 */
function present(links: { label: string; href: string | undefined }[]): NavLink[] {
  const seen = new Set<string>();
  return links.flatMap((link) => {
    if (link.href === undefined || seen.has(link.href)) return [];
    seen.add(link.href);
    return [{ label: link.label, href: link.href }];
  });
}

/**
 * The header menus (spec `locations-forms-tradein-site.md` §2 "Header": Home, Range, Stock,
 * Sell My Car, Finance, Service & Parts and More); the footer groups the same links. Paths come from
 * the dealer's link map, with the storefront's own paths where it names none; the dealer's own pages
 * its map names (its finance offers, care plan, buying guide, ute centre: decision 108) are listed
 * where it names them.
 */
export function siteNavigation(site: PublicSite): NavMenu[] {
  const kinds = new Set(site.vehicle_kinds);
  const sellsNew = site.template !== 'used';
  const stock = present([
    { label: 'All stock', href: linkOf(site, 'all_stock', '/search/new-used-and-demo-cars') },
    { label: 'New cars', href: sellsNew ? linkOf(site, 'new_cars', '/search/new-cars') : undefined },
    { label: 'Demo cars', href: sellsNew ? linkOf(site, 'demo_cars', '/search/demo-cars') : undefined },
    { label: 'Used cars', href: linkOf(site, 'used_cars', '/search/used-cars') },
    { label: 'Caravans', href: kinds.has('caravans') ? '/search/caravans' : undefined },
    { label: 'Motorcycles', href: kinds.has('motorcycles') ? '/search/motorcycles' : undefined },
  ]);
  return [
    { label: 'Home', href: linkOf(site, 'home', '/') },
    ...rangeMenu(site),
    { label: 'Stock', links: stock },
    { label: 'Sell My Car', href: linkOf(site, 'sell_my_car', '/sell-my-car') },
    {
      label: 'Finance',
      links: present([
        { label: 'Car finance', href: linkOf(site, 'finance', site.finance.path) },
        { label: 'Finance pre-approval', href: linkOf(site, 'finance_pre_approval') },
        {
          label: site.manufacturer ? `${site.manufacturer.name} Finance` : 'Manufacturer finance',
          href: linkOf(site, 'manufacturer_finance'),
        },
        { label: 'Guaranteed Future Value', href: linkOf(site, 'guaranteed_future_value') },
        { label: 'Trade-in valuation', href: linkOf(site, 'trade_in', '/trade-in') },
      ]),
    },
    {
      label: 'Service & Parts',
      links: present([
        { label: 'Book a service', href: linkOf(site, 'service', '/service') },
        { label: 'Parts & accessories', href: linkOf(site, 'parts', '/vehicle-parts-and-accessories') },
        { label: 'Accessories', href: linkOf(site, 'accessories') },
        { label: 'Warranty', href: linkOf(site, 'warranty', '/warranty') },
        { label: 'Roadside assist', href: linkOf(site, 'roadside_assist', '/roadside-assist') },
        { label: 'Diamond Advantage', href: linkOf(site, 'diamond_advantage') },
      ]),
    },
    {
      label: 'More',
      links: present([
        { label: 'Special offers', href: linkOf(site, 'special_offers', '/special-offers') },
        { label: 'Buying a car with us', href: linkOf(site, 'buying') },
        { label: 'Mazda Assured', href: linkOf(site, 'mazda_assured') },
        { label: 'BT-50 Ute Centre', href: linkOf(site, 'bt50_ute_centre') },
        { label: 'BT-50 for fleets', href: linkOf(site, 'bt50_fleet') },
        { label: 'Our locations', href: linkOf(site, 'locations', '/dealerships') },
        { label: 'Book a test drive', href: linkOf(site, 'book_test_drive') },
        { label: 'Fleet', href: linkOf(site, 'fleet') },
        { label: 'About us', href: linkOf(site, 'about_us', '/about-us') },
        { label: 'FAQs', href: linkOf(site, 'faqs') },
        { label: 'Careers', href: linkOf(site, 'careers', '/careers') },
        { label: 'Contact us', href: linkOf(site, 'contact', '/contact-us') },
      ]),
    },
  ];
}

/** The footer's legal links, from the link map too. */
export function legalLinks(site: PublicSite): NavLink[] {
  return present([
    { label: 'Terms and conditions', href: linkOf(site, 'terms', '/terms-and-conditions') },
    { label: 'Privacy policy', href: linkOf(site, 'privacy', '/privacy-policy') },
  ]);
}
