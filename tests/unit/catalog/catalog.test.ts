import { describe, expect, test } from 'vitest';
import { validateEntry } from '../../../machines/catalog/coverage.ts';
import { buildReport } from '../../../machines/catalog/report.ts';
import { catalog } from '../../../machines/catalog.ts';

describe('machines/catalog.ts', () => {
  test('lists each machine once, under its own machine id', () => {
    const ids = catalog.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of catalog) expect(entry.id).toBe(entry.machine.id);
  });

  test('gives every machine a one-line summary', () => {
    for (const entry of catalog) expect(entry.summary).toMatch(/^[^\n]{10,160}$/);
  });

  test.each(catalog.map((entry) => [entry.id, entry] as const))(
    '%s: the entry fits its machine and its paths reach every state and transition (npm run catalog -- --strict)',
    (_id, entry) => {
      expect(validateEntry(entry)).toEqual([]);
      const report = buildReport(entry);
      expect(report.error).toBeUndefined();
      expect(report.findings).toEqual([]);
    },
  );
});
