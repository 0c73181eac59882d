import type { ReactNode } from 'react';
import type { FormFieldDefinition } from '../../domain/site-form-pages.ts';
import { FIELD_ERRORS_HEADING } from '../../domain/site-forms.ts';
import { css } from '../../styled-system/css';
import { pageStyles } from './page-styles.ts';
import { Spinner } from './spinner.tsx';

/**
 * The parts every lead form shares (site-wide forms, the car enquiry, the test-drive booking): its
 * fields drawn from their definitions (`domain/site-form-pages.ts`), the destructive banner over the
 * field errors headed 'Please fix the following errors:' (`locations-forms-tradein-site.md` §5, §8),
 * the submit button that is disabled with a spinner while sending (§4), and reading and checking a
 * form's values with the schema the server applies too.
 */

const banner = css({
  p: '4',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'danger',
  bg: 'surface',
  color: 'danger',
  display: 'grid',
  gap: '1',
});
const checkboxRow = css({ display: 'flex', gap: '2', alignItems: 'center', fontWeight: 'normal' });

/** The field errors under the destructive banner, each naming its field; nothing when there are none. */
export function FieldErrorsBanner({
  errors,
  fields,
  formError,
}: {
  errors: Record<string, string>;
  fields: readonly FormFieldDefinition[];
  formError?: string | null;
}) {
  const entries = Object.entries(errors);
  if (entries.length === 0 && !formError) return null;
  const label = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  return (
    <div role="alert" className={banner} data-testid="form-errors">
      <strong>{FIELD_ERRORS_HEADING}</strong>
      {formError && <p>{formError}</p>}
      {entries.length > 0 && (
        <ul className={css({ listStyle: 'disc', pl: '5' })}>
          {entries.map(([name, message]) => (
            <li key={name}>
              {label(name)}: {message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Draws a `file` field (the careers CV), which its flow owns: the upload runs as the file is chosen and
 * the field's value is the stored file's id. A form without one shows no file field.
 */
export type FileFieldRenderer = (props: {
  field: FormFieldDefinition;
  error: string | undefined;
  idPrefix: string;
}) => ReactNode;

/** One field with its label and its error. */
export function LeadFormField({
  field,
  error,
  idPrefix,
  value,
  fileField,
}: {
  field: FormFieldDefinition;
  error: string | undefined;
  idPrefix: string;
  /**
   * What the shopper entered before (a step they come back to), or a signed-in shopper's details,
   * shown instead of the default. The field is uncontrolled: a value that arrives after it is drawn
   * (the details, read after first paint) becomes its default, which the browser shows only while the
   * shopper has not typed in it, so what they typed is never overwritten.
   */
  value?: unknown;
  fileField?: FileFieldRenderer | undefined;
}) {
  if (field.kind === 'file') return fileField ? fileField({ field, error, idPrefix }) : null;
  const text = typeof value === 'string' ? value : field.defaultValue;
  const checked = typeof value === 'boolean' ? value : field.defaultValue === 'true';
  const id = `${idPrefix}-${field.name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': field.required || undefined,
  } as const;
  if (field.kind === 'hidden')
    return <input type="hidden" name={field.name} defaultValue={field.defaultValue} />;
  if (field.kind === 'checkbox') {
    return (
      <div>
        <label htmlFor={id} className={checkboxRow}>
          <input {...common} type="checkbox" defaultChecked={checked} />
          {field.label}
        </label>
        {error && (
          <span id={errorId} className={pageStyles.fieldError}>
            {error}
          </span>
        )}
      </div>
    );
  }
  return (
    <div className={pageStyles.label}>
      <label htmlFor={id}>{field.label}</label>
      {field.kind === 'textarea' ? (
        <textarea {...common} rows={4} defaultValue={text} className={pageStyles.input} />
      ) : field.kind === 'select' ? (
        <select {...common} defaultValue={text ?? ''} className={pageStyles.input}>
          {!field.defaultValue && <option value="">Please choose</option>}
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.kind === 'postcode' ? 'text' : field.kind}
          inputMode={field.kind === 'postcode' ? 'numeric' : field.inputMode}
          maxLength={field.kind === 'postcode' ? 4 : undefined}
          autoComplete={field.autoComplete}
          defaultValue={text}
          className={pageStyles.input}
        />
      )}
      {error && (
        <span id={errorId} className={pageStyles.fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}

/** The form's fields, in order. */
export function LeadFormFields({
  fields,
  errors,
  idPrefix,
  values = {},
  fileField,
}: {
  fields: readonly FormFieldDefinition[];
  errors: Record<string, string>;
  idPrefix: string;
  /** What the shopper entered before, by field name. */
  values?: Record<string, unknown>;
  /** Draws the form's file field, when it has one. */
  fileField?: FileFieldRenderer | undefined;
}) {
  return (
    <>
      {fields.map((field) => (
        <LeadFormField
          key={field.name}
          field={field}
          error={errors[field.name]}
          idPrefix={idPrefix}
          value={values[field.name]}
          fileField={fileField}
        />
      ))}
    </>
  );
}

/** The submit button: disabled with a spinner while the form is sent (§4 "Form submission"). */
export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy || undefined} className={pageStyles.primary}>
      {busy ? (
        <>
          <Spinner label="Sending" /> Sending…
        </>
      ) : (
        label
      )}
    </button>
  );
}
