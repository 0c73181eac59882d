/**
 * Every leaf value at a dotted path (`manufacturer.name`). Arrays anywhere on the path are flattened,
 * so an array attribute yields each element; `null`/`undefined` and objects yield nothing.
 */
export function valuesAt(record: unknown, path: string): unknown[] {
  if (!path.includes('.') && record !== null && typeof record === 'object' && !Array.isArray(record)) {
    const value = Object.hasOwn(record, path) ? (record as Record<string, unknown>)[path] : undefined;
    if (value === null || value === undefined) return [];
    if (typeof value !== 'object') return [value];
  }
  const out: unknown[] = [];
  collect(record, path.split('.'), 0, out);
  return out;
}

function collect(node: unknown, parts: readonly string[], depth: number, out: unknown[]): void {
  if (node === null || node === undefined) return;
  if (Array.isArray(node)) {
    for (const item of node) collect(item, parts, depth, out);
    return;
  }
  if (depth === parts.length) {
    if (typeof node !== 'object') out.push(node);
    return;
  }
  if (typeof node !== 'object') return;
  const key = parts[depth] as string;
  if (!Object.hasOwn(node, key)) return;
  collect((node as Record<string, unknown>)[key], parts, depth + 1, out);
}

/** The raw value at a dotted path without flattening (for retrieval and highlighting). */
export function rawAt(record: unknown, path: string): unknown {
  // A top-level attribute (nearly every one a hit retrieves) without splitting its path: a page of
  // hits reads some 800 of them, and the split's array was a twelfth of a search's CPU with setAt's.
  if (!path.includes('.')) {
    return record !== null &&
      typeof record === 'object' &&
      !Array.isArray(record) &&
      Object.hasOwn(record, path)
      ? (record as Record<string, unknown>)[path]
      : undefined;
  }
  let node: unknown = record;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node) || !Object.hasOwn(node, key)) {
      return undefined;
    }
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Sets a value at a dotted path, creating plain objects on the way. */
export function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  if (!path.includes('.')) {
    target[path] = value;
    return;
  }
  const parts = path.split('.');
  let node = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const key = parts[i] as string;
    const next = node[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) {
      const created: Record<string, unknown> = {};
      node[key] = created;
      node = created;
    } else {
      node = next as Record<string, unknown>;
    }
  }
  node[parts[parts.length - 1] as string] = value;
}

/**
 * The facet key of a value: numbers and booleans as their string form; case-folded unless the
 * attribute is case-sensitive (`_tags`).
 */
export function facetKey(value: unknown, caseSensitive: boolean): string | null {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'boolean') text = String(value);
  else return null;
  return caseSensitive ? text : text.toLowerCase();
}

/** The displayed facet value: the first spelling seen for a key. */
export function facetDisplay(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

const NUMBER_LITERAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The number a filter literal denotes, or null when it is not a plain decimal literal. */
export function numericLiteral(text: string): number | null {
  if (!NUMBER_LITERAL.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value + 0 : null;
}
