import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuild } from '../../server/build/ensure-build.ts';
import { createLogger } from '../../server/logger.ts';
import { percentile } from '../search/report.ts';
import {
  type BenchServer,
  machine,
  machineText,
  ROOT,
  startBenchServer,
  writeReport,
} from '../support/server.ts';

/**
 * Issue 15 item 8: no lead is lost and none is stored twice. 200 lead submissions, 20 at a time,
 * each with its own `Idempotency-Key`; the server is killed with SIGKILL once half are acknowledged,
 * started again on the same store, and every submission that got no answer is sent again with the
 * same key, as a client would. Then: every acknowledged `lead_id` is stored exactly once, and every
 * one reaches the outbox. On PGlite, and on PostgreSQL when `DATABASE_URL` is set (or reachable on
 * 127.0.0.1:5432). Writes `bench/reports/leads.md` and `.json`.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3251);
const TOTAL = Number(process.env.BENCH_LEADS ?? 200);
const CONCURRENCY = 20;
const run = Date.now().toString(36);

interface Outcome {
  engine: string;
  submitted: number;
  acknowledged: number;
  lost: number;
  duplicated: number;
  delivered: number;
  answeredBeforeKill: number;
  resent: number;
  perSecond: number;
  p95Ms: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function submit(server: BenchServer, i: number) {
  return server.get('/api/leads', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.origin,
      'sec-fetch-site': 'same-origin',
      'idempotency-key': `${run}-${i}`,
      'x-forwarded-for': `10.9.${i >> 8}.${i & 255}`,
    },
    body: JSON.stringify({
      userData: {
        category: 'General Enquiry',
        email: `shopper-${run}-${i}@example.com`,
        message: `Lead ${i}`,
      },
    }),
  });
}

async function measure(engine: string, dataDir: string, env: Record<string, string>): Promise<Outcome> {
  rmSync(join(ROOT, '.data', dataDir), { recursive: true, force: true });
  const start = () =>
    startBenchServer({ port: PORT, tenant: 'bayside-mazda', dataDir, env: { TRUST_PROXY: '1', ...env } });
  let server = await start();
  const acknowledged = new Map<number, string>();
  const latencies: number[] = [];
  let next = 0;
  let killed = false;
  const started = performance.now();
  const lane = async () => {
    while (next < TOTAL) {
      const i = next++;
      const t = performance.now();
      try {
        const answer = await submit(server, i);
        if (answer.status === 201) {
          acknowledged.set(i, (JSON.parse(answer.body.toString()) as { lead_id: string }).lead_id);
          latencies.push(performance.now() - t);
        }
      } catch {
        // the server was killed under this request: it is sent again after the restart
      }
      if (!killed && acknowledged.size >= TOTAL / 2) {
        killed = true;
        await server.kill();
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const answeredBeforeKill = acknowledged.size;
  const seconds = (performance.now() - started) / 1000;
  server = await start();
  let resent = 0;
  try {
    for (let i = 0; i < TOTAL; i++) {
      if (acknowledged.has(i)) continue;
      resent += 1;
      const answer = await submit(server, i);
      if (answer.status === 201)
        acknowledged.set(i, (JSON.parse(answer.body.toString()) as { lead_id: string }).lead_id);
    }
    // What the store holds, through the admin route as `npm run leads` reads it.
    const secrets = JSON.parse(readFileSync(join(ROOT, '.data', dataDir, 'secrets.json'), 'utf8')) as {
      adminToken: string;
    };
    const exported = await server.get('/api/admin/leads?tenant=bayside-mazda&format=json', {
      headers: { authorization: `Bearer ${secrets.adminToken}` },
    });
    const stored = JSON.parse((JSON.parse(exported.body.toString()) as { text: string }).text) as {
      lead_id: string;
      payload: { email: string };
    }[];
    const ours = stored.filter((lead) => lead.payload.email.includes(`-${run}-`));
    const rowsPerLead = new Map<string, number>();
    for (const lead of ours) rowsPerLead.set(lead.lead_id, (rowsPerLead.get(lead.lead_id) ?? 0) + 1);
    const perEmail = new Map<string, number>();
    for (const lead of ours) perEmail.set(lead.payload.email, (perEmail.get(lead.payload.email) ?? 0) + 1);
    const ids = [...acknowledged.values()];
    const lost = ids.filter((id) => !rowsPerLead.has(id)).length;
    const duplicated = [...perEmail.values()].filter((n) => n > 1).length;
    // Every acknowledged lead reaches the outbox (the worker runs every 2 s).
    const outbox = join(ROOT, '.data', dataDir, 'outbox');
    let delivered = 0;
    for (let wait = 0; wait < 60; wait++) {
      const files = existsSync(outbox)
        ? new Set(readdirSync(outbox).map((f) => f.replace(/-v\d+\.eml$/, '')))
        : new Set();
      delivered = ids.filter((id) => files.has(id)).length;
      if (delivered === ids.length) break;
      await sleep(1000);
    }
    return {
      engine,
      submitted: TOTAL,
      acknowledged: acknowledged.size,
      lost,
      duplicated,
      delivered,
      answeredBeforeKill,
      resent,
      perSecond: Math.round((answeredBeforeKill / seconds) * 10) / 10,
      p95Ms: Math.round(percentile(latencies, 95) * 10) / 10,
    };
  } finally {
    await server.stop();
  }
}

ensureBuild(ROOT, createLogger({ quiet: true }));
const outcomes = [await measure('PGlite', 'bench-leads', { DATABASE_URL: '' })];
const postgres = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
try {
  outcomes.push(await measure('PostgreSQL', 'bench-leads-pg', { DATABASE_URL: postgres }));
} catch (error) {
  console.error(`PostgreSQL run skipped: ${(error as Error).message}`);
}

const report = {
  date: new Date().toISOString(),
  machine: machine(),
  total: TOTAL,
  concurrency: CONCURRENCY,
  outcomes,
};
writeReport('leads', report, [
  '# Leads: none lost, none stored twice, every one delivered (issue 15 item 8)',
  '',
  `${report.date} · ${machineText(report.machine)}`,
  '',
  `${TOTAL} submissions, ${CONCURRENCY} at a time, each with its own Idempotency-Key; the server killed with SIGKILL once half were acknowledged, restarted, and the unanswered ones sent again with the same key.`,
  '',
  '| engine | acknowledged | lost | duplicated | in the outbox | answered before the kill | sent again | submissions/s | p95 |',
  '|---|---|---|---|---|---|---|---|---|',
  ...outcomes.map(
    (o) =>
      `| ${o.engine} | ${o.acknowledged} / ${o.submitted} | ${o.lost} | ${o.duplicated} | ${o.delivered} | ${o.answeredBeforeKill} | ${o.resent} | ${o.perSecond} | ${o.p95Ms} ms |`,
  ),
  '',
]);
console.log(readFileSync(join(ROOT, 'bench/reports/leads.md'), 'utf8'));
