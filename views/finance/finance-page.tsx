import { useSelector } from '@xstate/react';
import {
  DEFAULT_CALCULATOR_RATE,
  FINANCE_CATEGORY,
  financePrefill,
} from '../../domain/finance-application.ts';
import { possessive } from '../../domain/format.ts';
import { formSite, SUCCESS_PATH, siteForm } from '../../domain/site-form-pages.ts';
import { FORM_EVENT_IDS } from '../../domain/site-forms.ts';
import type { FinancePageActorRef } from '../../machines/finance-application/finance-page.machine.ts';
import {
  selectApplication,
  selectCar,
  selectError,
  selectIsLoading,
  selectIsPersonalised,
  selectRedirect,
} from '../../machines/finance-application/finance-page.selectors.ts';
import { css } from '../../styled-system/css';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { CarSummaryAside } from '../ui/car-summary-aside.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { RedirectNotice } from '../ui/redirect-notice.tsx';
import { WizardLayout } from '../ui/wizard-layout.tsx';
import { FinanceApplication } from './finance-application.tsx';
import { movedTo } from './finance-route.ts';
import { RepaymentCalculator } from './repayment-calculator.tsx';
import { financePageLogic } from './wiring.ts';

/**
 * The finance page (`search-detail-finance-watchlist.md` §2, §9; issue 17 item 4): the repayment
 * calculator and the pre-approval application at `#finance-form`, prefilled from the query, with the
 * car the shopper came from beside them.
 */
export function FinancePage({ actorRef }: { actorRef: FinancePageActorRef }) {
  const site = useSite();
  const redirectTo = useSelector(actorRef, selectRedirect);
  const error = useSelector(actorRef, selectError);
  const isLoading = useSelector(actorRef, selectIsLoading);
  const formRef = useSelector(actorRef, selectApplication);
  const car = useSelector(actorRef, selectCar);
  const personalised = useSelector(actorRef, selectIsPersonalised);
  if (redirectTo) return <RedirectNotice to={redirectTo} label="Continue" />;
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  const form = siteForm(formSite(site, site.features.messageOptional), 'finance');
  if (isLoading || !formRef || !form) return <PageSkeleton label="Loading" />;
  return (
    <WizardLayout
      title={personalised ? 'Your personalised finance' : 'Apply for finance'}
      intro={
        <p className={pageStyles.text}>
          Work out your repayments, then apply: {possessive(site.name)} finance team will call you with a
          pre-approval.
        </p>
      }
      split="3:2"
      aside={car && <CarSummaryAside car={car} label="The car you are financing" testId="finance-car" />}
    >
      <div className={css({ display: 'grid', gap: '6', alignContent: 'start' })}>
        <RepaymentCalculator actorRef={actorRef} />
        <FinanceApplication actorRef={actorRef} formRef={formRef} form={form} />
      </div>
    </WizardLayout>
  );
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
    const redirectTo = selectRedirect(snapshot);
    const car = selectCar(snapshot);
    return {
      title: redirectTo
        ? `Please sign in | ${site.name}`
        : car
          ? `Finance the ${car.name} | ${site.name}`
          : `Apply for finance | ${site.name}`,
      description: `Work out your repayments and apply for finance with ${site.name}.`,
      status: selectError(snapshot) !== null ? 500 : redirectTo ? 302 : 200,
      canonicalPath: search ? `${path}?${search}` : path,
      ...(redirectTo ? { redirectTo } : {}),
    };
  },
  View: FinancePage,
});
