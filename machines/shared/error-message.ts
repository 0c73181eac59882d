/**
 * The message to keep in context for a failed actor. Context holds strings, not `Error` objects,
 * because an `Error` serialises to `{}` in a persisted snapshot.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'An unexpected error occured';
}
