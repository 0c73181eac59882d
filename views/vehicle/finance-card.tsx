import type { VehicleView } from '../../machines/vehicle-page/vehicle-view.ts';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';

/** §2 'Car Finance' card: the estimate and Get Pre-Approved, to the dealer's finance route (§2 Routes). */
export function FinanceCard({ view }: { view: VehicleView }) {
  const { finance } = view;
  if (!finance) return null;
  const amount = finance.frequency === 'weekly' ? finance.weekly : finance.monthly;
  return (
    <section
      aria-labelledby="car-finance-title"
      data-testid="car-finance-card"
      className={css({ p: '4', bg: 'brandSubtle', borderRadius: 'control', display: 'grid', gap: '2' })}
    >
      <h2 id="car-finance-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
        Car Finance
      </h2>
      {amount && (
        <p>
          From <strong>{amount}</strong> {finance.frequency === 'weekly' ? 'per week' : 'per month'}* at{' '}
          {finance.interestRate} p.a.
        </p>
      )}
      <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>* {finance.disclaimer}</p>
      {/* A plain link: the finance form is another page, and the #finance-form anchor must survive. */}
      <a href={view.preApprovedUrl} className={button({ size: 'lg', block: true })}>
        Get Pre-Approved
      </a>
    </section>
  );
}
