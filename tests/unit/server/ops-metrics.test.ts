import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendOutbox } from '../../../server/jobs/outbox.ts';
import { createLogger } from '../../../server/logger.ts';
import { ServerMetrics } from '../../../server/ops/metrics.ts';
import { closeListener, portOf, serveMetricsPort } from '../../../server/ops/metrics-port.ts';
import { Readiness } from '../../../server/ops/readiness.ts';
import { PageCache } from '../../../server/render/page-cache.ts';
import { RenderQueue } from '../../../server/render/render-queue.ts';
import type { Db } from '../../../server/store/db.ts';
import { createLead } from '../../../server/store/leads.repo.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { capturedLogger, opsApp, opsSecrets } from './ops-app.ts';

/**
 * Issue 33 item 4: `/metrics` in Prometheus's text format, behind the admin token (or on its own
 * port), with what an operator alerts on: request durations by route pattern, the page cache, render
 * time, the lead backlog and the payments waiting or needing an operator from the store, and the
 * process's event loop and heap.
 */
let db: Db;

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
});
afterAll(async () => {
  await db.close();
});

function serverWithMetrics() {
  const metrics = new ServerMetrics();
  metrics.watchStore(db, createLogger({ quiet: true }));
  const readiness = new Readiness();
  readiness.ready([]);
  return {
    metrics,
    app: opsApp({ ops: { readiness, metrics }, pageCache: new PageCache(), renderQueue: new RenderQueue(2) }),
  };
}

const BAYSIDE = { host: 'bayside-mazda.localhost' };
const scrape = (app: ReturnType<typeof opsApp>, token?: string) =>
  app.request('http://10.0.0.5/metrics', {
    headers: { host: '10.0.0.5', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, line: RegExp): number | undefined {
  const found = text.split('\n').find((candidate) => line.test(candidate));
  return found === undefined ? undefined : Number(found.slice(found.lastIndexOf(' ') + 1));
}

describe('/metrics (issue 33 item 4)', () => {
  it('refuses without the admin token', async () => {
    const { app } = serverWithMetrics();
    const anonymous = await scrape(app);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: 'unauthorized' } });
    expect((await scrape(app, 'not-the-admin-token')).status).toBe(401);
  });

  it('answers the metric families after a few requests: cache hits, route patterns, renders, the lead backlog', async () => {
    const { app } = serverWithMetrics();
    const first = await app.request('http://bayside-mazda.localhost/', { headers: BAYSIDE });
    const second = await app.request('http://bayside-mazda.localhost/', { headers: BAYSIDE });
    expect([first.headers.get('x-page-cache'), second.headers.get('x-page-cache')]).toEqual(['miss', 'hit']);
    await app.request('http://bayside-mazda.localhost/api/ops-test/stock', { headers: BAYSIDE });
    await createLead(db, {
      siteId: 101,
      dealershipId: 1011,
      carId: null,
      payload: { category: 'General Enquiry', name: 'Sam', email: 'sam@example.com', form_completed: true },
      idempotencyKey: null,
    });

    const response = await scrape(app, opsSecrets.adminToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();

    expect(sample(text, /^forecourt_page_cache_requests_total\{outcome="miss"\}/)).toBe(1);
    expect(sample(text, /^forecourt_page_cache_requests_total\{outcome="hit"\}/)).toBe(1);
    expect(
      sample(text, /^forecourt_http_request_duration_seconds_count\{.*route="page:home".*status="200"/),
    ).toBe(2);
    // The render's own call is part of its page's time, not a request of its own.
    expect(
      sample(text, /^forecourt_http_request_duration_seconds_count\{.*route="\/api\/ops-test\/stock"/),
    ).toBe(1);
    expect(text).not.toMatch(/route="\/(\?|$)|route="\/api\/ops-test\/cars\/9/);
    expect(sample(text, /^forecourt_render_duration_seconds_count\{page="home"\}/)).toBe(1);
    // The one render took its turn in the queue; the kept page's answer did not queue.
    expect(sample(text, /^forecourt_render_queue_wait_seconds_count /)).toBe(1);

    expect(sample(text, /^forecourt_leads_waiting /)).toBe(1);
    expect(sample(text, /^forecourt_lead_oldest_waiting_seconds /)).toBeGreaterThanOrEqual(0);
    expect(sample(text, /^forecourt_lead_deliveries_failing /)).toBe(0);
    expect(sample(text, /^forecourt_alert_emails_waiting /)).toBe(0);
    expect(sample(text, /^forecourt_holds_active /)).toBe(0);
    expect(sample(text, /^forecourt_payment_actions_waiting /)).toBe(0);
    expect(sample(text, /^forecourt_payments_needing_attention /)).toBe(0);
    expect(text).toContain('# TYPE forecourt_deliveries_given_up_total counter');
    expect(text).toContain('# TYPE forecourt_search_duration_seconds histogram');
    expect(sample(text, /^nodejs_eventloop_lag_seconds /)).toBeGreaterThanOrEqual(0);
    expect(sample(text, /^nodejs_heap_size_used_bytes /)).toBeGreaterThan(0);
  });

  it('two servers in one process keep their own counts', async () => {
    const one = serverWithMetrics();
    const two = serverWithMetrics();
    await one.app.request('http://bayside-mazda.localhost/api/ops-test/stock', { headers: BAYSIDE });
    const count = /^forecourt_http_request_duration_seconds_count\{.*route="\/api\/ops-test\/stock"/;
    expect(sample(await one.metrics.text(), count)).toBe(1);
    expect(sample(await two.metrics.text(), count)).toBeUndefined();
  });

  it('METRICS_PORT answers the same text without a token, and nothing else', async () => {
    const { metrics } = serverWithMetrics();
    const listener = await serveMetricsPort(metrics, {
      port: 0,
      host: '127.0.0.1',
      logger: createLogger({ quiet: true }),
    });
    try {
      const base = `http://127.0.0.1:${portOf(listener)}`;
      const response = await fetch(`${base}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('# TYPE forecourt_leads_waiting gauge');
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      await closeListener(listener);
    }
  });

  it('an outbox item given up is counted by its outbox', async () => {
    const metrics = new ServerMetrics();
    const { logger } = capturedLogger();
    await sendOutbox(
      {
        name: 'Saved-search alert',
        claim: async () => ['alert-1'],
        attempts: () => 4,
        send: async () => {
          throw new Error('mailbox unavailable');
        },
        sent: async () => {},
        retry: async () => {},
        giveUp: async () => {},
        giveUpAfter: 5,
        describe: (item) => ({ item }),
      },
      { logger, onGiveUp: metrics.givenUp },
    );
    expect(
      sample(await metrics.text(), /^forecourt_deliveries_given_up_total\{outbox="Saved-search alert"\}/),
    ).toBe(1);
  });
});
