import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from '../logger.ts';
import type { Db } from '../store/db.ts';

/** Seconds: from a quick API answer to a slow page render. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the store holds that an operator watches, read once per scrape. */
interface StoreSnapshot {
  leads_waiting: number;
  oldest_lead_seconds: number | null;
  leads_failing: number;
  alerts_waiting: number;
  receipts_waiting: number;
  holds_active: number;
  payment_actions_waiting: number;
  payments_needing_attention: number;
}

/**
 * One query for every store gauge. A lead version's wait starts when it was written: a lead's first
 * version at its creation, a later one at the lead's last change. Alerts of a search switched off are
 * never sent, so they do not wait.
 */
const STORE_SNAPSHOT_SQL = `SELECT
  (SELECT count(*) FROM lead_deliveries WHERE delivered_at IS NULL)::int AS leads_waiting,
  (SELECT EXTRACT(EPOCH FROM now() - min(CASE WHEN d.version = 1 THEN l.created_at ELSE l.updated_at END))::float8
     FROM lead_deliveries d JOIN leads l ON l.lead_id = d.lead_id WHERE d.delivered_at IS NULL) AS oldest_lead_seconds,
  (SELECT count(*) FROM lead_deliveries WHERE delivered_at IS NULL AND last_error IS NOT NULL)::int AS leads_failing,
  (SELECT count(*) FROM search_alerts a JOIN saved_searches s ON s.id = a.saved_search_id
     WHERE a.sent_at IS NULL AND s.frequency <> 'off')::int AS alerts_waiting,
  (SELECT count(*) FROM reservation_receipts WHERE sent_at IS NULL AND given_up_at IS NULL)::int AS receipts_waiting,
  (SELECT count(*) FROM reservations WHERE status = 'held')::int AS holds_active,
  (SELECT count(*) FROM payment_actions WHERE done_at IS NULL AND given_up_at IS NULL)::int AS payment_actions_waiting,
  (SELECT count(*) FROM reservations WHERE payment_state = 'needs_attention')::int AS payments_needing_attention`;

/** How long one store snapshot serves the gauges of a scrape (they are collected together). */
const SNAPSHOT_REUSE_MS = 1000;

/**
 * A server's metrics (issue 33 item 4, decision 114): its own prom-client registry — several servers
 * in one process (the tests) never share one — holding request durations by route pattern, method and
 * status; page-cache outcomes; render and search times; outbox items given up (a capture, cancel or
 * refund among them); the store's lead backlog, alert emails, reservation receipts and payment actions
 * waiting, active holds and payments that need an operator, read with
 * one query per scrape; and prom-client's process metrics (event-loop lag, heap, CPU, GC). Names in `docs/deploy.md`.
 */
export class ServerMetrics {
  readonly registry = new Registry();

  /** Every answer to a client: `route` is the route's pattern (`page:<id>` for a page), never the path. */
  readonly requestDuration = new Histogram({
    name: 'forecourt_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  /** What the page cache did for each page request: `hit`, `miss`, `shared` (one render for several), `bypass`. */
  readonly pageCache = new Counter({
    name: 'forecourt_page_cache_requests_total',
    help: 'Page requests by what the page cache did: hit, miss, shared (a render in flight) or bypass',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** Server renders by page id (a cache hit renders nothing). */
  readonly renderDuration = new Histogram({
    name: 'forecourt_render_duration_seconds',
    help: 'Time to render a page on the server, by page',
    labelNames: ['page'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  /** How long a page render waited for its turn (`RENDER_CONCURRENCY`, `server/render/render-queue.ts`). */
  readonly renderQueueWait = new Histogram({
    name: 'forecourt_render_queue_wait_seconds',
    help: 'Time a page render waited for its turn before it started',
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  /** Answers of the embedded search endpoint: `caller` is `browser`, or `render` for a page's own search. */
  readonly searchDuration = new Histogram({
    name: 'forecourt_search_duration_seconds',
    help: 'Time to answer a search on the embedded endpoint, by route and caller (browser or render)',
    labelNames: ['route', 'caller'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  /** Items an outbox stopped trying to send. */
  readonly deliveriesGivenUp = new Counter({
    name: 'forecourt_deliveries_given_up_total',
    help: 'Outbox items given up after their last try, by outbox',
    labelNames: ['outbox'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Counts one item an outbox gave up (the `onGiveUp` of `sendOutbox`). */
  readonly givenUp = (outbox: string): void => {
    this.deliveriesGivenUp.inc({ outbox });
  };

  /**
   * Adds the gauges read from the store at scrape time. A store that does not answer leaves them out
   * of that scrape (the store's own failure shows on `/readyz`) and is logged.
   */
  watchStore(db: Db, logger: Pick<Logger, 'warn'>): void {
    let snapshot: { at: number; read: Promise<StoreSnapshot | null> } | null = null;
    const read = (): Promise<StoreSnapshot | null> => {
      const now = Date.now();
      if (!snapshot || now - snapshot.at > SNAPSHOT_REUSE_MS) {
        snapshot = {
          at: now,
          read: db.query<StoreSnapshot>(STORE_SNAPSHOT_SQL).then(
            ({ rows }) => rows[0] ?? null,
            (error: unknown) => {
              logger.warn('Reading the store for metrics failed', {
                reason: error instanceof Error ? error.message : String(error),
              });
              return null;
            },
          ),
        };
      }
      return snapshot.read;
    };
    const gauge = (name: string, help: string, value: (row: StoreSnapshot) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        // Every process reads the same store: across workers the largest reading is the store's.
        aggregator: 'max',
        async collect() {
          const row = await read();
          if (row) this.set(value(row));
          else this.reset();
        },
      });
    gauge(
      'forecourt_leads_waiting',
      'Lead versions not yet delivered to their dealer',
      (row) => row.leads_waiting,
    );
    gauge(
      'forecourt_lead_oldest_waiting_seconds',
      'How long the oldest lead version not yet delivered has waited (0 when none waits)',
      (row) => row.oldest_lead_seconds ?? 0,
    );
    gauge(
      'forecourt_lead_deliveries_failing',
      'Lead versions not yet delivered whose last try failed',
      (row) => row.leads_failing,
    );
    gauge(
      'forecourt_alert_emails_waiting',
      'Saved-search alerts waiting to be emailed (instant or daily searches)',
      (row) => row.alerts_waiting,
    );
    gauge(
      'forecourt_receipt_emails_waiting',
      'Reservation receipts (hold started, released, sale confirmed) waiting to be emailed to shoppers',
      (row) => row.receipts_waiting,
    );
    gauge(
      'forecourt_holds_active',
      'Cars held by an authorised reservation deposit',
      (row) => row.holds_active,
    );
    gauge(
      'forecourt_payment_actions_waiting',
      'Captures, cancels and refunds of reservation deposits not yet accepted by the processor',
      (row) => row.payment_actions_waiting,
    );
    gauge(
      'forecourt_payments_needing_attention',
      'Reservation deposits whose capture, cancel or refund was given up: an operator settles them',
      (row) => row.payments_needing_attention,
    );
  }

  /** The Prometheus text of every metric. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** The content type of {@link text}. */
  get contentType(): string {
    return this.registry.contentType;
  }
}
