import type { ComponentType } from 'react';
import type { ActorRefFrom, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import type { PublicSite } from '../../tenants/public-site.ts';
import type { PageDeps } from './app-deps.ts';
import type { QueryCache } from './query-cache.tsx';

/** The head and status a page answers with, derived from its settled snapshot. */
export interface PageHead {
  title: string;
  description: string;
  status: number;
  /** Path and search of the canonical URL; the server adds the site's origin. */
  canonicalPath: string;
  /** schema.org objects for `<script type="application/ld+json">`. */
  jsonLd?: object[];
  /**
   * The page's own picture for shared links (`og:image`): a path on the site or an absolute URL.
   * Without one the dealer's share image is used, where it has one (issue 35 item 5).
   */
  image?: string;
  /**
   * The page's Largest Contentful Paint photo, preloaded from the head (`<link rel="preload"
   * as="image">`) with the very `srcset` and `sizes` its `<img>` has, so the browser fetches it
   * before the stylesheet and scripts (the car page's main photo, issue 35 item 3).
   */
  preloadImage?: { srcset: string; sizes: string };
  /**
   * A same-site path the server answers a first load with instead of the page (status 302), where
   * the settled page would only send the browser on (a gated route's sign-in redirect).
   */
  redirectTo?: string;
  /**
   * The card processor whose own component this page loads (the payment step of a car whose deposit
   * goes through Stripe, issue 34): the server's Content-Security-Policy for the document allows that
   * processor's script, frame and API hosts; every other page keeps the storefront's policy.
   */
  paymentComponent?: 'stripe';
}

/**
 * What only the server's document adds to a page's head: the browser never changes these, so their
 * code stays out of its download (issue 38 item 3).
 */
export type DocumentHead = Pick<PageHead, 'jsonLd' | 'image' | 'preloadImage'>;

/** Where a page is rendered: the site and the raw (undecoded) path and search. */
export interface PageLocation {
  site: PublicSite;
  path: string;
  search: string;
}

/**
 * What a route shows, rendered by a page machine (loading → ready | notFound | failed). Which path
 * it answers is the route's (`pages.ts`).
 * In-flight states carry the `loading` tag: a page is settled when its snapshot has none.
 */
export interface PageDefinition<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The page machine with its actors bound for this app instance (from `wiring.ts`). */
  logic(deps: PageDeps): TMachine;
  /** The page machine's input from the request: route parameters, query, the site's switches. */
  input?(location: PageLocation): InputFrom<TMachine>;
  head(
    snapshot: SnapshotFrom<TMachine>,
    context: { site: PublicSite; path: string; search: string },
  ): PageHead;
  /**
   * Loads what the server's document adds to the head (`DocumentHead`): only the server calls it, so
   * a page that builds JSON-LD keeps that code in a chunk the browser never asks for.
   */
  document?(): Promise<(snapshot: SnapshotFrom<TMachine>, context: PageLocation) => DocumentHead>;
  /**
   * Whether the query names what the page shows (`/models?body=suvs`): a new query is then a new page
   * actor. Without it the page keeps its actor while only the query changes (the search page writes
   * its own state there).
   */
  queryKeyed?: boolean;
  /** Seeds the query cache from a restored snapshot, so a later visit is served from the cache. */
  prime?(queries: QueryCache, snapshot: SnapshotFrom<TMachine>): void;
  View: ComponentType<{ actorRef: ActorRefFrom<TMachine> }>;
}

/** Declares a page with its machine type inferred. */
export function definePage<TMachine extends AnyStateMachine>(page: PageDefinition<TMachine>): PageDefinition {
  return page as unknown as PageDefinition;
}

/** Whether a page snapshot has settled (no in-flight state). */
export function isSettled(snapshot: { hasTag(tag: string): boolean; status: string }): boolean {
  return snapshot.status !== 'active' || !snapshot.hasTag('loading');
}

/**
 * The minute now, in unix seconds: a page input's clock (the listing's "sold within 3 days", the home
 * page's featured stock). Searches made within one minute are the same request, so they share the
 * query cache and a rendered page's restored result.
 */
export const currentMinute = (): number => Math.floor(Date.now() / 60_000) * 60;
