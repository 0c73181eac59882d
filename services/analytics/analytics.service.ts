import { z } from 'zod/mini';
import type { AnalyticsEventInput } from '../../domain/analytics.ts';
import type { Http } from '../http.ts';

const acceptedSchema = z.object({ ok: z.literal(true) });

/** Sends one analytics event with a spec id (`POST /api/analytics`); resolves once it is stored. */
export async function trackEvent(http: Http, event: AnalyticsEventInput): Promise<void> {
  await http.post('/api/analytics', event, acceptedSchema);
}
