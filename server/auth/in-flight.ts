import type { MiddlewareHandler } from 'hono';
import { apiError } from '../api/api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { tooManyRequests } from './rate-limit.ts';
import { clientIp } from './request.ts';

/** How many requests of a route may be in progress at once: per client address, and in all. */
export interface InFlightLimits {
  perClient: number;
  total: number;
}

/**
 * Trade-in photo uploads in progress (issue 31 item 1): 3 per address (the wizard sends one at a
 * time), 16 in all — each streams to the media storage, so it costs the event loop little, but no
 * crowd of them may take the server's cores from the shoppers.
 */
export const UPLOADS_IN_FLIGHT: InFlightLimits = { perClient: 3, total: 16 };

/** The requests of one route in progress in this process, by client address. */
export class InFlight {
  private readonly byClient = new Map<string, number>();
  private total = 0;

  constructor(readonly limits: InFlightLimits) {}

  /** Takes a place for `client`: its release, or why there is none (the client's or the route's limit). */
  enter(client: string): (() => void) | 'client' | 'total' {
    const mine = this.byClient.get(client) ?? 0;
    if (mine >= this.limits.perClient) return 'client';
    if (this.total >= this.limits.total) return 'total';
    this.byClient.set(client, mine + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left > 0) this.byClient.set(client, left);
      else this.byClient.delete(client);
    };
  }

  /** Requests in progress (tests). */
  get size(): number {
    return this.total;
  }
}

/**
 * Answers 429 (`Retry-After: 1`) while the client has `perClient` requests of the route in progress,
 * and 503 (`Retry-After: 5`) while the route has `total`; the place is given back when the request
 * has been answered. The client is keyed as the rate limits key it (`clientIp`).
 */
export function inFlightLimit(inFlight: InFlight): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const entered = inFlight.enter(clientIp(c, c.get('trustProxy') ?? 0));
    if (entered === 'client') return tooManyRequests(c, 1);
    if (entered === 'total') {
      c.header('retry-after', '5');
      return apiError(c, 503, 'busy', 'Too many uploads are in progress. Please try again in a moment.');
    }
    try {
      await next();
    } finally {
      entered();
    }
  };
}

/**
 * Refused uploads are answered a second late, 1,000 held at most in all (issue 31 item 1): a client
 * that sends again the moment it is answered, on many connections at once, sends once a second on
 * each rather than as fast as refusals can be written (a refusal costs about what any small request
 * does; 40 connections resending at once were ~450 a second).
 */
export const HELD_REFUSALS = { ms: 1000, max: 1000 } as const;

/**
 * Refusals held back: a refused request is answered after `ms`, its body unread meanwhile. At most
 * `max` are held at once in all (each holds a socket); past that, refusals go at once. `wait` is the
 * clock (tests hold and release refusals themselves).
 */
export class HeldRefusals {
  private held = 0;

  constructor(
    readonly limits: { ms: number; max: number },
    private readonly wait: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Holds one refusal for `ms`, or resolves at once when `max` are held. */
  async hold(): Promise<void> {
    if (this.held >= this.limits.max) return;
    this.held += 1;
    try {
      await this.wait(this.limits.ms);
    } finally {
      this.held -= 1;
    }
  }

  /** Refusals held now (tests). */
  get size(): number {
    return this.held;
  }
}

/** Holds the route's refusals — every answer but a success (`HeldRefusals`). */
export function holdRefusals(held: HeldRefusals): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status >= 400) await held.hold();
  };
}
