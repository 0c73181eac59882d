import { gunzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import { gzipJsonAnswers } from '../../../server/compress-json.ts';

/** The app's order: Hono's streaming `compress` outside, the whole JSON answers' gzip inside it. */
function app() {
  const records = Array.from({ length: 200 }, (_, id) => ({ id, name: `2021 Toyota Corolla ${id}` }));
  return new Hono()
    .use('*', compress())
    .use('*', gzipJsonAnswers())
    .get('/cars', (c) => {
      c.header('set-cookie', 'a=1; Path=/', { append: true });
      c.header('set-cookie', 'b=2; Path=/', { append: true });
      return c.json({ records });
    })
    .get('/missing', (c) => c.json({ error: 'not_found', message: 'No such car', records }, 404))
    .get('/small', (c) => c.json({ ok: true }))
    .get('/page', (c) => c.html(`<!doctype html><p>${'Drive away '.repeat(300)}</p>`))
    .get('/raw', (c) => {
      c.header('cache-control', 'no-transform');
      return c.json({ records });
    })
    .get('/stream', (c) => {
      c.header('content-type', 'image/svg+xml');
      return c.body(new Blob([`<svg>${'<g/>'.repeat(2000)}</svg>`]).stream());
    });
}

const ask = (path: string, encoding = 'gzip, deflate, br', method = 'GET') =>
  app().request(path, { method, headers: { 'accept-encoding': encoding } });

describe('gzip for JSON answers, read whole (issue 38)', () => {
  it('a JSON answer travels gzipped, says so and varies by encoding, its cookies and status kept', async () => {
    const answer = await ask('/cars');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(answer.headers.get('vary')).toBe('Accept-Encoding');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const body = JSON.parse(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString());
    expect(body.records).toHaveLength(200);

    const missing = await ask('/missing');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await missing.arrayBuffer())).toString()).message).toBe(
      'No such car',
    );
  });

  it('a page travels gzipped too (by Hono’s stream)', async () => {
    const answer = await ask('/page');
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString()).toContain('Drive away Drive away');
  });

  it('a client that takes no gzip gets the answer as it was (deflate, when it takes that, from Hono)', async () => {
    const plain = await ask('/cars', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect((await plain.json()).records).toHaveLength(200);

    const deflated = await ask('/cars', 'deflate');
    expect(deflated.headers.get('content-encoding')).toBe('deflate');
    expect(
      JSON.parse(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString()).records,
    ).toHaveLength(200);
  });

  it('a small answer, a no-transform one and a HEAD travel as they are', async () => {
    const small = await ask('/small');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });

    const raw = await ask('/raw');
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect((await raw.json()).records).toHaveLength(200);

    const head = await ask('/cars', 'gzip', 'HEAD');
    expect(head.headers.get('content-encoding')).toBeNull();
  });

  it('a streamed file of a compressible type is left to Hono’s stream', async () => {
    const answer = await ask('/stream');
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString()).toMatch(/^<svg>(<g\/>)+<\/svg>$/);
  });
});
