import { Link } from 'wouter';
import { TRADE_IN_TERMS_PATH } from '../../domain/content-pages.ts';
import type { CarSummary } from '../../domain/contracts/vehicle.ts';
import { BUYING_TEAM_HOURS, OFFER_MAX_KM, OFFER_VALID_DAYS } from '../../domain/trade-in.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { CarSummaryAside } from '../ui/car-summary-aside.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { card } from './trade-in-form.ts';

/** Beside the wizard (§9): the car being bought, if any, the FAQ blocks and the full terms. */
export function TradeInAside({ car }: { car: CarSummary | null }) {
  const site = useSite();
  const faqs = [
    {
      q: 'Which cars can get an online estimate?',
      a: `Cars up to ${site.trade_in.offer_max_age_years} years old with under ${OFFER_MAX_KM.toLocaleString('en-AU')} km. For others our buying team will call you with an offer.`,
    },
    { q: 'How long is my offer valid?', a: `${OFFER_VALID_DAYS} days, subject to an inspection of the car.` },
    { q: 'When can I talk to the buying team?', a: `${BUYING_TEAM_HOURS}.` },
  ];
  return (
    <aside
      aria-label="Questions about trading in"
      className={css({ display: 'grid', gap: '2', alignContent: 'start' })}
    >
      {car && (
        <CarSummaryAside
          car={car}
          as="section"
          heading="Trading in towards"
          label="The car you are buying"
          testId="trade-in-car"
        />
      )}
      {faqs.map((faq) => (
        <details key={faq.q} className={card}>
          <summary className={css({ fontWeight: 'semibold', cursor: 'pointer' })}>{faq.q}</summary>
          <p className={pageStyles.text}>{faq.a}</p>
        </details>
      ))}
      <p>
        <Link href={TRADE_IN_TERMS_PATH} className={pageStyles.link}>
          Read the full trade-in terms
        </Link>
      </p>
    </aside>
  );
}
