import { Link } from 'wouter';
import type { FeatureLink } from '../../domain/vehicle-actions.ts';
import { css } from '../../styled-system/css';

/** §2 the banner of three feature links, following the dealer's switches (`featureLinks`). */
export function FeatureLinks({ links }: { links: readonly FeatureLink[] }) {
  return (
    <nav aria-label="Buying with us">
      <ul
        data-testid="feature-links"
        className={css({
          display: 'grid',
          gap: '3',
          gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
          listStyle: 'none',
        })}
      >
        {links.map((link) => (
          <li key={link.id}>
            <Link
              href={link.href}
              data-feature={link.id}
              className={css({
                display: 'grid',
                gap: '1',
                h: 'full',
                p: '4',
                bg: 'brand',
                color: 'brandFg',
                borderRadius: 'control',
                textDecoration: 'none',
              })}
            >
              <span className={css({ fontWeight: 'bold', fontSize: 'lg' })}>{link.title}</span>
              <span>{link.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
