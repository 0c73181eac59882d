import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describe, expect, it } from 'vitest';
import { inProcessRequest } from '../../../server/render/in-process-request.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/** An app like the search endpoint: a body limit, then a route that reads the body. */
function limitedApp() {
  const app = new Hono();
  app.use('*', bodyLimit({ maxSize: 128 * 1024 }));
  app.post('/search-api/query', async (c) => c.json({ received: (await c.req.text()).length }));
  return app;
}

const incoming = new Request('http://bayside-mazda.localhost/search', {
  headers: { host: 'bayside-mazda.localhost', cookie: 'forecourt_session=abc', 'x-forwarded-proto': 'https' },
});
const searchCall = () =>
  new Request('http://bayside-mazda.localhost/search-api/query', {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ requests: [{ indexName: 'cars', query: 'mazda' }] }),
  });

describe("a render's in-process calls (issue 14 item 1: memory returns to its level)", () => {
  it('carry the page request’s host, cookie and scheme, and the body with its length', async () => {
    const request = await inProcessRequest(searchCall(), incoming);
    expect(request.headers.get('host')).toBe('bayside-mazda.localhost');
    expect(request.headers.get('cookie')).toBe('forecourt_session=abc');
    expect(request.headers.get('x-forwarded-proto')).toBe('https');
    expect(request.headers.get('content-length')).toBe(String((await searchCall().text()).length));
    const answer = await limitedApp().fetch(await inProcessRequest(searchCall(), incoming));
    expect(await answer.json()).toEqual({ received: (await searchCall().text()).length });
  });

  it('leave nothing behind: 4,000 of them through a body limit grow the heap by well under a megabyte', async () => {
    const app = limitedApp();
    const send = async () => (await app.fetch(await inProcessRequest(searchCall(), incoming))).text();
    for (let i = 0; i < 200; i++) await send();
    const before = heapAfterGc();
    for (let i = 0; i < 4000; i++) await send();
    // The request as the renderer used to pass it (no length) grew the heap by ~8 MB here.
    expect(heapAfterGc() - before).toBeLessThan(1024 * 1024);
  });
});
