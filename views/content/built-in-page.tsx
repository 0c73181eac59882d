import { Link } from 'wouter';
import { contentPageText } from '../../domain/content-page-text.ts';
import type { ContentPageId } from '../../domain/content-pages.ts';
import { css } from '../../styled-system/css';
import type { PublicSite } from '../../tenants/public-site.ts';
import { pageStyles } from '../ui/page-styles.ts';

/** A page built from the site's settings (the trade-in terms): its title, introduction and sections. */
export function BuiltInPage({ id, site }: { id: ContentPageId; site: PublicSite }) {
  const text = contentPageText(id, site);
  return (
    <article className={pageStyles.page} data-testid="content-page">
      <h1 className={pageStyles.heading}>{text.title}</h1>
      <p className={pageStyles.text}>{text.intro}</p>
      {text.sections.length > 0 && (
        <ol className={css({ listStyle: 'decimal', pl: '6', maxW: '3xl' })}>
          {text.sections.map((section) => (
            <li key={section.heading} className={css({ mt: '6' })}>
              <h2 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className={pageStyles.text}>
                  {paragraph}
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
      {id === 'tradeInTerms' && (
        <p className={pageStyles.row}>
          <Link href="/trade-in" className={pageStyles.link}>
            Value your car
          </Link>
          <Link href="/contact" className={pageStyles.link}>
            Contact us
          </Link>
        </p>
      )}
    </article>
  );
}
