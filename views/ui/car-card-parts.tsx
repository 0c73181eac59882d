import type { PriceDisplay } from '../../domain/car-price.ts';
import type { CarTag } from '../../domain/car-tag.ts';
import { type ListingFinance, listingFinance } from '../../domain/finance-rules.ts';
import { formatNumber } from '../../domain/format.ts';
import type { CarHit } from '../../domain/search-result.ts';
import { css } from '../../styled-system/css';
import { badge } from '../../styled-system/recipes';
import type { PublicSite } from '../../tenants/public-site.ts';

/** The tag banner (§4 Car tag precedence); its kind styles it through `data-kind`. */
export function TagBanner({ tag }: { tag: CarTag }) {
  return (
    <span
      data-kind={tag.kind}
      className={`${badge({ size: 'sm' })} ${css({
        position: 'absolute',
        top: '2',
        left: '2',
        '&[data-kind=sold]': { bg: 'danger', color: 'white' },
        '&[data-kind=certified]': { bg: 'surface', color: 'fg', borderWidth: '1px', borderColor: 'border' },
      })}`}
    >
      {tag.label}
    </span>
  );
}

/** The finance strip a card shows, if the site's provider and the car allow one (§5). */
export function cardFinance(hit: CarHit, site: PublicSite, nowSeconds: number): ListingFinance | null {
  return listingFinance(
    { ...hit, price: hit.price ?? 0, year: hit.year ?? 0, status: hit.status as 'in_stock' },
    {
      provider: site.finance_provider ?? null,
      financeHidden: site.features.financeHidden.includes(hit.dealership_slug),
      now: new Date(nowSeconds * 1000),
    },
  );
}

/**
 * §2 the listing's finance summary strip, laid out by the site's provider: the week's or the month's
 * repayment with the rate, or the rate with the comparison rate. The asterisk leads to the listing's
 * disclaimer under the results.
 */
export function CardFinance({ finance }: { finance: ListingFinance }) {
  return (
    <p
      data-testid="car-finance"
      data-layout={finance.layout}
      className={css({ fontSize: 'sm', px: '2', py: '1', bg: 'brandSubtle', borderRadius: 'control' })}
    >
      {finance.layout === 'rate' ? (
        <>
          Finance from <strong>{finance.rate} p.a.</strong>* · comparison rate {finance.comparisonRate} p.a.
        </>
      ) : (
        <>
          <strong>{finance.amount}</strong> {finance.layout === 'weekly' ? 'per week' : 'per month'}* at{' '}
          {finance.rate} p.a.
        </>
      )}
    </p>
  );
}

/** The price (§4 Price display priority): the figure, its type and a was-price when higher. */
export function CardPrice({ price }: { price: PriceDisplay }) {
  const strong = css({ fontSize: 'xl', fontWeight: 'extrabold' });
  const muted = css({ fontSize: 'sm', color: 'fgMuted' });
  if (price.kind === 'subscription') {
    return (
      <p data-testid="car-price">
        <span className={strong}>{price.text}</span> <span className={muted}>{price.period}</span>
      </p>
    );
  }
  if (price.kind !== 'price') {
    return (
      <p data-testid="car-price" className={css({ fontWeight: 'bold' })}>
        {price.text}
      </p>
    );
  }
  return (
    <p data-testid="car-price" data-reduced={price.reduced || undefined}>
      <span className={strong}>{price.text}</span>
      {price.priceType && <span className={muted}> {price.priceType}</span>}
      {price.wasText && (
        <span className={muted}>
          {' '}
          Was <s>{price.wasText}</s>
        </span>
      )}
    </p>
  );
}

/** Attribute chips: km, transmission, fuel and body, where the car has them. */
export function AttributeChips({ hit }: { hit: CarHit }) {
  const chips = [
    hit.km === null ? null : `${formatNumber(hit.km)} km`,
    hit.transmission,
    hit.fuel,
    hit.body,
  ].filter((chip): chip is string => Boolean(chip));
  return (
    <ul
      aria-label="Features"
      className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', listStyle: 'none' })}
    >
      {chips.map((chip) => (
        <li
          key={chip}
          className={css({ px: '2', py: '0.5', fontSize: 'xs', bg: 'brandSubtle', borderRadius: 'control' })}
        >
          {chip}
        </li>
      ))}
    </ul>
  );
}

/** The search card's details strip: year, make, model, badge and series. */
export function DetailsStrip({ hit }: { hit: CarHit }) {
  const parts = [hit.year === null ? null : String(hit.year), hit.make, hit.model, hit.badge, hit.series];
  return (
    <p data-testid="car-details" className={css({ fontSize: 'sm', color: 'fgMuted' })}>
      {parts.filter(Boolean).join(' · ')}
    </p>
  );
}
