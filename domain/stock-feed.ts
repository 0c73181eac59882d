import type { z } from 'zod/mini';

/**
 * What real dealer stock feeds send, read as the Car schema expects it (issue 13 item 6): dates as
 * ISO date-times or as Australian feeds write them (`dd/mm/yyyy`) as well as `yyyy-mm-dd`, numbers
 * as numeric strings, and an empty string for "no value" (`file: ""`: no history report). Anything
 * else passes unchanged, so the schema still refuses it and names the record and field.
 */

type Def = { type: string; format?: string; innerType?: z.core.$ZodType };

/** The schema's own kind under `default`, `nullable` and `optional`, and whether it admits null. */
function kindOf(schema: z.core.$ZodType): { type: string; format?: string; nullable: boolean } {
  let def = schema._zod.def as Def;
  let nullable = false;
  while ((def.type === 'default' || def.type === 'nullable' || def.type === 'optional') && def.innerType) {
    if (def.type === 'nullable') nullable = true;
    def = def.innerType._zod.def as Def;
  }
  return { type: def.type, ...(def.format ? { format: def.format } : {}), nullable };
}

const AU_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const NUMERIC = /^-?(\d+|\d*\.\d+)$/;

/** A calendar date as `yyyy-mm-dd` from `dd/mm/yyyy` or an ISO date-time (its own date), else null. */
export function feedDate(value: string): string | null {
  const trimmed = value.trim();
  const iso = ISO_DATE_TIME.exec(trimmed);
  if (iso) return iso[1] ?? null;
  const au = AU_DATE.exec(trimmed);
  if (!au) return null;
  const [day, month, year] = [Number(au[1]), Number(au[2]), Number(au[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${au[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function normaliseValue(schema: z.core.$ZodType, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const kind = kindOf(schema);
  if (value.trim() === '' && kind.nullable) return null;
  if (kind.type === 'number' && NUMERIC.test(value.trim())) return Number(value.trim());
  if (kind.type === 'string' && kind.format === 'date') return feedDate(value) ?? value;
  return value;
}

/**
 * One feed record with its fields read as `shape` (the Car schema's) expects them. A value that is
 * not a record passes unchanged.
 */
export function normaliseFeedRecord(
  shape: Readonly<Record<string, z.core.$ZodType>>,
  record: unknown,
): unknown {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return record;
  return Object.fromEntries(
    Object.entries(record).map(([field, value]) => {
      const schema = shape[field];
      return [field, schema ? normaliseValue(schema, value) : value];
    }),
  );
}
