import type { ActorRefFrom } from 'xstate';
import type { CompareAnswer } from '../../domain/contracts/compare.ts';
import { createPageLoader, type PageLoaderContext } from '../shared/page-loader.ts';

/** The comparison's input: the cars its address names (`domain/compare.ts` `parseCompareSlugs`). */
export interface ComparePageInput {
  slugs: string[];
}

/** The page's context: what it compares (`input.slugs`), the cars once loaded, the last failure's message. */
export type ComparePageContext = PageLoaderContext<ComparePageInput, CompareAnswer>;

/**
 * `/compare?cars=…` (issue 19 item 1): loads the cars its address names (`loadComparison`, bound in
 * the wiring); `loading → ready | failed`, and `failed` accepts `retry`. The address is the
 * comparison, so a new address is a new page actor (the page is `queryKeyed`).
 */
export const comparePageMachine = createPageLoader<ComparePageInput, CompareAnswer, 'loadComparison'>({
  id: 'comparePage',
  actor: 'loadComparison',
});

/** A running comparison page. */
export type ComparePageActorRef = ActorRefFrom<typeof comparePageMachine>;
