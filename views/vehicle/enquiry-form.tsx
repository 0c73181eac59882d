import { useSelector } from '@xstate/react';
import { REQUEST_PHOTOS_FIELD, REQUEST_PHOTOS_MESSAGE } from '../../domain/enquiry.ts';
import { formSite, siteForm } from '../../domain/site-form-pages.ts';
import type { EnquiryActorRef } from '../../machines/enquiry/enquiry.machine.ts';
import {
  selectEnquiryBusy,
  selectEnquiryError,
  selectEnquiryFieldErrors,
  selectEnquiryKind,
  selectEnquiryStep,
  selectEnquiryValues,
} from '../../machines/enquiry/enquiry.selectors.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { onSubmitValues, readFormValues } from '../ui/form-values.ts';
import { FieldErrorsBanner, LeadFormFields, SubmitButton } from '../ui/lead-form.tsx';
import { pageStyles } from '../ui/page-styles.ts';

const card = css({
  p: '4',
  bg: 'surface',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
  display: 'grid',
  gap: '3',
  scrollMarginTop: '24',
});

/**
 * The car page's multi-step enquiry (`search-detail-finance-watchlist.md` §2, §3 "Contact form step
 * fields", §4 "Enquiry form"): step 1 the message, step 2 the shopper's details; the last step
 * submits; the machine checks each step, and keeps step 2's values when the shopper goes Back.
 * 'Request Photos' goes straight to step 2 with the hidden 'Request Photos' field. A failure shows
 * the returned error, or 'An unexpected error occured'.
 */
export function EnquiryForm({ actorRef, carName }: { actorRef: EnquiryActorRef; carName: string }) {
  const site = useSite();
  const step = useSelector(actorRef, selectEnquiryStep);
  const busy = useSelector(actorRef, selectEnquiryBusy);
  const error = useSelector(actorRef, selectEnquiryError);
  const kind = useSelector(actorRef, selectEnquiryKind);
  const values = useSelector(actorRef, selectEnquiryValues);
  const fieldErrors = useSelector(actorRef, selectEnquiryFieldErrors);
  const form = siteForm(formSite(site, site.features.messageOptional), 'enquiry');
  if (!form) return null;
  const messageFields = form.fields.filter((field) => field.name === 'message');
  const detailFields = form.fields.filter((field) => field.name !== 'message');

  const next = (fields: typeof form.fields) =>
    onSubmitValues((entered) => actorRef.send({ type: 'enquiry.next', values: entered }), fields);

  return (
    <section id="enquiry-form" aria-labelledby="enquiry-title" className={card} data-testid="enquiry-form">
      <h2 id="enquiry-title" className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
        {kind === 'photos' ? 'Request photos' : form.heading}
      </h2>
      <p className={css({ color: 'fgMuted' })}>
        {carName} · Step {step === 'message' ? 1 : 2} of 2
      </p>
      {step === 'message' ? (
        <form noValidate onSubmit={next(messageFields)} className={pageStyles.form} data-step="message">
          <FieldErrorsBanner errors={fieldErrors} fields={messageFields} />
          <LeadFormFields fields={messageFields} errors={fieldErrors} idPrefix="enquiry" values={values} />
          <div className={pageStyles.row}>
            <button type="submit" className={pageStyles.primary}>
              Next
            </button>
            <button
              type="button"
              className={pageStyles.secondary}
              onClick={() => actorRef.send({ type: 'enquiry.requestPhotos' })}
            >
              Request Photos
            </button>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={next(detailFields)} className={pageStyles.form} data-step="details">
          {error && (
            <p role="alert" className={pageStyles.alert} data-testid="enquiry-error">
              {error}
            </p>
          )}
          <FieldErrorsBanner errors={fieldErrors} fields={detailFields} />
          {kind === 'photos' && (
            <>
              <input type="hidden" name={REQUEST_PHOTOS_FIELD} value={REQUEST_PHOTOS_MESSAGE} />
              <p>{REQUEST_PHOTOS_MESSAGE}.</p>
            </>
          )}
          <LeadFormFields fields={detailFields} errors={fieldErrors} idPrefix="enquiry" values={values} />
          <div className={pageStyles.row}>
            <button
              type="button"
              className={pageStyles.secondary}
              onClick={(event) => {
                const details = event.currentTarget.form;
                actorRef.send({
                  type: 'enquiry.back',
                  values: details ? readFormValues(details, detailFields) : {},
                });
              }}
              disabled={busy}
            >
              Back
            </button>
            <SubmitButton busy={busy} label={kind === 'photos' ? 'Request Photos' : form.submitLabel} />
          </div>
        </form>
      )}
    </section>
  );
}
