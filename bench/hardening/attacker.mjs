// The attacker of bench/hardening/floods.bench.ts: a process of its own, started under `nice`, so
// that generating the attack neither slows the bench's timing of the shoppers' requests nor takes
// the cores from the server it attacks (the server's cost of answering it is what is measured).
// Plain JavaScript, started without the TypeScript loader. The plan is the first message on the
// IPC channel, the next stops it; it says when it has begun, then what it sent and how it was answered.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';

const workerData = await new Promise((resolve) => process.once('message', resolve));
const parentPort = {
  on: (_event, listener) => process.on('message', listener),
  postMessage: (message) => process.send(message),
};

/** @type {{ port: number, host: string, path: string, headers: Record<string, string>, bodies: string[], bodyFiles?: string[], mode: 'closed' | 'rate', lanes?: number, perSecond?: number, address?: string, network?: number }} */
const plan = workerData;
// Binary bodies (an upload's multipart form) come as files, read once.
const binaryBodies = plan.bodyFiles ? plan.bodyFiles.map((file) => readFileSync(file)) : null;
const statuses = {};
let sent = 0;
let stopped = false;

/** A fixed address, or (for floods from many) a new one per request. */
const addressOf = (n) => plan.address ?? `10.${plan.network ?? 0}.${(n >> 8) & 255}.${n & 255}`;

function send() {
  sent += 1;
  const n = sent;
  const body =
    binaryBodies?.[n % binaryBodies.length] ??
    plan.bodies[n % plan.bodies.length].replaceAll('{n}', `${plan.network ?? 0}-${n}`);
  return new Promise((resolve) => {
    // An answer given before the body was all sent (a refused upload) may be followed by a reset.
    let counted = false;
    const done = (status) => {
      if (counted) return;
      counted = true;
      statuses[status] = (statuses[status] ?? 0) + 1;
      resolve();
    };
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
        res.on('end', () => done(res.statusCode));
      },
    );
    req.on('error', () => done('error'));
    req.end(body);
  });
}

parentPort.on('message', () => {
  stopped = true;
});

parentPort.postMessage({ started: true });
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
process.disconnect();
