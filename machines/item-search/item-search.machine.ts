import type { ActorRefFrom } from 'xstate';
import type { ItemSearchQuery, ItemSearchResult } from '../../domain/item-search.ts';
import { createPageLoader, type PageLoaderContext } from '../shared/page-loader.ts';

/** The page's context: what it searches, the result once it answered (`data`), the last failure's message. */
export type ItemSearchContext = PageLoaderContext<ItemSearchQuery, ItemSearchResult>;

/**
 * The parts and accessories search page (`domain/item-search.ts`). Its state is the address: a new
 * query, category, top price or page is a new address and a new page actor (the page is
 * `queryKeyed`), served from the query cache when it was searched before. So the machine only reads
 * (`runItemSearch`, whose input is the page's, an `ItemSearchQuery`): `loading → ready | failed`, and `failed` accepts `retry`.
 */
export const itemSearchMachine = createPageLoader<ItemSearchQuery, ItemSearchResult, 'runItemSearch'>({
  id: 'itemSearch',
  actor: 'runItemSearch',
});

/** A running parts search page. */
export type ItemSearchActorRef = ActorRefFrom<typeof itemSearchMachine>;
