import { shallowEqual, useSelector } from '@xstate/react';
import {
  FINANCE_CATEGORY,
  FINANCE_FORM_ANCHOR,
  PRE_APPROVAL_SUBCATEGORY,
} from '../../domain/finance-application.ts';
import type { SiteFormDefinition } from '../../domain/site-form-pages.ts';
import type { FinancePageActorRef } from '../../machines/finance-application/finance-page.machine.ts';
import {
  selectApplicationExtra,
  selectApplicationValues,
} from '../../machines/finance-application/finance-page.selectors.ts';
import type { FormSubmissionActorRef } from '../../machines/form-submission/form-submission.machine.ts';
import { useSite } from '../app/site-context.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { SiteFormView } from '../ui/site-form.tsx';
import { financeStyles } from './finance-styles.ts';

/**
 * The pre-approval application at `#finance-form` (§2): the dealer's finance form, prefilled with the
 * car's dealership and price, sending the car and the calculator's figures while they make sense.
 */
export function FinanceApplication({
  actorRef,
  formRef,
  form,
}: {
  actorRef: FinancePageActorRef;
  formRef: FormSubmissionActorRef;
  form: SiteFormDefinition;
}) {
  const site = useSite();
  const slugs = site.dealerships.map((dealership) => dealership.slug);
  const values = useSelector(actorRef, selectApplicationValues(slugs), shallowEqual);
  const extra = useSelector(actorRef, selectApplicationExtra, shallowEqual);
  return (
    <section id={FINANCE_FORM_ANCHOR} className={financeStyles.panel} aria-labelledby="finance-form-heading">
      <h2 id="finance-form-heading" className={financeStyles.sectionHeading}>
        {form.heading}
      </h2>
      <p className={pageStyles.text}>{form.intro}</p>
      <SiteFormView
        actorRef={formRef}
        form={form}
        idPrefix="finance"
        values={values}
        extra={{ category: FINANCE_CATEGORY, subcategory: PRE_APPROVAL_SUBCATEGORY, ...extra }}
      />
    </section>
  );
}
