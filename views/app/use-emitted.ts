import { useEffect, useRef } from 'react';
import type { ActorRef, AnyActorRef, EventObject } from 'xstate';

type Emitted<TActor> =
  TActor extends ActorRef<infer _S, infer _E, infer TEmitted> ? TEmitted & EventObject : never;

/** One callback per emitted event type the caller carries out. */
export type EmittedHandlers<TActor extends AnyActorRef> = {
  [Type in Emitted<TActor>['type']]?: (event: Extract<Emitted<TActor>, { type: Type }>) => void;
};

/**
 * Carries out what an actor emits (toasts, navigation, analytics, a refinement for the search) while
 * the component is mounted: the one helper for "emitted event → callback" (decision 075). The latest
 * handlers run, so callers may pass inline functions without subscribing again on every render.
 */
export function useEmitted<TActor extends AnyActorRef>(
  actorRef: TActor,
  handlers: EmittedHandlers<TActor>,
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const subscription = actorRef.on('*', (event: EventObject) =>
      (latest.current as Record<string, ((event: EventObject) => void) | undefined>)[event.type]?.(event),
    );
    return () => subscription.unsubscribe();
  }, [actorRef]);
}
