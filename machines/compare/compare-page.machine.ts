import type { ActorRefFrom } from 'xstate';
import type { CompareAnswer, CompareQuery } from '../../domain/contracts/compare.ts';
import { createPageLoader, type PageLoaderContext } from '../shared/page-loader.ts';

/** The page's context: what it compares (`input.slugs`), the cars once loaded, the last failure's message. */
export type ComparePageContext = PageLoaderContext<CompareQuery, CompareAnswer>;

/**
 * `/compare?cars=…` (issue 19 item 1): loads the cars its address names (`loadComparison`, bound in
 * the wiring; its input is the page's, a `CompareQuery`); `loading → ready | failed`, and `failed` accepts `retry`. The address is the
 * comparison, so a new address is a new page actor (the page is `queryKeyed`).
 */
export const comparePageMachine = createPageLoader<CompareQuery, CompareAnswer, 'loadComparison'>({
  id: 'comparePage',
  actor: 'loadComparison',
});

/** A running comparison page. */
export type ComparePageActorRef = ActorRefFrom<typeof comparePageMachine>;
