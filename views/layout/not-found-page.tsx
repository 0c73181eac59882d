import { Link } from 'wouter';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';

/** Any path the storefront does not know. The server answers it with status 404. */
export function NotFoundPage() {
  const site = useSite();
  return (
    <section className={css({ maxW: 'page', mx: 'auto', px: '4', py: '16' })}>
      <h1 className={css({ fontSize: '3xl', fontWeight: 'bold' })}>Page not found</h1>
      <p className={css({ mt: '3', color: 'fgMuted' })}>
        We couldn't find that page on the {site.name} website. It may have moved, or the car may have been
        sold.
      </p>
      <p className={css({ mt: '4', display: 'flex', gap: '4', flexWrap: 'wrap' })}>
        <Link href="/" className={css({ color: 'accent', fontWeight: 'semibold' })}>
          Back to the home page
        </Link>
        <Link href={site.search.path} className={css({ color: 'accent', fontWeight: 'semibold' })}>
          Browse our stock
        </Link>
      </p>
    </section>
  );
}

/** The head of the not-found page. */
export function notFoundHead(siteName: string, path: string) {
  return {
    title: `Page not found | ${siteName}`,
    description: `The page ${path} does not exist on the ${siteName} website.`,
    status: 404,
    canonicalPath: path,
  };
}
