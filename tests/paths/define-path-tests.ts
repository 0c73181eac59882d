import { describe, expect, test } from 'vitest';
import { validateEntry } from '../../machines/catalog/coverage.ts';
import { buildPathModel, type GeneratedPath, type PathModel } from '../../machines/catalog/graph.ts';
import type { CatalogEntry } from '../../machines/catalog.types.ts';
import { type ReplayOptions, replayPath } from './replay.ts';

function pathTest(pathModel: PathModel, generated: GeneratedPath, options: ReplayOptions | undefined): void {
  test(generated.description, async () => {
    const result = await replayPath(pathModel, generated, options);
    expect(result.checkedSteps).toBe(generated.path.steps.length);
  });
}

/**
 * `describe(entry.id)` with one test per generated path (shortest paths, then the simple paths that
 * are not also shortest), each replayed on a real actor; plus a check that the entry fits its machine.
 */
export function definePathTests(entry: CatalogEntry, options?: ReplayOptions): void {
  describe(entry.id, () => {
    test('its catalog entry matches the machine', () => {
      expect(validateEntry(entry)).toEqual([]);
    });
    let pathModel: PathModel;
    try {
      pathModel = buildPathModel(entry);
    } catch (error) {
      test('its graph can be built', () => {
        throw error;
      });
      return;
    }
    describe('shortest paths', () => {
      for (const generated of pathModel.shortest) pathTest(pathModel, generated, options);
    });
    const simple = pathModel.paths.filter((generated) => generated.kind === 'simple');
    if (simple.length > 0) {
      describe('simple paths', () => {
        for (const generated of simple) pathTest(pathModel, generated, options);
      });
    }
  });
}
