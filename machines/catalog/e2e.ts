import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The transitions the end-to-end tests drove through the real UI (issue 13 item 8): each test leaves
 * `test-results/e2e-transitions/<test id>.json` with the keys its pages' actors took
 * (`machines/shared/transition-key.ts`). Node-only tooling, like the rest of `machines/catalog/`.
 */
export const DEFAULT_E2E_DIR = join(import.meta.dirname, '../../test-results/e2e-transitions');

/** Every transition key any end-to-end test took, or null when there is no record of a run. */
export function readE2eTransitions(dir: string = DEFAULT_E2E_DIR): Set<string> | null {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  if (files.length === 0) return null;
  const keys = new Set<string>();
  for (const file of files) {
    try {
      const record = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { transitions?: unknown };
      if (Array.isArray(record.transitions)) {
        for (const key of record.transitions) if (typeof key === 'string') keys.add(key);
      }
    } catch {
      // A file cut short by an aborted run counts for nothing.
    }
  }
  return keys;
}
