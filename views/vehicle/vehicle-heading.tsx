import type { PriceDisplay } from '../../domain/car-price.ts';
import type { VehicleView } from '../../machines/vehicle-page/vehicle-view.ts';
import { css } from '../../styled-system/css';
import { badge } from '../../styled-system/recipes';
import { ShareButton } from '../ui/share-button.tsx';
import { CertifiedBadge } from './certified-badge.tsx';

function Price({ price }: { price: PriceDisplay }) {
  if (price.kind === 'subscription') {
    return (
      <p data-testid="vehicle-price" className={css({ fontSize: '3xl', fontWeight: 'extrabold' })}>
        {price.text} <span className={css({ fontSize: 'lg', fontWeight: 'normal' })}>{price.period}</span>
      </p>
    );
  }
  if (price.kind !== 'price') {
    return (
      <p data-testid="vehicle-price" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        {price.text}
      </p>
    );
  }
  return (
    <p
      data-testid="vehicle-price"
      data-reduced={price.reduced || undefined}
      className={css({ display: 'flex', gap: '3', alignItems: 'baseline', flexWrap: 'wrap' })}
    >
      <span className={css({ fontSize: '3xl', fontWeight: 'extrabold' })}>{price.text}</span>
      {price.priceType && <span className={css({ color: 'fgMuted' })}>{price.priceType}</span>}
      {price.wasText && (
        <span className={css({ color: 'fgMuted' })}>
          Was <s data-testid="vehicle-was-price">{price.wasText}</s>
        </span>
      )}
    </p>
  );
}

/** The car's name, tag, price and badges (below market, certified with its benefits modal), and "Share". */
export function VehicleHeading({ view }: { view: VehicleView }) {
  const { car, tag } = view;
  return (
    <header className={css({ display: 'grid', gap: '2' })}>
      {tag && (
        <p
          data-testid="vehicle-tag"
          data-kind={tag.kind}
          className={`${badge()} ${css({ justifySelf: 'start' })}`}
        >
          {tag.label}
        </p>
      )}
      <h1 id="vehicle-title" className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>
        {car.name}
      </h1>
      <p className={css({ color: 'fgMuted' })}>
        {[car.car_type.charAt(0).toUpperCase() + car.car_type.slice(1), car.series, `Stock #${car.stocknum}`]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <Price price={view.price} />
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
        {view.belowMarket && (
          <span
            data-testid="below-market-badge"
            className={`${badge()} ${css({ bg: 'brandSubtle', color: 'fg' })}`}
          >
            Below Market Price
          </span>
        )}
        {view.priceDrop && (
          <span data-testid="price-drop" className={`${badge()} ${css({ bg: 'brandSubtle', color: 'fg' })}`}>
            {view.priceDrop.text}
          </span>
        )}
        {view.certified && <CertifiedBadge />}
      </div>
      <ShareButton path={`/cars/${encodeURIComponent(car.slug)}`} title={car.name} />
    </header>
  );
}
