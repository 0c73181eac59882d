import { useEffect, useRef } from 'react';
import type { ActorRef, AnyActorRef, EventObject } from 'xstate';

type Emitted<TActor> =
  TActor extends ActorRef<infer _S, infer _E, infer TEmitted> ? TEmitted & EventObject : never;

/** One callback per emitted event type the caller carries out. */
export type EmittedHandlers<TActor extends AnyActorRef> = {
  [Type in Emitted<TActor>['type']]?: (event: Extract<Emitted<TActor>, { type: Type }>) => void;
};

/**
 * Carries out what an actor emits (toasts, navigation, analytics, a refinement for the search): the
 * handlers subscribe while the component is mounted. The latest handlers are used, so callers may pass
 * inline functions without re-subscribing on every render.
 */
export function useEmitted<TActor extends AnyActorRef>(
  actorRef: TActor,
  handlers: EmittedHandlers<TActor>,
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  // The types are fixed per call site: subscribe once per actor.
  const types = Object.keys(handlers).join(',');
  useEffect(() => {
    const subscriptions = types
      .split(',')
      .filter(Boolean)
      .map((type) =>
        actorRef.on(type, (event: { type: string }) => {
          const handler = (latest.current as Record<string, ((event: unknown) => void) | undefined>)[type];
          handler?.(event);
        }),
      );
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actorRef, types]);
}
