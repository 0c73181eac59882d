import type { InspectionEvent } from 'xstate';
import { transitionKey } from '../../machines/shared/transition-key.ts';

/**
 * An `inspect` observer that reports every transition the app's actors take, once each, to
 * `record` — the end-to-end tests' binding (`window.__forecourtRecord`), so QA sees which
 * transitions the browser drives (issue 13 item 8). Loaded on demand, only when that binding exists.
 */
export function transitionRecorder(record: (key: string) => void): (event: InspectionEvent) => void {
  const seen = new Set<string>();
  return (event) => {
    if (event.type !== '@xstate.microstep') return;
    for (const definition of event._transitions) {
      const key = transitionKey(definition);
      if (seen.has(key)) continue;
      seen.add(key);
      record(key);
    }
  };
}
