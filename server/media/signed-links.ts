import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { AppEnv } from '../app-env.ts';
import type { Executor } from '../store/db.ts';
import type { MediaStore } from './media-store.ts';

/**
 * Signed, expiring links to a site's private files (decision 123): a lead's emails link a trade-in
 * photo or a careers CV at `<path><token>` on the dealer's own site. The token names the file and when
 * the link stops working, `{id}.{expiresUnixSeconds}.{signature}`, signed with the server's link
 * secret: HMAC-SHA256 over `{kind}:{siteId}:{id}.{expires}`, base64url. The kind and the site are in
 * the signature, so a token opens only its own kind of file on its own site (a CV's never opens a
 * photo). Nothing is stored; the file is never reachable by a guessable address. The tokens alone
 * (`signedTokens`) also sign an alert email's unsubscribe links (`saved-searches/unsubscribe-token.ts`).
 */

/** What a kind of token is: its name in the signature and its ids. */
export interface SignedTokenKind<Id> {
  /** Bound into every signature: lower-case words joined by hyphens (`trade-in-photo`). */
  name: string;
  /** An id as a token writes it (`String(id)`); no capture groups. */
  idPattern: RegExp;
  /** An id from its text in a token, or null when it names nothing of this kind. */
  readId: (text: string) => Id | null;
  /**
   * Whether a token of these ids is still read when signed without its site (`{kind}:{id}.{expires}`),
   * as tokens emailed before a kind named its site were; such a token works until it expires.
   */
  siteless?: (idText: string) => boolean;
}

/** Signed, expiring tokens of one kind, without links or a route. */
export interface SignedTokens<Id> {
  /** The token naming `idText` for a site, working until `expiresAt` (to the second). */
  token(secret: string, siteId: number, idText: string, expiresAt: Date): string;
  /** What a token names on this site, or why it names nothing. */
  read(
    secret: string,
    siteId: number,
    token: string,
    now: Date,
  ): { ok: true; id: Id } | { ok: false; reason: SignedLinkRefusal };
}

/** What a kind of linked file is: its name in the signature, its ids, its links' path and answers. */
export interface SignedLinkKind<Id extends string | number> extends SignedTokenKind<Id> {
  /** The links' path under a site's origin, `/api/…/`. */
  path: `/api/${string}/`;
  /** How long a link works from when it is made, in days. */
  days: number;
  /** The route's plain-text answers: a link past its time (410), and a token naming nothing (404). */
  says: { expired: string; missing: string };
}

/** What a kind's route reads its files with. */
export interface SignedLinkRouteDeps {
  db: Executor;
  media: MediaStore;
  linkSecret: string;
  now?: () => Date;
}

/** What a kind's links are made with for a lead's emails: `originOf(site)` where the lead names none. */
export interface SignedLinkMakerDeps {
  db: Executor;
  linkSecret: string;
  originOf: (site: SiteConfig) => string;
  now?: () => Date;
}

/** Why a token names no file. */
export type SignedLinkRefusal = 'invalid' | 'expired';

/** Tokens, links and the route of one kind of file. */
export interface SignedLinks<Id extends string | number> extends Pick<SignedTokens<Id>, 'read'> {
  /** The token for a file of a site, working until `expiresAt` (to the second). */
  token(secret: string, siteId: number, id: Id, expiresAt: Date): string;
  /** When a link made at `now` stops working: `days` later. */
  expiresAt(now: Date): Date;
  /** The link to a file of a site on its `origin`, working until `expiresAt`. */
  url(secret: string, siteId: number, id: Id, origin: string, expiresAt: Date): string;
  /**
   * `GET <path>:token` (mounted under `/api`): `open(c, id)` answers the file a valid, unexpired token
   * of this site names, or null when there is none; 404 for a token that is not one or is another
   * site's or kind's, 410 once it has expired. Never kept by a shared cache.
   */
  routes(
    deps: Pick<SignedLinkRouteDeps, 'linkSecret' | 'now'>,
    open: (c: Context<AppEnv>, id: Id) => Promise<Response | null>,
  ): Hono<AppEnv>;
}

const KIND_NAME = /^[a-z]+(?:-[a-z]+)*$/;

const sign = (secret: string, scope: string, payload: string): string =>
  createHmac('sha256', secret).update(`${scope}:${payload}`).digest('base64url');

const sameSignature = (expected: string, given: string): boolean => {
  const [a, b] = [Buffer.from(expected), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The tokens of one kind: `{id}.{expiresUnixSeconds}.{signature}`, bound to the kind and the site. */
export function signedTokens<Id>(kind: SignedTokenKind<Id>): SignedTokens<Id> {
  if (!KIND_NAME.test(kind.name)) throw new Error(`A signed link's kind is words and hyphens: ${kind.name}`);
  const pattern = new RegExp(
    `^(?<id>${kind.idPattern.source})\\.(?<expires>\\d{1,12})\\.(?<signature>[A-Za-z0-9_-]{43})$`,
  );
  return {
    token(secret, siteId, idText, expiresAt) {
      const payload = `${idText}.${Math.floor(expiresAt.getTime() / 1000)}`;
      return `${payload}.${sign(secret, `${kind.name}:${siteId}`, payload)}`;
    },
    read(secret, siteId, text, now) {
      const { id: idText, expires, signature } = pattern.exec(text)?.groups ?? {};
      const id = idText === undefined ? null : kind.readId(idText);
      if (idText === undefined || id === null || expires === undefined || signature === undefined)
        return { ok: false, reason: 'invalid' };
      const payload = `${idText}.${expires}`;
      const signed =
        sameSignature(sign(secret, `${kind.name}:${siteId}`, payload), signature) ||
        (kind.siteless?.(idText) === true && sameSignature(sign(secret, kind.name, payload), signature));
      if (!signed) return { ok: false, reason: 'invalid' };
      if (Number(expires) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, id };
    },
  };
}

/** The tokens, links and route of one kind of file. */
export function signedLinks<Id extends string | number>(kind: SignedLinkKind<Id>): SignedLinks<Id> {
  const tokens = signedTokens(kind);
  const token = (secret: string, siteId: number, id: Id, expiresAt: Date) =>
    tokens.token(secret, siteId, String(id), expiresAt);
  const read = tokens.read;
  return {
    token,
    read,
    expiresAt: (now) => new Date(now.getTime() + kind.days * 86_400_000),
    url: (secret, siteId, id, origin, expiresAt) =>
      `${origin}${kind.path}${token(secret, siteId, id, expiresAt)}`,
    routes(deps, open) {
      return new Hono<AppEnv>().get(`${kind.path.slice('/api'.length)}:token`, async (c) => {
        c.header('cache-control', 'private, no-store');
        const found = read(
          deps.linkSecret,
          c.get('site').id,
          c.req.param('token') ?? '',
          deps.now?.() ?? new Date(),
        );
        if (!found.ok) {
          return found.reason === 'expired' ? c.text(kind.says.expired, 410) : c.text(kind.says.missing, 404);
        }
        return (await open(c, found.id)) ?? c.text(kind.says.missing, 404);
      });
    },
  };
}
