import { shallowEqual, useSelector } from '@xstate/react';
import type { FormFieldDefinition } from '../../domain/site-form-pages.ts';
import {
  selectDetailValues,
  selectFieldErrors,
  selectFormError,
  selectIsJourney,
} from '../../machines/reserve/reserve.selectors.ts';
import { readFormValues } from '../ui/form-values.ts';
import { FieldErrorsBanner, LeadFormFields } from '../ui/lead-form.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { BackButton, panel, type ReservePartProps, StepHeading } from './reserve-parts.tsx';

const DETAIL_FIELDS: FormFieldDefinition[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'name' },
  { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'email' },
  { name: 'phone', label: 'Phone', kind: 'tel', required: true, autoComplete: 'tel' },
];

/**
 * Step 2: the shopper's name, email and phone, as entered (the machine checks them); a signed-in
 * shopper's email and phone filled in where blank.
 */
export function DetailsStep({ actorRef }: ReservePartProps) {
  const journey = useSelector(actorRef, selectIsJourney);
  const values = useSelector(actorRef, selectDetailValues, shallowEqual);
  const fieldErrors = useSelector(actorRef, selectFieldErrors);
  const formError = useSelector(actorRef, selectFormError);
  return (
    <section className={panel}>
      <StepHeading name="Your details" journey={journey} />
      <form
        noValidate
        className={pageStyles.form}
        onSubmit={(event) => {
          event.preventDefault();
          actorRef.send({
            type: 'reserve.details',
            values: readFormValues(event.currentTarget, DETAIL_FIELDS),
          });
        }}
      >
        <FieldErrorsBanner errors={fieldErrors} fields={DETAIL_FIELDS} formError={formError} />
        <LeadFormFields fields={DETAIL_FIELDS} errors={fieldErrors} idPrefix="reserve" values={values} />
        <div className={pageStyles.row}>
          <BackButton actorRef={actorRef} />
          <button type="submit" className={pageStyles.primary}>
            Next
          </button>
        </div>
      </form>
    </section>
  );
}
