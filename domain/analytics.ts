import { z } from 'zod/mini';
import { rowIdSchema } from './row-id.ts';

/**
 * Analytics event ids (`search-detail-finance-watchlist.md` §9: enquiry 14 new, 15 used, 17 test drive
 * or 'Test Drive Only' tag, 48 used test drive, favourite 39, trade-in accepted 18;
 * `locations-forms-tradein-site.md` §9: default form event 22, career enquiries 51, watchlist save 39).
 */
export const ANALYTICS_EVENTS = {
  enquiryNew: 14,
  enquiryUsed: 15,
  testDrive: 17,
  tradeInAccepted: 18,
  formDefault: 22,
  favourite: 39,
  watchlistSave: 39,
  usedTestDrive: 48,
  careerEnquiry: 51,
} as const;

/** One of the spec's event ids. */
export type AnalyticsEventId = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];

const eventIds = [...new Set(Object.values(ANALYTICS_EVENTS))] as [AnalyticsEventId, ...AnalyticsEventId[]];

/** What `POST /api/analytics` accepts: a known event id, and the car and page it concerns. */
export const analyticsEventSchema = z.object({
  event_id: z.union(eventIds.map((id) => z.literal(id)) as [z.ZodMiniLiteral<AnalyticsEventId>]),
  car_id: z._default(z.nullable(rowIdSchema()), null),
  path: z._default(
    z.nullable(z.string().check(z.maxLength(500), z.regex(/^\/[^\s]*$/, 'must be a site path'))),
    null,
  ),
});
/** An analytics event as sent. */
export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>;
/** An analytics event as stored. */
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
