import type { z } from 'zod/mini';
import { carSchema } from './car.ts';

/**
 * A dealer's CSV stock file read as stock-feed records (issue 36 item 5, decision 127): each column is
 * mapped to one of the Car's fields by the dealer's saved mapping (`{ "<header>": "<field>" }`), which
 * a first upload proposes from headers that name a field. Cells are handed on as text, so the import
 * reads them as it reads any feed (`domain/stock-feed.ts`: numeric strings, `dd/mm/yyyy`); a boolean
 * column reads yes/no, true/false, y/n, 1/0; a list column (photos) is split on `|`.
 */

/** How a CSV cell becomes a record's value. */
export type CsvFieldKind = 'text' | 'number' | 'boolean' | 'list';

type Def = { type: string; innerType?: z.core.$ZodType; element?: z.core.$ZodType };

function baseDef(schema: z.core.$ZodType): Def {
  let def = schema._zod.def as Def;
  while ((def.type === 'default' || def.type === 'nullable' || def.type === 'optional') && def.innerType) {
    def = def.innerType._zod.def as Def;
  }
  return def;
}

function kindOf(schema: z.core.$ZodType): CsvFieldKind | null {
  const def = baseDef(schema);
  if (def.type === 'string' || def.type === 'enum') return 'text';
  if (def.type === 'number') return 'number';
  if (def.type === 'boolean') return 'boolean';
  if (def.type === 'array' && def.element && baseDef(def.element).type === 'string') return 'list';
  return null;
}

/** Fields a file never sets: the import fills in the dealership's id, and views are the site's count. */
const NOT_FROM_CSV = new Set(['dealership_id', 'views']);

/** The Car's fields a CSV column may fill (its scalar and list fields, in the Car's order), with their kind. */
export const CSV_FIELDS: readonly { field: string; kind: CsvFieldKind }[] = Object.entries(carSchema.shape)
  .filter(([field]) => !NOT_FROM_CSV.has(field))
  .flatMap(([field, schema]) => {
    const kind = kindOf(schema as z.core.$ZodType);
    return kind ? [{ field, kind }] : [];
  });

const KIND = new Map(CSV_FIELDS.map(({ field, kind }) => [field, kind]));

/** A dealer's mapping: each CSV header to the Car field its column fills, or null for a column left out. */
export type CsvMapping = Record<string, string | null>;

/** The fields a file must give (or the reading derives: name, slug, status), for the mapping step's hint. */
export const CSV_REQUIRED_FIELDS = [
  'id',
  'year',
  'make',
  'model',
  'car_type',
  'price',
  'km',
  'stocknum',
] as const;

/** Headers dealer systems write for a field whose name they do not use (compared squashed, see `squash`). */
const ALIASES: Record<string, string> = {
  stockid: 'id',
  vehicleid: 'id',
  stocknumber: 'stocknum',
  stockno: 'stocknum',
  stock: 'stocknum',
  kms: 'km',
  kilometres: 'km',
  kilometers: 'km',
  odometer: 'km',
  rego: 'regplate',
  registration: 'regplate',
  registrationplate: 'regplate',
  color: 'colour',
  condition: 'car_type',
  type: 'car_type',
  body: 'simple_body',
  bodytype: 'simple_body',
  transmission: 'simple_transmission',
  fueltype: 'simple_fuel',
  photos: 'images',
  imageurls: 'images',
  description: 'dealercomments',
  comments: 'dealercomments',
  title: 'name',
  variant: 'badge',
  dealership: 'dealership_slug',
  saleprice: 'offer_price',
};

/** A header or field name without case, spaces or punctuation: `Stock No.` → `stockno`. */
const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const BY_SQUASHED = new Map(CSV_FIELDS.map(({ field }) => [squash(field), field]));

/** Whether `field` is one a column may fill. */
export const isCsvField = (field: string): boolean => KIND.has(field);

/**
 * The mapping to offer for a file's headers: the dealer's saved choice for each header it knows, else
 * the field the header names (or a known alias of it); a field goes to the first header that names it.
 */
export function proposeMapping(headers: readonly string[], saved: CsvMapping | null): CsvMapping {
  const taken = new Set<string>();
  const mapping: CsvMapping = {};
  const choose = (field: string | null) => {
    if (field === null || taken.has(field) || !isCsvField(field)) return null;
    taken.add(field);
    return field;
  };
  for (const header of headers) {
    if (saved && Object.hasOwn(saved, header)) mapping[header] = choose(saved[header] ?? null);
  }
  for (const header of headers) {
    if (Object.hasOwn(mapping, header)) continue;
    const squashed = squash(header);
    mapping[header] = choose(BY_SQUASHED.get(squashed) ?? ALIASES[squashed] ?? null);
  }
  return mapping;
}

/** The problem with a mapping (a field twice, one that is not a car's), or null. */
export function mappingProblem(mapping: CsvMapping): string | null {
  const seen = new Map<string, string>();
  for (const [header, field] of Object.entries(mapping)) {
    if (field === null) continue;
    if (!isCsvField(field)) return `${header}: ${field} is not a car field`;
    const before = seen.get(field);
    if (before !== undefined) return `${header}: ${field} is already filled by ${before}`;
    seen.set(field, header);
  }
  return null;
}

const YES = new Set(['y', 'yes', 'true', '1']);
const NO = new Set(['n', 'no', 'false', '0']);

function cellValue(kind: CsvFieldKind, cell: string): unknown {
  if (kind === 'boolean') {
    const word = cell.toLowerCase();
    return YES.has(word) ? true : NO.has(word) ? false : cell;
  }
  if (kind === 'list') {
    return cell
      .split('|')
      .map((part) => part.trim())
      .filter(Boolean);
  }
  return cell;
}

/** `2021 Toyota Corolla Ascent` → `2021-toyota-corolla-ascent`. */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * One CSV row as a stock-feed record: each mapped column's cell under its field (an empty cell left
 * out, so the field's default applies); `status` is `in_stock` when the file gives none, and `name`
 * and `slug` are made from year, make, model and badge (the slug with the stock number) when not given.
 */
export function csvRowToRecord(
  headers: readonly string[],
  row: readonly string[],
  mapping: CsvMapping,
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  headers.forEach((header, column) => {
    const field = mapping[header];
    const cell = (row[column] ?? '').trim();
    if (!field || cell === '') return;
    const kind = KIND.get(field);
    if (kind) record[field] = cellValue(kind, cell);
  });
  record.status ??= 'in_stock';
  const words = [record.year, record.make, record.model, record.badge].filter(
    (word): word is string => typeof word === 'string' && word !== '',
  );
  if (record.name === undefined && words.length > 0) record.name = words.join(' ');
  if (record.slug === undefined && words.length > 0) {
    record.slug = slugOf([...words, typeof record.stocknum === 'string' ? record.stocknum : ''].join(' '));
  }
  return record;
}
