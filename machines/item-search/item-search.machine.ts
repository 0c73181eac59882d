import type { ActorRefFrom } from 'xstate';
import type { ItemSearchResult, ItemSearchState } from '../../domain/item-search.ts';
import type { SearchEndpoint } from '../../domain/search-result.ts';
import { createPageLoader, type PageLoaderContext } from '../shared/page-loader.ts';

/** What the parts search page searches: the `items` index at `state`. */
export interface ItemSearchInput {
  endpoint: SearchEndpoint;
  /** The `items` index. */
  index: string;
  state: ItemSearchState;
}

/** What `runItemSearch` receives. */
export type RunItemSearchInput = ItemSearchInput;

/** The page's context: what it searches, the result once it answered (`data`), the last failure's message. */
export type ItemSearchContext = PageLoaderContext<ItemSearchInput, ItemSearchResult>;

/**
 * The parts and accessories search page (`domain/item-search.ts`). Its state is the address: a new
 * query, category, top price or page is a new address and a new page actor (the page is
 * `queryKeyed`), served from the query cache when it was searched before. So the machine only reads
 * (`runItemSearch`): `loading → ready | failed`, and `failed` accepts `retry`.
 */
export const itemSearchMachine = createPageLoader<ItemSearchInput, ItemSearchResult, 'runItemSearch'>({
  id: 'itemSearch',
  actor: 'runItemSearch',
});

/** A running parts search page. */
export type ItemSearchActorRef = ActorRefFrom<typeof itemSearchMachine>;
