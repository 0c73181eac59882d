import type { AnalyticsEvent } from '../../domain/analytics.ts';
import type { Executor } from './db.ts';

/** A stored analytics event of one site. */
export interface StoredAnalyticsEvent extends AnalyticsEvent {
  site_id: number;
}

/** Records an event for a site; resolves once committed. */
export async function recordAnalyticsEvent(
  q: Executor,
  siteId: number,
  event: AnalyticsEvent,
): Promise<void> {
  await q.query('INSERT INTO analytics_events (site_id, event_id, car_id, path) VALUES ($1, $2, $3, $4)', [
    siteId,
    event.event_id,
    event.car_id,
    event.path,
  ]);
}

/** A site's events, oldest first. */
export async function listAnalyticsEvents(q: Executor, siteId: number): Promise<StoredAnalyticsEvent[]> {
  const { rows } = await q.query<StoredAnalyticsEvent>(
    'SELECT site_id, event_id, car_id, path FROM analytics_events WHERE site_id = $1 ORDER BY id',
    [siteId],
  );
  return rows;
}
