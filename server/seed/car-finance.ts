import type { AutograbData, FinanceLender, FinanceLenders, FinanceProvider } from '../../domain/car.ts';
import { financeProviderSchema } from '../../domain/car.ts';
import type { Rng } from './prng.ts';

/** Every finance provider key, in the spec's order. */
export const FINANCE_PROVIDERS: readonly FinanceProvider[] = financeProviderSchema.options;

const DISCLAIMERS: Record<FinanceProvider, string> = {
  taurus: 'Indicative repayments only, not a quote. Based on a 5 year secured loan with 10% deposit.',
  carclarity: 'Estimate only and not a quote. Subject to lender credit criteria.',
  '360': 'Repayment figure is indicative only and not a quote. Fees and charges apply.',
  ausloans: 'Indicative only. Comparison rate based on a $30,000 secured loan over 5 years.',
  manual: 'Weekly repayment is indicative only and not a quote. Finance subject to approval.',
  angle: 'Estimate only. Angle Finance credit criteria, fees and charges apply.',
  powertorque: 'Indicative weekly repayment; not a quote. Powertorque lending criteria apply.',
  oem: 'Manufacturer finance offer. Indicative monthly repayment only and not a quote.',
};

/** Monthly repayment of an amortised loan with an optional balloon. */
function monthlyPayment(principal: number, ratePercent: number, months: number, balloon: number): number {
  const r = ratePercent / 100 / 12;
  if (r === 0) return (principal - balloon) / months;
  const factor = (1 + r) ** months;
  return ((principal - balloon / factor) * r * factor) / (factor - 1);
}

/** A complete lender entry for a car price. */
export function lenderEntry(rng: Rng, provider: FinanceProvider, price: number): FinanceLender {
  const interestRate = Math.round(rng.float(6.49, 12.99) * 100) / 100;
  const termYears = provider === 'oem' ? rng.pick([3, 4, 5]) : 5;
  const termMonths = termYears * 12;
  const deposit = Math.round(price * 0.1);
  const balloon = rng.chance(0.3) ? Math.round(price * 0.2) : 0;
  const month = monthlyPayment(price - deposit, interestRate, termMonths, balloon);
  return {
    interestRate,
    comparisonRate: Math.round((interestRate + rng.float(0.25, 1.2)) * 100) / 100,
    paymentWeek: Math.round((month * 12) / 52),
    paymentMonth: Math.round(month),
    termMonths,
    termYears,
    deposit,
    balloon,
    disclaimer: DISCLAIMERS[provider],
  };
}

/**
 * Lender entries for a car: usually the site's provider plus sometimes others, so that every
 * provider appears across the stock; some entries are empty and some lack rates on purpose.
 */
export function financeLenders(rng: Rng, primary: FinanceProvider | null, price: number): FinanceLenders {
  if (price <= 0) return {};
  const providers = new Set<FinanceProvider>();
  if (primary && rng.chance(0.85)) providers.add(primary);
  const extra = rng.weighted([
    [0, 55],
    [1, 33],
    [2, 12],
  ] as const);
  for (const provider of rng.sample(FINANCE_PROVIDERS, extra)) providers.add(provider);
  const lenders: FinanceLenders = {};
  for (const provider of [...providers].sort()) {
    const roll = rng.next();
    if (roll < 0.07) lenders[provider] = {};
    else if (roll < 0.14)
      lenders[provider] = { ...lenderEntry(rng, provider, price), interestRate: null, comparisonRate: null };
    else lenders[provider] = lenderEntry(rng, provider, price);
  }
  return lenders;
}

/** Market prices around the asking price, so some cars sit more than $499 below market. */
export function autograbData(rng: Rng, price: number): AutograbData {
  const average = Math.round((price * rng.float(0.9, 1.14)) / 100) * 100;
  const state = rng.chance(0.15) ? null : Math.round((average * rng.float(0.96, 1.04)) / 100) * 100;
  return { average_market_price: average, state_average_market_price: state };
}
