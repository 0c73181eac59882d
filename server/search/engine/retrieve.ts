import { rawAt, setAt } from './attributes.ts';
import type { SearchRecord } from './types.ts';

function removeAt(target: Record<string, unknown>, path: string): void {
  const parts = path.split('.');
  let node: unknown = target;
  for (let i = 0; i < parts.length - 1; i++) {
    if (node === null || typeof node !== 'object') return;
    node = (node as Record<string, unknown>)[parts[i] as string];
  }
  if (node !== null && typeof node === 'object')
    delete (node as Record<string, unknown>)[parts[parts.length - 1] as string];
}

function cloneForRemoval(record: SearchRecord, paths: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...record };
  for (const path of paths) {
    const top = path.split('.')[0] as string;
    if (path.includes('.') && copy[top] !== null && typeof copy[top] === 'object') {
      copy[top] = structuredClone(copy[top]);
    }
  }
  return copy;
}

/**
 * The attributes of a hit: `attributesToRetrieve` (`*` for all, `-attr` to leave one out, nested
 * paths allowed) minus the index's `unretrievableAttributes`; `objectID` always.
 */
export function retrieve(
  record: SearchRecord,
  attributes: readonly string[],
  unretrievable: readonly string[],
): Record<string, unknown> & { objectID: string } {
  const excluded = [...attributes.filter((a) => a.startsWith('-')).map((a) => a.slice(1)), ...unretrievable];
  let out: Record<string, unknown>;
  if (attributes.includes('*')) {
    out = cloneForRemoval(record, excluded);
  } else {
    out = {};
    for (const path of attributes) {
      if (path.startsWith('-')) continue;
      const value = rawAt(record, path);
      if (value !== undefined) setAt(out, path, value);
    }
    // A fresh object already: copied again only when something is to be removed from it.
    if (excluded.length > 0) out = cloneForRemoval(out as SearchRecord, excluded);
  }
  for (const path of excluded) removeAt(out, path);
  out.objectID = record.objectID;
  return out as Record<string, unknown> & { objectID: string };
}
