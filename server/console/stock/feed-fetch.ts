import { StringDecoder } from 'node:string_decoder';
import { STOCK_FILE_MAX } from '../../../domain/contracts/console-stock.ts';
import { type AllowedHost, allowedHostOf } from '../../media/photos/address-policy.ts';
import { addressFor, get, PhotoFetchError, type ResolveHost } from '../../media/photos/fetch-photo.ts';

/** The feed pull's limits: the console's file ceiling, a minute, 3 redirects. */
export const FEED_FETCH_LIMITS = { maxBytes: STOCK_FILE_MAX, timeoutMs: 60_000, maxRedirects: 3 } as const;

/** What the feed pull needs: the hosts exempt from the address check (`PHOTO_FETCH_ALLOW_HOSTS`). */
export interface FeedFetchOptions {
  allowHosts: readonly AllowedHost[];
  maxBytes?: number;
  timeoutMs?: number;
  resolve?: ResolveHost;
}

/** A pull that brought no feed, and why (shown with the run). */
export class FeedFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

/** Why `url` may not be a feed's address, or null: https only, unless the operator exempts its host with `http://`. */
export function feedUrlProblem(url: string, allowHosts: readonly AllowedHost[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter the feed’s https:// address';
  }
  if (parsed.username || parsed.password) return 'The address may not carry a user name or password';
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && allowedHostOf(parsed, allowHosts)?.http) return null;
  return 'The feed is fetched over https only: enter an https:// address';
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches the dealer's feed as text with the photo pipeline's SSRF-safe fetch (issue 35): each hop's
 * host resolved, checked (public addresses only, unless exempt) and connected to at that very address;
 * https only; at most 3 redirects, each checked the same; the body refused past the file ceiling; all
 * within a minute. Throws {@link FeedFetchError} saying why.
 */
export async function fetchFeed(source: string, options: FeedFetchOptions): Promise<string> {
  const maxBytes = options.maxBytes ?? FEED_FETCH_LIMITS.maxBytes;
  const timeoutMs = options.timeoutMs ?? FEED_FETCH_LIMITS.timeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  const policy = {
    allowHosts: options.allowHosts,
    maxBytes,
    timeoutMs,
    maxRedirects: FEED_FETCH_LIMITS.maxRedirects,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  };
  let url = new URL(source);
  const headers = { accept: 'application/json, text/csv, */*', 'user-agent': 'Forecourt stock feed' };
  try {
    for (let hop = 0; ; hop += 1) {
      const problem = feedUrlProblem(url.href, options.allowHosts);
      if (problem) throw new FeedFetchError(`${url.host}: ${problem}`);
      const response = await get(url, await addressFor(url, policy, signal), headers, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (hop >= FEED_FETCH_LIMITS.maxRedirects) {
          throw new FeedFetchError(`more than ${FEED_FETCH_LIMITS.maxRedirects} redirects`);
        }
        url = new URL(location, url);
        continue;
      }
      if (status !== 200) {
        response.destroy();
        throw new FeedFetchError(`the feed’s server answered ${status}`);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        throw new FeedFetchError(`the feed is ${declared} bytes, more than ${maxBytes}`);
      }
      const decoder = new StringDecoder('utf8');
      let size = 0;
      let text = '';
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) {
          response.destroy();
          throw new FeedFetchError(`the feed is more than ${maxBytes} bytes`);
        }
        text += decoder.write(chunk);
      }
      return text + decoder.end();
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    if (error instanceof PhotoFetchError) throw new FeedFetchError(error.message);
    if (signal.aborted) throw new FeedFetchError(`no feed within ${timeoutMs / 1000} s`);
    throw new FeedFetchError(`the feed could not be fetched: ${(error as Error).message}`);
  }
}
