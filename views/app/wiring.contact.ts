import { fromPromise } from 'xstate';
import { contactOf, type ShopperContact } from '../../domain/shopper-contact.ts';
import type { AppDeps } from './app-deps.ts';
import { sessionRead } from './wiring.ts';

/**
 * The signed-in shopper's own details for a lead form to start with (issue 37 item 9 "Less
 * typing"): the session the shell reads, through the same query, with the shopper's cookie; null for
 * a visitor. A form machine invokes it as `readContact`.
 */
export function shopperContactReader(deps: AppDeps) {
  const read = sessionRead(deps);
  return fromPromise(async (): Promise<ShopperContact | null> => contactOf(await read()));
}
