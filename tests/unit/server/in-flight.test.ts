import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../../server/app-env.ts';
import { HeldRefusals, holdRefusals, InFlight, inFlightLimit } from '../../../server/auth/in-flight.ts';

/**
 * Issue 31 item 1: a client may have only a few uploads in progress at once (3), and all clients
 * together a bounded number (16); past either, the next is refused without its body read — and
 * answered a second late, so a client sending again at once cannot refusal-flood the server.
 */
const inFlight = new InFlight({ perClient: 3, total: 5 });
/** Each request waits until the test lets it finish, so "in progress" is what the test says. */
const waiting: (() => void)[] = [];
/** Refusals held until the test lets them go; one at most. */
const heldUntil: (() => void)[] = [];
const refusals = new HeldRefusals(
  { ms: 1000, max: 1 },
  () => new Promise((resolve) => heldUntil.push(resolve)),
);

let server: Server;
let port: number;
beforeAll(async () => {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('trustProxy', 1);
    await next();
  });
  app.post('/refused', holdRefusals(refusals), (c) => c.json({ error: { code: 'rate_limited' } }, 429));
  app.post('/upload', inFlightLimit(inFlight), async (c) => {
    await new Promise<void>((resolve) => waiting.push(resolve));
    return c.json({ ok: true }, 201);
  });
  server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const release of [...waiting.splice(0), ...heldUntil.splice(0)]) release();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const upload = (address: string) =>
  fetch(`http://127.0.0.1:${port}/upload`, { method: 'POST', headers: { 'x-forwarded-for': address } });

/** Waits until `count` requests are held by the handler. */
async function held(count: number) {
  await expect.poll(() => inFlight.size).toBe(count);
}

describe('uploads in progress', () => {
  it('a fourth upload from one address is refused (429, Retry-After) while three are in progress', async () => {
    const first = [upload('203.0.113.1'), upload('203.0.113.1'), upload('203.0.113.1')];
    await held(3);
    const fourth = await upload('203.0.113.1');
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe('1');
    // Another shopper is not held up by the first one's uploads.
    const other = upload('203.0.113.2');
    await held(4);
    for (const release of waiting.splice(0)) release();
    expect((await Promise.all([...first, other])).map((response) => response.status)).toEqual([
      201, 201, 201, 201,
    ]);
    await held(0);
    // Their places are given back.
    const again = upload('203.0.113.1');
    await held(1);
    for (const release of waiting.splice(0)) release();
    expect((await again).status).toBe(201);
  });

  it('past the total, any client’s next upload is refused (503, Retry-After) until one ends', async () => {
    const running = ['1', '2', '3', '4', '5'].map((n) => upload(`198.51.100.${n}`));
    await held(5);
    const busy = await upload('198.51.100.6');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe('busy');
    for (const release of waiting.splice(0)) release();
    await Promise.all(running);
    await held(0);
  });

  it('a refusal is held back (a second in the server) before it is answered; past the most held, at once', async () => {
    let answered = false;
    const first = fetch(`http://127.0.0.1:${port}/refused`, { method: 'POST' }).then((response) => {
      answered = true;
      return response.status;
    });
    await expect.poll(() => refusals.size).toBe(1);
    expect(answered).toBe(false);
    // One is held at most here: the next refusal goes at once.
    expect((await fetch(`http://127.0.0.1:${port}/refused`, { method: 'POST' })).status).toBe(429);
    expect(answered).toBe(false);
    for (const release of heldUntil.splice(0)) release();
    expect(await first).toBe(429);
  });
});
