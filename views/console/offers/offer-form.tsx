import { useSelector } from '@xstate/react';
import { photoSrcset } from '../../../domain/photo-address.ts';
import type { OffersPageActorRef } from '../../../machines/console-offers/offers-page.machine.ts';
import {
  selectDealerships,
  selectDraft,
  selectFields,
  selectIsBusy,
  selectIsUploading,
  selectToday,
} from '../../../machines/console-offers/offers-page.selectors.ts';
import { css } from '../../../styled-system/css';
import { button, card } from '../../../styled-system/recipes';
import { onSubmitValues } from '../../ui/form-values.ts';
import { pageStyles } from '../../ui/page-styles.ts';

/** The form's fields fit a phone: no control wider than the column, long labels wrap. */
const fits = css({
  minW: '0',
  '& label, & fieldset': { minW: '0', overflowWrap: 'anywhere' },
  '& input:not([type=checkbox]):not([type=radio]), & textarea, & select': {
    minW: '0',
    w: 'full',
    maxW: 'full',
  },
});

/** A field's message under it, tied to its control. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className={pageStyles.fieldError}>
      {message}
    </span>
  );
}

const described = (errors: Record<string, string>, field: string) =>
  errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `offer-${field}-error` } : {};

/**
 * The offer form (a new offer or a change): title, words, picture (uploaded at once through the
 * photo pipeline and shown as the banner will be), where "See the offer" leads, its first and last
 * day, and the dealerships it shows at (none ticked: every one). The machine checks it with the
 * domain's schema; its messages stand under each field.
 */
export function OfferFormSection({ actorRef }: { actorRef: OffersPageActorRef }) {
  const draft = useSelector(actorRef, selectDraft);
  const errors = useSelector(actorRef, selectFields);
  const busy = useSelector(actorRef, selectIsBusy);
  const uploading = useSelector(actorRef, selectIsUploading);
  const dealerships = useSelector(actorRef, selectDealerships);
  const today = useSelector(actorRef, selectToday);
  if (!draft) return null;
  const { values } = draft;
  const heading = draft.id === null ? 'Add an offer' : `Edit “${values.title}”`;
  return (
    <section aria-labelledby="offer-form-heading" className={card().root}>
      <h2 id="offer-form-heading" className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
        {heading}
      </h2>
      <form
        key={draft.id ?? 'new'}
        noValidate
        className={`${pageStyles.form} ${fits}`}
        onSubmit={onSubmitValues((raw, form) =>
          actorRef.send({
            type: 'form.submit',
            values: { ...raw, dealership_ids: new FormData(form).getAll('dealership_ids') },
          }),
        )}
      >
        <label className={pageStyles.label}>
          Title
          <input
            className={pageStyles.input}
            name="title"
            defaultValue={values.title}
            maxLength={80}
            {...described(errors, 'title')}
          />
          <FieldError id="offer-title-error" message={errors.title} />
        </label>
        <label className={pageStyles.label}>
          Words under the picture (optional)
          <textarea
            className={pageStyles.input}
            name="description"
            rows={3}
            defaultValue={values.description}
            {...described(errors, 'description')}
          />
          <FieldError id="offer-description-error" message={errors.description} />
        </label>
        <div className={css({ display: 'grid', gap: '2' })}>
          <label className={pageStyles.label}>
            Picture (a wide banner, at least 960 × 270 pixels)
            <input
              className={pageStyles.input}
              type="file"
              accept="image/*"
              disabled={busy}
              {...described(errors, 'image_url')}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) actorRef.send({ type: 'image.chosen', picture: { file, name: file.name } });
              }}
            />
            <FieldError id="offer-image_url-error" message={errors.image_url} />
          </label>
          <p role="status" className={pageStyles.text}>
            {uploading ? 'Uploading the picture…' : ''}
          </p>
          {draft.image_url !== '' && (
            <img
              src={draft.image_url}
              srcSet={photoSrcset(draft.image_url) ?? undefined}
              sizes="(min-width: 48rem) 40rem, 100vw"
              alt="The offer's picture, as the site shows it"
              width={960}
              height={270}
              className={css({
                w: 'full',
                h: 'auto',
                aspectRatio: '[32/9]',
                objectFit: 'cover',
                borderRadius: 'control',
              })}
            />
          )}
        </div>
        <label className={pageStyles.label}>
          Where “See the offer” leads (a page of this site, such as /search, or an https:// address)
          <input
            className={pageStyles.input}
            name="link"
            defaultValue={values.link}
            {...described(errors, 'link')}
          />
          <FieldError id="offer-link-error" message={errors.link} />
        </label>
        <div
          className={css({
            display: 'grid',
            gap: '4',
            gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          })}
        >
          <label className={pageStyles.label}>
            First day
            <input
              className={pageStyles.input}
              type="date"
              name="starts"
              min={draft.id === null ? today : undefined}
              defaultValue={values.starts}
              {...described(errors, 'starts')}
            />
            <FieldError id="offer-starts-error" message={errors.starts} />
          </label>
          <label className={pageStyles.label}>
            Last day
            <input
              className={pageStyles.input}
              type="date"
              name="ends"
              min={today}
              defaultValue={values.ends}
              {...described(errors, 'ends')}
            />
            <FieldError id="offer-ends-error" message={errors.ends} />
          </label>
        </div>
        {dealerships.length > 1 && (
          <fieldset className={css({ display: 'grid', gap: '2', border: 'none', p: '0', m: '0' })}>
            <legend className={css({ fontWeight: 'semibold', mb: '2' })}>
              Shows at (none ticked: every dealership)
            </legend>
            {dealerships.map((dealership) => (
              <label key={dealership.id} className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
                <input
                  type="checkbox"
                  name="dealership_ids"
                  value={dealership.id}
                  defaultChecked={values.dealership_ids.includes(dealership.id)}
                />
                {dealership.name}
              </label>
            ))}
            <FieldError id="offer-dealership_ids-error" message={errors.dealership_ids} />
          </fieldset>
        )}
        <div className={pageStyles.row}>
          <button type="submit" className={button()} disabled={busy} aria-busy={busy}>
            {draft.id === null ? 'Add offer' : 'Save offer'}
          </button>
          <button
            type="button"
            className={button({ variant: 'ghost' })}
            disabled={busy}
            onClick={() => actorRef.send({ type: 'form.cancel' })}
          >
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
