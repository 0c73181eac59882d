// The attacker of bench/hardening/floods.bench.ts, on a worker thread of its own, so that sending
// the attack does not slow the bench's own timing of the shoppers' requests. Plain JavaScript: a
// worker starts without the TypeScript loader.
import { request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ port: number, host: string, path: string, headers: Record<string, string>, bodies: string[], mode: 'closed' | 'rate', lanes?: number, perSecond?: number, address?: string, network?: number }} */
const plan = workerData;
const statuses = {};
let sent = 0;
let stopped = false;

/** A fixed address, or (for floods from many) a new one per request. */
const addressOf = (n) => plan.address ?? `10.${plan.network ?? 0}.${(n >> 8) & 255}.${n & 255}`;

function send() {
  sent += 1;
  const n = sent;
  const body = plan.bodies[n % plan.bodies.length].replaceAll('{n}', `${plan.network ?? 0}-${n}`);
  return new Promise((done) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: plan.port,
        path: plan.path,
        method: 'POST',
        headers: { host: plan.host, ...plan.headers, 'x-forwarded-for': addressOf(n) },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          done();
        });
      },
    );
    req.on('error', () => {
      statuses.error = (statuses.error ?? 0) + 1;
      done();
    });
    req.end(body);
  });
}

parentPort.on('message', () => {
  stopped = true;
});

const started = performance.now();
if (plan.mode === 'closed') {
  await Promise.all(
    Array.from({ length: plan.lanes ?? 2 }, async () => {
      while (!stopped) await send();
    }),
  );
} else {
  const pending = new Set();
  // Every 10 ms, whatever the rate asks for by now: a late timer sends more, not fewer.
  while (!stopped) {
    const due = Math.floor(((performance.now() - started) / 1000) * (plan.perSecond ?? 200));
    while (sent < due) {
      const p = send();
      pending.add(p);
      p.then(() => pending.delete(p));
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  await Promise.all(pending);
}
parentPort.postMessage({ sent, statuses, seconds: (performance.now() - started) / 1000 });
