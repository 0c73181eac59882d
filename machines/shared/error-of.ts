/**
 * The error of an actor's `xstate.error.actor.*` event, as an action's or guard's params:
 * `onError: { actions: { type: 'assignError', params: errorOf } }`.
 */
export const errorOf = ({ event }: { event: { error: unknown } }): unknown => event.error;
