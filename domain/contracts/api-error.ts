import { z } from 'zod/mini';

/** The error body every `/api/*` endpoint answers with (ARCHITECTURE §5): `{ error: { code, message, fields? } }`. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});
/** An `/api/*` error body. */
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
