import type { AnyTransitionDefinition } from 'xstate';

/**
 * A transition's name that survives leaving the process: its source state's id, its event (`always`
 * for eventless ones) and its place among that event's candidates (`search.loading|retry|0`). The
 * browser records the transitions its actors take under this name in end-to-end runs, and
 * `npm run catalog` matches them against the machine definitions (issue 13 item 8).
 */
export function transitionKey(definition: AnyTransitionDefinition): string {
  const source = definition.source;
  const event = definition.eventType || 'always';
  const candidates = definition.eventType
    ? (source.transitions.get(definition.eventType) ?? [])
    : (source.always ?? []);
  return `${source.id}|${event}|${candidates.indexOf(definition)}`;
}
