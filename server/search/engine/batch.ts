import { randomUUID } from 'node:crypto';
import type { SearchRecord } from './types.ts';

/** One write of a batch, in Algolia's `batch` actions. */
export type BatchOperation =
  | { action: 'addObject' | 'updateObject'; body: Record<string, unknown> }
  | { action: 'partialUpdateObject' | 'partialUpdateObjectNoCreate'; body: Record<string, unknown> }
  | { action: 'deleteObject'; body: { objectID: string } }
  | { action: 'clear' | 'delete'; body?: unknown };

/**
 * Applies batch operations to an index's records in order (a record without `objectID` gets a
 * random one, as Algolia does). Returns the objectIDs written.
 */
export function applyOperations(
  records: Map<string, SearchRecord>,
  operations: readonly BatchOperation[],
): string[] {
  const ids: string[] = [];
  for (const op of operations) {
    if (op.action === 'clear' || op.action === 'delete') {
      records.clear();
      continue;
    }
    const body = op.body as Record<string, unknown>;
    const id = typeof body.objectID === 'string' && body.objectID !== '' ? body.objectID : randomUUID();
    ids.push(id);
    if (op.action === 'deleteObject') records.delete(id);
    else if (op.action === 'addObject' || op.action === 'updateObject')
      records.set(id, { ...body, objectID: id });
    else {
      const existing = records.get(id);
      if (existing || op.action === 'partialUpdateObject')
        records.set(id, { ...existing, ...body, objectID: id });
    }
  }
  return ids;
}
