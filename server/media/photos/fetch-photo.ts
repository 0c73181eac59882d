import { lookup as dnsLookup } from 'node:dns/promises';
import { createWriteStream } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { type AllowedHost, allowedHostOf, refusedAddress } from './address-policy.ts';

/** A fetch that did not bring a photo; `permanent` when trying again cannot help. */
export class PhotoFetchError extends Error {
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean) {
    super(message);
    this.name = 'PhotoFetchError';
    this.permanent = permanent;
  }
}

/** What the origin said of the photo last time: sent back so an unchanged photo answers 304. */
export interface PhotoValidators {
  etag: string | null;
  lastModified: string | null;
}

/** Resolves a host name to its addresses (the system resolver by default; tests bring their own). */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

/** The fetcher's limits and exemptions. */
export interface PhotoFetchOptions {
  /** Hosts exempt from the address check (`PHOTO_FETCH_ALLOW_HOSTS`). */
  allowHosts: readonly AllowedHost[];
  /** The largest photo read, in bytes; a larger one is refused while it streams. */
  maxBytes: number;
  /** How long one fetch may take, redirects and body included. */
  timeoutMs: number;
  /** How many redirects are followed. */
  maxRedirects: number;
  resolve?: ResolveHost;
}

/** The limits of issue 35 item 1: 25 MB, 30 s, 3 redirects. */
export const PHOTO_FETCH_LIMITS = { maxBytes: 25 * 1024 * 1024, timeoutMs: 30_000, maxRedirects: 3 } as const;

/** What a fetch brought: the photo written to the file, or word that it has not changed. */
export type PhotoFetchResult =
  | { kind: 'notModified' }
  | { kind: 'fetched'; size: number; validators: PhotoValidators };

const systemResolve: ResolveHost = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The address to connect to for `url`: its IP, or its host resolved here. Every address the name
 * resolves to must be public unless the host is exempt, so a name cannot smuggle one private address
 * in among public ones; the connection then goes to the address checked here (see `pinned`), so a
 * resolver that answers differently the second time cannot switch it.
 */
export async function addressFor(
  url: URL,
  options: PhotoFetchOptions,
  signal: AbortSignal,
): Promise<{ address: string; family: number }> {
  const exempt = allowedHostOf(url, options.allowHosts);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && exempt?.http)) {
    throw new PhotoFetchError(`${url.protocol} is refused: photos are fetched over https only`, true);
  }
  if (url.username || url.password) throw new PhotoFetchError('an address with credentials is refused', true);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      // The time limit covers the resolver too (a system resolver may wait long on a dead server).
      addresses = await Promise.race([(options.resolve ?? systemResolve)(host), aborted(signal)]);
    } catch (error) {
      throw new PhotoFetchError(`${host} could not be resolved: ${(error as Error).message}`, false);
    }
  }
  const first = addresses[0];
  if (!first) throw new PhotoFetchError(`${host} has no address`, false);
  if (!exempt) {
    for (const { address } of addresses) {
      const refused = refusedAddress(address);
      if (refused) throw new PhotoFetchError(`${host}: ${refused}`, true);
    }
  }
  return first;
}

/** Rejects when `signal` aborts. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** A `lookup` that answers the address already checked, whatever the socket asks. */
function pinned(address: string, family: number): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/**
 * One GET of `url` on the address {@link addressFor} checked (the socket's own lookup is pinned to it);
 * also the console's feed pull (`server/console/stock/feed-fetch.ts`).
 */
export function get(
  url: URL,
  target: { address: string; family: number },
  headers: Record<string, string>,
  signal: AbortSignal,
) {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = send(url, {
      method: 'GET',
      headers,
      signal,
      agent: false,
      lookup: pinned(target.address, target.family),
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Writes the body to `file`, refusing it as soon as it passes `maxBytes`. */
async function save(
  response: IncomingMessage,
  file: string,
  maxBytes: number,
  signal: AbortSignal,
): Promise<number> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new PhotoFetchError(`the photo is ${declared} bytes, more than ${maxBytes}`, true);
  }
  let size = 0;
  await pipeline(
    response,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > maxBytes) throw new PhotoFetchError(`the photo is more than ${maxBytes} bytes`, true);
        yield chunk;
      }
    },
    createWriteStream(file, { mode: 0o600 }),
    { signal },
  );
  return size;
}

/**
 * Fetches a photo into `file` (issue 35 item 1): https only (or http to a host the operator exempts
 * with `http://`), each hop's host resolved and checked before connecting to that very address, at
 * most `maxRedirects` redirects each checked the same way, the body refused once past `maxBytes`, the
 * whole within `timeoutMs`. With validators it asks conditionally and answers `notModified` on 304.
 * Throws {@link PhotoFetchError}, `permanent` when a retry cannot help (refused, too large, 404).
 */
export async function fetchPhoto(
  source: string,
  validators: PhotoValidators | null,
  file: string,
  options: PhotoFetchOptions,
): Promise<PhotoFetchResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const headers: Record<string, string> = { accept: 'image/*', 'user-agent': 'Forecourt photo fetcher' };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new PhotoFetchError('not an address', true);
  }
  try {
    for (let hop = 0; ; hop += 1) {
      const response = await get(url, await addressFor(url, options, signal), headers, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (hop >= options.maxRedirects) {
          throw new PhotoFetchError(`more than ${options.maxRedirects} redirects`, true);
        }
        url = new URL(location, url);
        continue;
      }
      if (status === 304 && validators) {
        response.destroy();
        return { kind: 'notModified' };
      }
      if (status !== 200) {
        response.destroy();
        const transient = status >= 500 || status === 408 || status === 429;
        throw new PhotoFetchError(`the photo's server answered ${status}`, !transient);
      }
      const size = await save(response, file, options.maxBytes, signal);
      const header = (name: string) => {
        const value = response.headers[name];
        return typeof value === 'string' ? value : null;
      };
      return {
        kind: 'fetched',
        size,
        validators: { etag: header('etag'), lastModified: header('last-modified') },
      };
    }
  } catch (error) {
    if (error instanceof PhotoFetchError) throw error;
    if (signal.aborted) throw new PhotoFetchError(`no photo within ${options.timeoutMs} ms`, false);
    throw new PhotoFetchError(`the photo could not be fetched: ${(error as Error).message}`, false);
  }
}
