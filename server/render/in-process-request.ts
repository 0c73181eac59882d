/**
 * A render's call to its own site, as the in-process app receives it: the page request's host,
 * cookies and scheme, and the body read whole with its `content-length`. Two things are left out on
 * purpose, because each kept every in-process request alive (about 2 kB for every search a render
 * made; found by issue 14's memory check, `tests/unit/server/in-process-request.test.ts`): a body
 * without a length, which hono's `bodyLimit` copies the request to count, and the caller's abort
 * signal, which undici's Request follows (the in-process app never observed it anyway).
 */
export async function inProcessRequest(request: Request, incoming: Request): Promise<Request> {
  const headers = new Headers(request.headers);
  for (const name of ['host', 'cookie', 'x-forwarded-proto']) {
    const value = incoming.headers.get(name);
    if (value) headers.set(name, value);
  }
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : null;
  if (body) headers.set('content-length', String(body.byteLength));
  return new Request(request.url, { method: request.method, headers, body });
}
