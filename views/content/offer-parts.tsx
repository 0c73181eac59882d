import type { OfferSummary, SitePageAnswer } from '../../domain/contracts/pages.ts';
import { PromoCard, PromoLines, PromotionPicture } from '../ui/promo-card.tsx';

/*
 * The offer pages (issue 18 item 5; `locations-forms-tradein-site.md` §4 Promotions): the current
 * offers, a running offer's own page and an ended one's, from `GET /api/pages`. They draw a promotion
 * with the home page's and the listing's parts (`views/ui/promo-card.tsx`).
 */

/** An offer's words (where it has some) and its last day. */
const offerLines = (offer: OfferSummary) => [
  ...(offer.description ? [offer.description] : []),
  `Ends ${offer.ends}.`,
];

/** The offers running now, each title leading to its own page; or a line saying there are none. */
export function OfferList({ offers }: { offers: readonly OfferSummary[] }) {
  if (offers.length === 0) {
    return (
      <p>
        There are no special offers right now. <a href="/search">Browse our stock</a>.
      </p>
    );
  }
  return (
    <ul className="offers">
      {offers.map((offer) => (
        <PromoCard
          key={offer.path}
          offer={{
            title: offer.title,
            href: offer.path,
            image_url: offer.image_url,
            lines: offerLines(offer),
          }}
        />
      ))}
    </ul>
  );
}

const allOffers = <a href="/special-offers">All special offers</a>;

/** A running promotion: its picture, words, last day and "See the offer" (where it offers something). */
export function OfferPage({ page }: { page: Extract<SitePageAnswer, { kind: 'offer' }> }) {
  const { offer } = page;
  return (
    <>
      <p>
        <PromotionPicture src={offer.image_url} width={960} height={270} />
      </p>
      <PromoLines lines={offerLines(offer)} />
      <p>
        {page.see_the_offer && (
          <>
            <a href={page.see_the_offer}>See the offer</a> ·{' '}
          </>
        )}
        {allOffers}
      </p>
    </>
  );
}

/** A promotion that has ended: when, and the offers running now. */
export function OfferEndedPage({ page }: { page: Extract<SitePageAnswer, { kind: 'offerEnded' }> }) {
  return (
    <>
      <p data-expired="true">{`This offer ended on ${page.ended}. Here are the offers running now.`}</p>
      <OfferList offers={page.offers} />
      <p>{allOffers}</p>
    </>
  );
}
