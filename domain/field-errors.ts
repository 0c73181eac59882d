import type { z } from 'zod/mini';

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
