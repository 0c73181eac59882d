import type { OfferSummary, SitePageAnswer } from '../../domain/contracts/pages.ts';

/*
 * The offer pages (issue 18 item 5; `locations-forms-tradein-site.md` §4 Promotions): the current
 * offers, a running offer's own page and an ended one's, from `GET /api/pages`.
 */

/** A promotion's banner: the picture the home page and the listing show for it. */
function OfferImage({ offer, lazy }: { offer: OfferSummary; lazy: boolean }) {
  return (
    <p>
      <img src={offer.image_url} alt="" width={960} height={270} loading={lazy ? 'lazy' : undefined} />
    </p>
  );
}

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
        <li key={offer.path}>
          <h2>
            <a href={offer.path}>{offer.title}</a>
          </h2>
          <OfferImage offer={offer} lazy />
          {offer.description && <p>{offer.description}</p>}
          <p>{`Ends ${offer.ends}.`}</p>
        </li>
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
      <OfferImage offer={offer} lazy={false} />
      {offer.description && <p>{offer.description}</p>}
      <p>{`Ends ${offer.ends}.`}</p>
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
