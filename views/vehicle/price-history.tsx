import { formatAustralianDate, formatPrice } from '../../domain/format.ts';
import { type PricePoint, priceChart } from '../../domain/price-history.ts';
import { australianToday } from '../../domain/spec-rows.ts';
import { css } from '../../styled-system/css';
import { card } from '../../styled-system/recipes';

const panel = card();

const BOX = { width: 320, height: 80, pad: 6 } as const;

const dateOf = (at: string): string => formatAustralianDate(australianToday(new Date(at))) ?? at.slice(0, 10);

/**
 * The car's price history (issue 19 item 3), once its price has changed: a step chart from its first
 * asking price to today, and the same as a table for screen readers and anyone who reads figures.
 */
export function PriceHistory({ history, now }: { history: readonly PricePoint[]; now: Date }) {
  const chart = priceChart(history, now, BOX);
  if (!chart) return null;
  return (
    <section
      aria-labelledby="price-history-title"
      data-testid="price-history"
      className={`${panel.root} ${css({ display: 'grid', gap: '2' })}`}
    >
      <h2 id="price-history-title" className={panel.title}>
        Price history
      </h2>
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        width="100%"
        height={BOX.height}
        preserveAspectRatio="none"
        aria-hidden="true"
        className={css({ maxW: 'md', color: 'brand' })}
      >
        <path
          d={chart.path}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
        />
        {chart.points.map((point) => (
          <circle key={point.at} cx={point.x} cy={point.y} r="3" fill="currentColor" />
        ))}
      </svg>
      <table className={css({ fontSize: 'sm', maxW: 'md' })}>
        <caption className={css({ srOnly: true })}>Asking prices from the date each took effect</caption>
        <thead className={css({ srOnly: true })}>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {history.map((point) => (
            <tr key={point.at}>
              <td className={css({ pr: '4', color: 'fgMuted' })}>{dateOf(point.at)}</td>
              <td className={css({ fontWeight: 'semibold' })}>{formatPrice(point.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
