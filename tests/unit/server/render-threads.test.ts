import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { RenderThreads } from '../../../server/render/render-threads.ts';
import type { PublicSite } from '../../../tenants/public-site.ts';
import type { RenderRequest } from '../../../views/app/entry-server.tsx';

/**
 * Page renders on threads of their own (decision 136): the thread renders, the main thread answers
 * the page's calls to its own site. These tests run a stand-in entry (`tests/fixtures/render-entry.ts`)
 * on real worker threads; the e2e suite renders every real page through them.
 */
const entryUrl = pathToFileURL(new URL('../../fixtures/render-entry.ts', import.meta.url).pathname).href;
const site = { name: 'Harbour Auto Group' } as PublicSite;
const errors: unknown[] = [];
const logger = {
  error: (message: string, error?: unknown, data?: Record<string, unknown>) =>
    errors.push([message, data ?? error]),
};

/** A request as the server makes it; `fetch` answers the page's calls on this (the main) thread. */
function request(
  path: string,
  fetch: RenderRequest['fetch'] = () => Promise.reject(new Error('no call expected')),
) {
  return { site, path, search: 'a=1', origin: 'https://harbour.example', fetch } satisfies RenderRequest;
}

let pool: RenderThreads | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
  errors.length = 0;
});

describe('render threads', () => {
  it('render a page off the main thread and hand back what the server needs', async () => {
    pool = await RenderThreads.start({ entryUrl, count: 1, logger });
    const result = await pool.render(request('/cars/a-car'));
    expect(result.status).toBe(200);
    expect(result.head.title).toBe('Test page');
    expect(result.html).toMatch(/^Harbour Auto Group \/cars\/a-car\?a=1 thread [1-9]\d*$/);
  });

  it("answer a page's call to its site on the main thread: method, headers and body there, status, headers and body back", async () => {
    pool = await RenderThreads.start({ entryUrl, count: 1, logger });
    const seen: string[] = [];
    const result = await pool.render(
      request('/call', async (call) => {
        seen.push(`${call.method} ${call.url} ${call.headers.get('x-test')} ${await call.text()}`);
        return new Response('{"answer":42}', { status: 201, headers: { 'x-answered': 'main' } });
      }),
    );
    expect(seen).toEqual(['POST https://harbour.example/api/echo?q=1 sent {"from":"thread"}']);
    expect(result.html).toBe('201 main {"answer":42}');
  });

  it('give a bodiless answer (204) as one, and a refused call as an error the page can handle', async () => {
    pool = await RenderThreads.start({ entryUrl, count: 1, logger });
    const empty = await pool.render(request('/no-content', async () => new Response(null, { status: 204 })));
    expect(empty.html).toBe('204 ""');
    const refused = await pool.render(
      request('/refused', async (call) => {
        throw new Error(`A page's render may not fetch ${new URL(call.url).origin}`);
      }),
    );
    expect(refused.html).toBe("refused: A page's render may not fetch https://elsewhere.example");
  });

  it("fail a render whose page throws with the page's own message, and go on rendering", async () => {
    pool = await RenderThreads.start({ entryUrl, count: 1, logger });
    await expect(pool.render(request('/throws'))).rejects.toThrow('The page could not be rendered');
    expect((await pool.render(request('/after'))).status).toBe(200);
  });

  it('fail only the renders a dying thread held, say so in the log, and serve the next page from a new thread', async () => {
    pool = await RenderThreads.start({ entryUrl, count: 1, logger });
    const before = (await pool.render(request('/before'))).html.split(' thread ')[1];
    await expect(pool.render(request('/dies'))).rejects.toThrow(
      'The render thread stopped (exit code 3) during the render',
    );
    const after = await pool.render(request('/after'));
    expect(after.status).toBe(200);
    expect(after.html.split(' thread ')[1]).not.toBe(before);
    expect(errors).toEqual([['A render thread stopped; starting another', { code: 3, renders: 1 }]]);
  });

  it('count the threads running: none once they are stopped', async () => {
    pool = await RenderThreads.start({ entryUrl, count: 2, logger });
    expect(pool.running).toBe(2);
    await pool.close();
    expect(pool.running).toBe(0);
    expect(errors).toEqual([]);
  });

  it('give each render to the thread holding the fewest', async () => {
    pool = await RenderThreads.start({ entryUrl, count: 2, logger });
    const renders = [pool.render(request('/slow')), pool.render(request('/slow'))];
    expect(pool.load).toEqual([1, 1]);
    const threads = new Set((await Promise.all(renders)).map((result) => result.html));
    expect(threads.size).toBe(2);
    expect(pool.load).toEqual([0, 0]);
  });

  it('refuse to start on an entry that cannot load, rather than serve without pages', async () => {
    await expect(
      RenderThreads.start({ entryUrl: pathToFileURL('/nowhere/entry-server.js').href, count: 1, logger }),
    ).rejects.toThrow(/Cannot find module|ERR_MODULE_NOT_FOUND/);
  });
});
