import type { ActorRefFrom } from 'xstate';
import type { HomeContent } from '../../domain/contracts/home.ts';
import { createPageLoader } from '../shared/page-loader.ts';

/**
 * The home page: loads the dealer's content (`GET /api/home`); `loading → ready | failed`, and
 * `failed` accepts `retry`.
 */
export const homePageMachine = createPageLoader<HomeContent>('homePage');

/** A running home page actor. */
export type HomePageActorRef = ActorRefFrom<typeof homePageMachine>;
