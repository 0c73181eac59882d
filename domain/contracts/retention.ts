import { z } from 'zod/mini';
import { keepingTimeSchema } from '../retention.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/** What a purge deletes, in the order it reports them (issue 33 item 8). */
export const PURGED_KINDS = [
  'leads',
  'lead deliveries',
  'test-drive bookings',
  'ended reservations',
  'saved valuations',
  'trade-in valuations',
  'trade-in photos',
  'trade-in photo files',
  'careers CVs',
  'careers CV files',
  'expired sessions',
  'expired account links',
  'unconfirmed accounts',
  'analytics events',
  'phone reveals',
  'sent saved-search alerts',
  'handled payment events',
] as const;

/** One kind of thing a purge deletes. */
export type PurgedKind = (typeof PURGED_KINDS)[number];

/** Why a purge left something past its keeping time. */
export const KEPT_REASONS = ['not delivered', 'reservation active', 'test drive to come'] as const;

const count = z.int().check(z.minimum(0));

/** What a purge did (or, in a dry run, would do). */
export const purgeReportSchema = z.object({
  dry_run: z.boolean(),
  /** The moment the purge measured from (ISO 8601). */
  at: z.string(),
  /** Each keeping time as written (`24m`) and the moment it reached back to (ISO 8601). */
  keeping: z.object({
    leads: z.object({ text: z.string(), before: z.string() }),
    activity: z.object({ text: z.string(), before: z.string() }),
    unfinished: z.object({ text: z.string(), before: z.string() }),
  }),
  /** How many of each kind were deleted (every kind, zero included). */
  deleted: z.array(z.object({ kind: z.enum(PURGED_KINDS), count })),
  /** Leads past their keeping time that stay, by reason (every reason, zero included). */
  kept: z.array(z.object({ kind: z.literal('leads'), reason: z.enum(KEPT_REASONS), count })),
  /** Media files whose rows are gone but which could not be deleted (their keys and why). */
  failures: z.array(z.string()),
});
export type PurgeReport = z.infer<typeof purgeReportSchema>;

/**
 * `POST /api/admin/purge` `{ older_than?, dry_run }`: what `npm run purge` calls while a server holds
 * the store (PGlite admits one process). Bearer admin token only. `older_than` (`90d`, `12w`, `24m`,
 * `2y`) replaces every keeping time; without it the defaults apply (`domain/retention.ts`).
 */
export const purgeEndpoint = {
  method: 'POST',
  path: '/api/admin/purge',
  answer: purgeReportSchema,
} as const satisfies Endpoint;
export const purgeRequest = withRequest(purgeEndpoint, () => ({
  errors: ['unauthorized'],
  body: z.object({
    older_than: z.optional(keepingTimeSchema),
    dry_run: z._default(z.boolean(), false),
  }),
}));
