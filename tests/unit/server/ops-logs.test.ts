import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../server/logger.ts';
import { capturedLogger, opsApp } from './ops-app.ts';

/**
 * Issue 33 item 3: logs an operator can follow. Every line of a request carries its id (sent back in
 * `X-Request-Id`, a client's own only behind a trusted proxy), the tenant, the route's pattern, the
 * status and the duration; errors come with their stack once; shoppers' details never reach a line.
 */
const BAYSIDE = { host: 'bayside-mazda.localhost' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('a request’s log lines (issue 33 item 3)', () => {
  it('a page and the call its render made share one id, with the tenant, route pattern, status and duration', async () => {
    const { logger, lines } = capturedLogger('debug');
    const response = await opsApp({ logger }).request('http://bayside-mazda.localhost/', {
      headers: BAYSIDE,
    });
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id') ?? '';
    expect(id).toMatch(UUID);

    const mine = lines.filter((line) => line.reqId === id);
    expect(mine).toEqual([
      expect.objectContaining({
        level: 'debug',
        msg: 'request',
        tenant: 'bayside-mazda',
        route: '/api/ops-test/stock',
        inProcess: true,
        status: 200,
      }),
      expect.objectContaining({
        level: 'info',
        msg: 'request',
        tenant: 'bayside-mazda',
        method: 'GET',
        route: 'page:home',
        status: 200,
        ms: expect.any(Number),
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
    ]);
  });

  it('an error thrown in a request is logged once with its stack and the request’s id; the request line names the pattern, not the path', async () => {
    const { logger, lines } = capturedLogger();
    const response = await opsApp({ logger }).request(
      'http://bayside-mazda.localhost/api/ops-test/cars/9001/fail',
      { headers: BAYSIDE },
    );
    expect(response.status).toBe(500);
    const id = response.headers.get('x-request-id');
    const mine = lines.filter((line) => line.reqId === id);
    expect(mine).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'Unhandled error',
        tenant: 'bayside-mazda',
        route: '/api/ops-test/cars/:id/fail',
        err: expect.objectContaining({
          type: 'Error',
          stack: expect.stringMatching(/^Error: The store refused a write for \[email\]\n\s+at /),
        }),
      }),
      expect.objectContaining({ msg: 'request', route: '/api/ops-test/cars/:id/fail', status: 500 }),
    ]);
    expect(JSON.stringify(lines).match(/"stack"/g)).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('9001');
  });

  it('a client’s X-Request-Id is used only behind a trusted proxy, and only when it is plainly an id', async () => {
    const ask = async (trustProxy: number, id: string) => {
      const { logger, lines } = capturedLogger();
      const response = await opsApp({ logger, trustProxy }).request(
        'http://bayside-mazda.localhost/api/health',
        {
          headers: { ...BAYSIDE, 'x-request-id': id },
        },
      );
      return { answered: response.headers.get('x-request-id'), logged: lines.at(-1)?.reqId };
    };
    const direct = await ask(0, 'lb-7f3a-0001');
    expect(direct.answered).toMatch(UUID);
    expect(direct.logged).toBe(direct.answered);
    expect(await ask(1, 'lb-7f3a-0001')).toEqual({ answered: 'lb-7f3a-0001', logged: 'lb-7f3a-0001' });
    expect((await ask(1, 'x"},{"level":"fatal')).answered).toMatch(UUID);
    expect((await ask(1, 'a'.repeat(200))).answered).toMatch(UUID);
  });
});

describe('what a line never carries (issue 33 item 3)', () => {
  it('emails, phone numbers, card numbers and tokens are redacted, inline or under their own key', () => {
    const { logger, lines } = capturedLogger();
    logger.info('Account email not sent to ann.lee@example.com.au', {
      to: 'ann.lee@example.com.au',
      reason: 'mailbox full; call 0412 345 678 or +61 2 9876 5432',
      customer: { name: 'Ann', email: 'ann.lee@example.com.au', phone: '0412345678' },
      note: 'paid with 4242 4242 4242 4242',
      url: '/search-api/1/indexes/*/queries?x-algolia-api-key=Zm9yZWNvdXJ0LXNlY3JldC1rZXk',
      header: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      token: 'abc',
    });
    const text = JSON.stringify(lines);
    for (const secret of [
      'ann.lee@example.com.au',
      '0412 345 678',
      '0412345678',
      '9876 5432',
      '4242 4242 4242 4242',
      'Zm9yZWNvdXJ0LXNlY3JldC1rZXk',
      'eyJhbGciOiJIUzI1NiJ9',
      '"abc"',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({
      msg: 'Account email not sent to [email]',
      to: '[email]',
      customer: { name: 'Ann', email: '[redacted]', phone: '[redacted]' },
      note: 'paid with [card]',
    });
  });

  it('ids are not phone numbers: a UUID whose groups are digits stays whole in a log line', () => {
    const { logger, lines } = capturedLogger();
    const ids = [
      '3169ae51-0142-4464-bdfa-340417b6cc3d',
      '01423456-7890-4abc-8def-0123456789ab',
      'a1b2c3d4-1300-4567-8901-23456789abcd',
    ];
    logger.info('Payment action not sent; given up', {
      reservation_id: ids[0],
      note: ids.slice(1).join(' '),
    });
    expect(lines[0]).toMatchObject({ reservation_id: ids[0], note: ids.slice(1).join(' ') });
  });

  it('a data object is logged as its fields, not as [object Object] (a worker’s restart)', () => {
    const { logger, lines } = capturedLogger();
    logger.error('A server process ended; starting another', { pid: 4242, code: 1, signal: 'SIGKILL' });
    expect(JSON.stringify(lines)).not.toContain('[object Object]');
    expect(lines[0]).toMatchObject({ level: 'error', code: 1, signal: 'SIGKILL', data: { pid: 4242 } });
    expect(lines[0]?.pid).toBe(process.pid);
  });

  it('a quiet logger (tests) writes nothing but errors, through console.error', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const quiet = createLogger({ quiet: true });
    quiet.info('Forecourt is serving', { url: 'http://localhost:3000' });
    quiet.request({ reqId: 'r1', method: 'GET', route: '/', status: 200, ms: 1 });
    expect(errors).not.toHaveBeenCalled();
    quiet.error('Lead delivery failed', new Error('SMTP refused'));
    expect(errors).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(errors.mock.calls[0]?.[0]))).toMatchObject({ msg: 'Lead delivery failed' });
  });
});
