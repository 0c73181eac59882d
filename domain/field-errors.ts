import { z } from 'zod/mini';

/**
 * The first message per field of a failed parse (`{ email: '…' }`), for forms and for the `fields` of
 * the API's error body.
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A form's values checked: the parsed values, or the first message per field. */
export type FieldCheck =
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; fieldErrors: Record<string, string> };

/** Checks a form's values with its schema (the one the server applies again). */
export function checkFields(schema: z.core.$ZodType, values: Record<string, unknown>): FieldCheck {
  const parsed = z.safeParse(schema, values);
  return parsed.success
    ? { ok: true, values: parsed.data as Record<string, unknown> }
    : { ok: false, fieldErrors: fieldErrors(parsed.error) };
}
