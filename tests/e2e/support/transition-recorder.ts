/**
 * The end-to-end runs' transition recorder (issue 13 item 8; decision 078), installed in every page
 * before the app's scripts run (`context.addInitScript`): the app passes `window.__forecourtInspect`
 * to its actors as their `inspect` observer when it exists (`views/app/inspector.ts`), and this
 * reports each transition taken once to `window.__forecourtRecord` (a Playwright binding).
 *
 * It runs in the page, so it is one self-contained function; its key is the one
 * `machines/shared/transition-key.ts` makes (a unit test checks that they agree).
 */
export function installTransitionRecorder(): void {
  type Definition = {
    eventType: string;
    source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] };
  };
  const target = window as unknown as {
    __forecourtInspect?: (event: { type: string; _transitions?: Definition[] }) => void;
    __forecourtRecord?: (key: string) => void;
  };
  const seen = new Set<string>();
  target.__forecourtInspect = (event) => {
    if (event.type !== '@xstate.microstep' || !event._transitions) return;
    for (const definition of event._transitions) {
      const source = definition.source;
      const candidates = definition.eventType
        ? (source.transitions.get(definition.eventType) ?? [])
        : (source.always ?? []);
      const key = `${source.id}|${definition.eventType || 'always'}|${candidates.indexOf(definition)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      target.__forecourtRecord?.(key);
    }
  };
}
