import { describe, expect, it } from 'vitest';
import { transitionsOf } from '../../../machines/catalog/coverage.ts';
import { catalog } from '../../../machines/catalog.ts';
import { transitionKey } from '../../../machines/shared/transition-key.ts';
import { installTransitionRecorder } from '../../e2e/support/transition-recorder.ts';

/**
 * The e2e recorder runs in the page as one self-contained function; what it records must name each
 * transition as `npm run catalog` does, or the report would say the browser covers nothing
 * (decision 078).
 */
describe('transition names (decision 078)', () => {
  it('the page recorder names every transition of every machine as the catalog does', () => {
    const recorded: string[] = [];
    const page = globalThis as unknown as {
      window?: unknown;
      __forecourtRecord?: (key: string) => void;
      __forecourtInspect?: (event: unknown) => void;
    };
    const hadWindow = 'window' in page;
    const previous = page.window;
    page.window = page;
    page.__forecourtRecord = (key) => recorded.push(key);
    try {
      installTransitionRecorder();
      const definitions = catalog.flatMap((entry) => transitionsOf(entry.machine).map((t) => t.definition));
      page.__forecourtInspect?.({ type: '@xstate.microstep', _transitions: definitions });
      expect(recorded).toEqual(definitions.map(transitionKey));
      expect(new Set(recorded).size).toBe(recorded.length);
    } finally {
      if (hadWindow) page.window = previous;
      else delete page.window;
      delete page.__forecourtRecord;
      delete page.__forecourtInspect;
    }
  });
});
