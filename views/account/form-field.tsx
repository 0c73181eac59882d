import { pageStyles } from '../ui/page-styles.ts';

/** One labelled text input with its error message, for the account forms (uncontrolled). */
export function FormField({
  name,
  label,
  type,
  autoComplete,
  error,
  defaultValue,
  required = true,
}: {
  name: string;
  label: string;
  type: 'email' | 'password' | 'tel';
  autoComplete: string;
  error: string | undefined;
  defaultValue?: string;
  required?: boolean;
}) {
  const errorId = `${name}-error`;
  return (
    <label className={pageStyles.label}>
      {label}
      <input
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={pageStyles.input}
      />
      {error && (
        <span id={errorId} className={pageStyles.fieldError}>
          {error}
        </span>
      )}
    </label>
  );
}

/** A form's text fields by name (uncontrolled forms read their values on submit). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) values[key] = typeof value === 'string' ? value : '';
  return values;
}
