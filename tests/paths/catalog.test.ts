import { test } from 'vitest';
import { selectEntries, unknownMachineMessage } from '../../machines/catalog/graph.ts';
import { catalog } from '../../machines/catalog.ts';
import { definePathTests } from './define-path-tests.ts';

const selection = selectEntries(catalog, process.env.PATHS_MACHINE);

if (selection.unknownId !== undefined) {
  const id = selection.unknownId;
  test(`PATHS_MACHINE=${id} names a machine in the catalog`, () => {
    throw new Error(unknownMachineMessage(catalog, id));
  });
}

for (const entry of selection.entries) definePathTests(entry);
