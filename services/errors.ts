/** Why a service call failed. */
export type ServiceErrorKind = 'network' | 'http' | 'validation' | 'notFound';

/**
 * The one error a service throws. `message` is fit to show a shopper where the spec gives no text;
 * `code` and `fields` come from the server's `{ error: { code, message, fields } }` body when it sent one.
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';

  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly details: { status?: number; code?: string; fields?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

/** Whether a value is a `ServiceError` (also across module copies). */
export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof Error && value.name === 'ServiceError';
}
