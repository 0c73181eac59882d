import type { Context, MiddlewareHandler } from 'hono';
import { apiError } from '../api/api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { clientIp } from './request.ts';

/** A token bucket: `capacity` requests at once, refilled at `perSecond` tokens a second. */
export interface BucketConfig {
  capacity: number;
  perSecond: number;
}

/** Sign-in, sign-up and phone changes: 10 at once, then one every 6 s (10 a minute) per address. */
export const AUTH_BUCKET: BucketConfig = { capacity: 10, perSecond: 1 / 6 };
/**
 * Sign-in attempts on one account, whatever the address: 10 at once, then one every 30 s, so a flood
 * from rotating addresses cannot guess one shopper's password faster than that.
 */
export const ACCOUNT_BUCKET: BucketConfig = { capacity: 10, perSecond: 1 / 30 };
/**
 * Account emails to one address of one site (sign-up links and notes, password resets; issue 31 item
 * 9): 3 at once, then one every 20 minutes. A shopper asks once or twice; past it nothing is sent,
 * and the answer stays the same, so the limit tells the caller nothing.
 */
export const RECIPIENT_BUCKET: BucketConfig = { capacity: 3, perSecond: 1 / 1200 };
/** Lead submissions: 10 at once, then one every 30 s per address (a shopper sends a form or two). */
export const LEAD_BUCKET: BucketConfig = { capacity: 10, perSecond: 1 / 30 };
/** Valuation look-ups (each may cost the dealer a provider call): 20 at once, then one per 10 s per address. */
export const VALUATION_BUCKET: BucketConfig = { capacity: 20, perSecond: 1 / 10 };
/**
 * Trade-in photo uploads: 12 at once, then one every 5 s per address — a valuation's 10 photos and a
 * retry or two; another valuation's photos a minute later (issue 31 item 1).
 */
export const UPLOAD_BUCKET: BucketConfig = { capacity: 12, perSecond: 1 / 5 };
/** Watchlist saves and removes: 60 at once, then one a second per address. */
export const WATCHLIST_BUCKET: BucketConfig = { capacity: 60, perSecond: 1 };
/** Phone reveals: 20 at once, then one every 2 s per address (a shopper reveals a few numbers). */
export const PHONE_REVEAL_BUCKET: BucketConfig = { capacity: 20, perSecond: 0.5 };
/** Analytics events: 120 at once, then two a second per address. */
export const ANALYTICS_BUCKET: BucketConfig = { capacity: 120, perSecond: 2 };

interface Bucket {
  tokens: number;
  at: number;
}

/** Takes tokens: what the `rateLimit` middleware and the sign-in's account check call. */
export interface Limiter {
  /** Takes one token for `key`: 0 when allowed, else the seconds until one is free. */
  take(key: string): number | Promise<number>;
}

/** Makes the limiter of one bucket kind; `name` keeps kinds apart where buckets share one store. */
export type LimiterFactory = (config: BucketConfig, name: string) => Limiter;

/** One process's buckets (PGlite, tests): a fresh {@link RateLimiter} per kind. */
export const memoryLimiters: LimiterFactory = (config) => new RateLimiter(config);

/** The limiter of one bucket kind from the API's shared store when it has one, else in memory. */
export function limiterFor(deps: { limiters?: LimiterFactory }, config: BucketConfig, name: string): Limiter {
  return (deps.limiters ?? memoryLimiters)(config, name);
}

/**
 * In-memory token buckets keyed by client address and route. One process holds them (a restart or a
 * second process starts afresh; over PostgreSQL the API's buckets are shared instead, see
 * `server/store/rate-buckets.repo.ts`); at most `maxKeys` buckets are kept — full ones are dropped
 * first, then the oldest.
 */
export class RateLimiter implements Limiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly config: BucketConfig,
    private readonly now: () => number = () => Date.now(),
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes one token for `key`: 0 when allowed, else the seconds until one is free. */
  take(key: string): number {
    const now = this.now();
    const refilled = this.tokensAt(key, now);
    if (refilled < 1) {
      this.buckets.set(key, { tokens: refilled, at: now });
      return Math.max(1, Math.ceil((1 - refilled) / this.config.perSecond));
    }
    this.store(key, refilled - 1, now);
    return 0;
  }

  /** The tokens `key` holds now (a full bucket for a key not seen), taking none. */
  level(key: string): number {
    return this.tokensAt(key, this.now());
  }

  /** Takes `amount` tokens from `key`, below zero if need be (a cost known only after the fact). */
  spend(key: string, amount: number): void {
    const now = this.now();
    this.store(key, this.tokensAt(key, now) - amount, now);
  }

  private tokensAt(key: string, now: number): number {
    const { capacity, perSecond } = this.config;
    const previous = this.buckets.get(key);
    return previous
      ? Math.min(capacity, previous.tokens + ((now - previous.at) / 1000) * perSecond)
      : capacity;
  }

  /** Keeps `key`'s bucket as the newest, within `maxKeys`. */
  private store(key: string, tokens: number, now: number): void {
    this.buckets.delete(key);
    this.buckets.set(key, { tokens, at: now });
    if (this.buckets.size > this.maxKeys) this.prune(now);
  }

  /** How many buckets are kept (for tests). */
  get size(): number {
    return this.buckets.size;
  }

  private prune(now: number): void {
    const { capacity, perSecond } = this.config;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * perSecond >= capacity) this.buckets.delete(key);
    }
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys) break;
      this.buckets.delete(key);
    }
  }
}

/** The 429 in the house error form, with `Retry-After` in seconds. */
export function tooManyRequests(c: Context, retryAfterSeconds: number) {
  c.header('retry-after', String(retryAfterSeconds));
  return apiError(c, 429, 'rate_limited', 'Too many requests. Please wait a moment and try again.');
}

/**
 * Answers 429 (house error form, with `Retry-After`) when the client's bucket for `route` is empty.
 * The client is keyed by `clientIp`, trusting as many proxies as the app's `TRUST_PROXY` says.
 */
export function rateLimit(limiter: Limiter, route: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const wait = await limiter.take(`${clientIp(c, c.get('trustProxy') ?? 0)} ${route}`);
    if (wait > 0) return tooManyRequests(c, wait);
    await next();
  };
}
