import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { FINANCE_DISCLAIMER } from '../../domain/finance.ts';
import {
  DEFAULT_CALCULATOR_RATE,
  FINANCE_CATEGORY,
  FINANCE_FORM_ANCHOR,
  FINANCE_PATHS,
  financePrefill,
  PERSONALISED_FINANCE_PATH,
  PRE_APPROVAL_SUBCATEGORY,
  type RepaymentField,
} from '../../domain/finance-application.ts';
import { formatPrice, possessive } from '../../domain/format.ts';
import { formSite, SUCCESS_PATH, siteForm } from '../../domain/site-form-pages.ts';
import { FORM_EVENT_IDS } from '../../domain/site-forms.ts';
import type { FinancePageActorRef } from '../../machines/finance-application/finance-page.machine.ts';
import { selectWeeklyRepayment } from '../../machines/finance-application/finance-page.selectors.ts';
import { css } from '../../styled-system/css';
import type { PublicSite } from '../../tenants/public-site.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { accountStyles } from '../ui/account-styles.ts';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { RedirectNotice } from '../ui/redirect-notice.tsx';
import { SiteFormView } from '../ui/site-form.tsx';
import { financePageLogic } from './wiring.ts';

const panel = css({
  p: '4',
  bg: 'surface',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
});
const field = css({ display: 'grid', gap: '1', fontWeight: 'semibold' });
const input = css({
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  px: '3',
  py: '2',
  fontWeight: 'normal',
  bg: 'surface',
});

/** One whole-dollar input of the calculator, with what is wrong with it under it. */
function DollarInput({
  actorRef,
  name,
  label,
}: {
  actorRef: FinancePageActorRef;
  name: Exclude<RepaymentField, 'termYears'>;
  label: string;
}) {
  const value = useSelector(actorRef, (snapshot) => snapshot.context.entry[name]);
  const error = useSelector(actorRef, (snapshot) => snapshot.context.calculatorErrors[name]);
  const errorId = `calculator-${name}-error`;
  return (
    <label className={field}>
      {label}
      <input
        className={input}
        inputMode="numeric"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) =>
          actorRef.send({ type: 'calculator.change', values: { [name]: event.target.value } })
        }
      />
      {error && (
        <span id={errorId} className={accountStyles.fieldError}>
          {error}
        </span>
      )}
    </label>
  );
}

/** The repayment calculator (§9): its inputs follow the machine; the weekly figure is the domain's. */
function RepaymentCalculator({ actorRef }: { actorRef: FinancePageActorRef }) {
  const calculator = useSelector(actorRef, (snapshot) => snapshot.context.calculator);
  const termYears = useSelector(actorRef, (snapshot) => snapshot.context.entry.termYears);
  const weekly = useSelector(actorRef, selectWeeklyRepayment);
  return (
    <section className={panel} aria-labelledby="calculator-heading" data-testid="finance-calculator">
      <h2 id="calculator-heading" className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
        Repayment calculator
      </h2>
      <div
        className={css({
          display: 'grid',
          gap: '3',
          mt: '3',
          gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
        })}
      >
        <DollarInput actorRef={actorRef} name="price" label="Vehicle price ($)" />
        <DollarInput actorRef={actorRef} name="deposit" label="Deposit ($)" />
        <label className={field}>
          Term
          <select
            className={input}
            value={termYears}
            onChange={(event) =>
              actorRef.send({ type: 'calculator.change', values: { termYears: event.target.value } })
            }
          >
            {[1, 2, 3, 4, 5, 6, 7].map((years) => (
              <option key={years} value={years}>
                {years} {years === 1 ? 'year' : 'years'}
              </option>
            ))}
          </select>
        </label>
        <DollarInput actorRef={actorRef} name="balloon" label="Balloon ($)" />
      </div>
      {weekly === null ? (
        <p className={css({ mt: '4', fontWeight: 'semibold' })} data-testid="finance-weekly" role="status">
          Check the figures above to see your weekly repayment.
        </p>
      ) : (
        <>
          <p className={css({ mt: '4', fontSize: '2xl', fontWeight: 'bold' })} data-testid="finance-weekly">
            {formatPrice(weekly)} per week
          </p>
          <p className={accountStyles.text}>
            At {calculator.ratePercent}% p.a. over {calculator.termYears}{' '}
            {calculator.termYears === 1 ? 'year' : 'years'}, borrowing{' '}
            {formatPrice(calculator.price - calculator.deposit)}
            {calculator.balloon > 0 ? ` with a ${formatPrice(calculator.balloon)} balloon` : ''}.
          </p>
        </>
      )}
      <p className={accountStyles.text} data-testid="finance-disclaimer">
        {FINANCE_DISCLAIMER}
      </p>
    </section>
  );
}

/**
 * The finance page (`search-detail-finance-watchlist.md` §2, §9; issue 17 item 4): the repayment
 * calculator and the pre-approval application at `#finance-form`, prefilled from the query, with the
 * car the shopper came from beside them.
 */
export function FinancePage({ actorRef }: { actorRef: FinancePageActorRef }) {
  const site = useSite();
  const snapshot = useSelector(actorRef, (s) => s);
  const { context } = snapshot;
  const formRef = snapshot.children.form;
  const weekly = selectWeeklyRepayment(snapshot);
  if ((snapshot.matches('signIn') || snapshot.matches('moved')) && context.redirectTo) {
    return <RedirectNotice to={context.redirectTo} label="Continue" />;
  }
  if (snapshot.matches('failed')) {
    return (
      <PageError
        message={context.error ?? 'Something went wrong'}
        onRetry={() => actorRef.send({ type: 'retry' })}
      />
    );
  }
  const form = siteForm(formSite(site, site.features.messageOptional), 'finance');
  if (snapshot.hasTag('loading') || !formRef || !form) return <PageSkeleton label="Loading" />;
  const car = context.car;
  const dealership =
    site.dealerships.find((d) => d.slug === (car?.dealership_slug ?? context.prefill.preferredDealership))
      ?.slug ?? undefined;
  const budget = car ? Math.round(car.price) : context.prefill.vehiclePriceBudget;
  const personalised = context.path.replace(/\/$/, '') === PERSONALISED_FINANCE_PATH;
  return (
    <section className={accountStyles.page}>
      <h1 className={accountStyles.heading}>
        {personalised ? 'Your personalised finance' : 'Apply for finance'}
      </h1>
      <p className={accountStyles.text}>
        Work out your repayments, then apply: {possessive(site.name)} finance team will call you with a
        pre-approval.
      </p>
      <div
        className={css({
          display: 'grid',
          gap: '6',
          mt: '6',
          gridTemplateColumns: { base: '1fr', lg: '3fr 2fr' },
        })}
      >
        <div className={css({ display: 'grid', gap: '6', alignContent: 'start' })}>
          <RepaymentCalculator actorRef={actorRef} />
          <section id={FINANCE_FORM_ANCHOR} className={panel} aria-labelledby="finance-form-heading">
            <h2 id="finance-form-heading" className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
              {form.heading}
            </h2>
            <p className={accountStyles.text}>{form.intro}</p>
            <SiteFormView
              actorRef={formRef}
              form={form}
              idPrefix="finance"
              values={{
                ...(dealership ? { dealership_slug: dealership } : {}),
                ...(budget ? { vehiclePriceBudget: String(budget) } : {}),
              }}
              extra={{
                category: FINANCE_CATEGORY,
                subcategory: PRE_APPROVAL_SUBCATEGORY,
                ...(car ? { car_id: car.id } : {}),
                ...(context.prefill.carType ? { car_type: context.prefill.carType } : {}),
                // The calculator's figures go with the application only while they make sense.
                ...(weekly === null
                  ? {}
                  : {
                      finance_deposit: context.calculator.deposit,
                      finance_term_years: context.calculator.termYears,
                      finance_balloon: context.calculator.balloon,
                      weekly_repayment: weekly,
                    }),
              }}
            />
          </section>
        </div>
        {car && (
          <aside aria-label="The car you are financing" className={panel} data-testid="finance-car">
            {car.primary_image_url && (
              <img
                src={car.primary_image_url}
                alt=""
                width={320}
                height={213}
                className={css({ w: 'full', h: 'auto' })}
              />
            )}
            <p className={css({ mt: '2' })}>
              <Link href={`/cars/${encodeURIComponent(car.slug)}`} className={accountStyles.link}>
                {car.name}
              </Link>
            </p>
            <p className={css({ fontWeight: 'bold' })}>{formatPrice(car.price)}</p>
          </aside>
        )}
      </div>
    </section>
  );
}

/** The dealer's own finance route; another finance route moves there with its query (§2 "site dependent"). */
function movedTo(site: PublicSite, path: string, search: string): string | null {
  const bare = path.replace(/\/$/, '') || '/';
  const own = site.finance.path;
  const query = search ? `?${search}` : '';
  if (bare === PERSONALISED_FINANCE_PATH) return site.features.personalisedFlow ? null : `${own}${query}`;
  return (FINANCE_PATHS as readonly string[]).includes(bare) && bare !== own ? `${own}${query}` : null;
}

/** `/finance`, `/finance-enquiry`, `/apply-for-finance` and `/personalised/finance` (§2; §4 gated). */
export const financePage = definePage({
  logic: financePageLogic,
  input: ({ site, path, search }) => ({
    path,
    search,
    personalisedFlow: site.features.personalisedFlow,
    prefill: financePrefill(search),
    ratePercent: site.finance.default_interest_rate ?? DEFAULT_CALCULATOR_RATE,
    movedTo: movedTo(site, path, search),
    form: {
      category: FINANCE_CATEGORY,
      eventId: FORM_EVENT_IDS.default,
      successPath: SUCCESS_PATH,
      rules: siteForm(formSite(site, site.features.messageOptional), 'finance')?.schemaOptions ?? {
        dealershipCount: 1,
      },
    },
  }),
  head: (snapshot, { site, path, search }) => {
    const redirectTo =
      snapshot.matches('signIn') || snapshot.matches('moved') ? snapshot.context.redirectTo : null;
    const car = snapshot.context.car;
    return {
      title: redirectTo
        ? `Please sign in | ${site.name}`
        : car
          ? `Finance the ${car.name} | ${site.name}`
          : `Apply for finance | ${site.name}`,
      description: `Work out your repayments and apply for finance with ${site.name}.`,
      status: snapshot.matches('failed') ? 500 : redirectTo ? 302 : 200,
      canonicalPath: search ? `${path}?${search}` : path,
      ...(redirectTo ? { redirectTo } : {}),
    };
  },
  View: FinancePage,
});
