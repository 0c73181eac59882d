import type { AnalyticsEventInput } from '../../domain/analytics.ts';
import { analyticsEndpoint, type analyticsRequest } from '../../domain/contracts/analytics.ts';
import { call, type Http } from '../http.ts';

/** Sends one analytics event with a spec id (`POST /api/analytics`); resolves once it is stored. */
export async function trackEvent(http: Http, event: AnalyticsEventInput): Promise<void> {
  await call<typeof analyticsEndpoint, typeof analyticsRequest>(http, analyticsEndpoint, { body: event });
}
