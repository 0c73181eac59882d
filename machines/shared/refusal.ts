/**
 * What a service's refusal carries (a `ServiceError`: its message, and `details` with the server's
 * status, error code and messages per field), read without trusting its shape.
 */
export interface Refusal {
  message?: unknown;
  details?: { status?: number; code?: string; fields?: Record<string, string> };
}

/** An actor's error as a refusal. */
export const refusalOf = (error: unknown): Refusal => (error ?? {}) as Refusal;

/** The refusal's message, or `fallback` when it carries none (the form's own text). */
export function refusalMessage(error: unknown, fallback: string): string {
  const { message } = refusalOf(error);
  return typeof message === 'string' && message !== '' ? message : fallback;
}

/** The refusal's messages per field (none when the server named no field). */
export const refusalFields = (error: unknown): Record<string, string> =>
  refusalOf(error).details?.fields ?? {};
