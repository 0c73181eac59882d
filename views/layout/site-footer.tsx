import { Link } from 'wouter';
import { PAYMENT_METHODS } from '../../domain/payment-methods.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { legalLinks, siteNavigation } from './navigation.ts';

const heading = css({ fontWeight: 'bold', mb: '2' });
const link = css({ textDecoration: 'none', _hover: { textDecoration: 'underline' } });

/** The site footer: link groups matching the header, contact details and licence numbers. */
export function SiteFooter() {
  const site = useSite();
  // The header's dropdowns as link groups; the Range menu's body types stand for its models.
  const groups = siteNavigation(site)
    .filter((menu) => menu.links)
    .map((menu) => ({
      label: menu.label,
      links: [...(menu.groups ?? []).map(({ label, href }) => ({ label, href })), ...(menu.links ?? [])],
    }));
  const licences = site.locations.flatMap((l) => (l.dealer_license_number ? [l.dealer_license_number] : []));
  return (
    <footer className={css({ bg: 'fg', color: 'surface', mt: 'auto', py: '10', px: '4' })}>
      <div
        className={css({
          maxW: 'page',
          mx: 'auto',
          display: 'grid',
          gap: '6',
          gridTemplateColumns: { base: '1fr', sm: '1fr 1fr', lg: 'repeat(5, 1fr)' },
        })}
      >
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={heading}>
            {site.name}
          </h2>
          <address className={css({ fontStyle: 'normal' })}>
            {site.address.street}
            <br />
            {site.address.city} {site.address.state.toUpperCase()} {site.address.postcode}
          </address>
          <p>
            <a className={link} href={`tel:${site.phone.replace(/\s+/g, '')}`}>
              {site.phone}
            </a>
          </p>
          <p>
            <a className={link} href={`mailto:${site.email}`}>
              {site.email}
            </a>
          </p>
        </section>
        {groups.map((group) => (
          <nav key={group.label} aria-label={`${group.label} links`}>
            <h2 className={heading}>{group.label}</h2>
            <ul className={css({ display: 'grid', gap: '1' })}>
              {group.links?.map((item) => (
                <li key={item.href}>
                  <Link className={link} href={item.href}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div
        className={css({
          maxW: 'page',
          mx: 'auto',
          mt: '8',
          fontSize: 'sm',
          display: 'flex',
          flexWrap: 'wrap',
          gap: '4',
        })}
      >
        <span>
          © {site.name}
          {licences.length > 0 ? ` · Licence ${[...new Set(licences)].join(', ')}` : ''}
        </span>
        {legalLinks(site).map((item) => (
          <Link key={item.href} className={link} href={item.href}>
            {item.label}
          </Link>
        ))}
        <ul
          aria-label="Payment methods we accept"
          data-testid="payment-methods"
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', ml: { md: 'auto' } })}
        >
          {PAYMENT_METHODS.map((method) => (
            <li
              key={method}
              className={css({
                px: '2',
                py: '0.5',
                borderWidth: '1px',
                borderColor: 'surface',
                borderRadius: 'control',
                fontSize: 'xs',
                fontWeight: 'bold',
              })}
            >
              {method}
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
