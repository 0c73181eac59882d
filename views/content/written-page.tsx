import type { SitePageAnswer } from '../../domain/contracts/pages.ts';
import { css } from '../../styled-system/css';
import { pageStyles } from '../ui/page-styles.ts';
import { Markdown } from './markdown.tsx';
import { ModelsPage } from './models-page.tsx';
import { OfferEndedPage, OfferList, OfferPage } from './offer-parts.tsx';
import { ReviewsPage } from './reviews-page.tsx';

const prose = css({
  maxW: '3xl',
  mt: '4',
  '& h2': { fontSize: 'xl', fontWeight: 'bold', mt: '6' },
  '& h3': { fontSize: 'lg', fontWeight: 'bold', mt: '4' },
  '& p': { mt: '2', color: 'fgMuted' },
  '& ul': { listStyle: 'disc', pl: '6', mt: '2' },
  '& ol': { listStyle: 'decimal', pl: '6', mt: '2' },
  '& a': { color: 'accent', fontWeight: 'semibold', textDecoration: 'underline' },
  // The reviews' star display: one row of stars beside the average.
  '& [data-stars]': { display: 'inline-flex', gap: '0.5', verticalAlign: 'middle' },
});

/** The body of a page from the server, by its kind. */
function PageBody({ page }: { page: SitePageAnswer }) {
  switch (page.kind) {
    case 'markdown':
      return <Markdown tokens={page.tokens} />;
    case 'offers':
      return <OfferList offers={page.offers} />;
    case 'offer':
      return <OfferPage page={page} />;
    case 'offerEnded':
      return <OfferEndedPage page={page} />;
    case 'models':
      return <ModelsPage page={page} />;
    case 'reviews':
      return <ReviewsPage page={page} />;
  }
}

/**
 * A page from `GET /api/pages`: the dealer's own words (its Markdown as tokens) or one the server
 * writes from the store (offers, the model range, reviews), rendered as React elements.
 */
export function WrittenPage({ page }: { page: SitePageAnswer }) {
  return (
    <article className={pageStyles.page} data-testid="content-page">
      <h1 className={pageStyles.heading}>{page.title}</h1>
      <div className={prose}>
        <PageBody page={page} />
      </div>
    </article>
  );
}
