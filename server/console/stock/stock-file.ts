import { CsvError, parse } from 'csv-parse/sync';
import type { StockFormat } from '../../../domain/contracts/console-stock.ts';
import { type CsvMapping, csvRowToRecord } from '../../../domain/stock-csv.ts';

/** The most data rows a CSV file may have (a dealer group's stock is a few thousand cars). */
export const CSV_MAX_ROWS = 20_000;
/** The longest CSV record, in characters (a row with a long description and many photos). */
const CSV_MAX_RECORD = 256 * 1024;

/** A file the console cannot read at all (`invalid_file`), or a CSV with no mapping (`mapping_needed`). */
export class StockFileError extends Error {
  readonly code: 'invalid_file' | 'mapping_needed';
  constructor(code: StockFileError['code'], message: string) {
    super(message);
    this.name = 'StockFileError';
    this.code = code;
  }
}

/** A CSV file's header row and its data rows, each with the file line it ends on. */
export interface CsvTable {
  headers: string[];
  rows: { cells: string[]; line: number }[];
}

/**
 * Parses a CSV file with `csv-parse` (a BOM dropped, blank lines skipped, cells trimmed, rows of any
 * length): its first row is the headers. Throws {@link StockFileError} `invalid_file` for what is not
 * CSV, a file without headers, duplicate headers, or more than {@link CSV_MAX_ROWS} rows.
 */
export function parseCsv(content: string): CsvTable {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with the line it ends on.
    parsed = parse(content, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: CSV_MAX_RECORD,
      to_line: CSV_MAX_ROWS + 2,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      throw new StockFileError('invalid_file', `The CSV file cannot be read: ${error.message}`);
    }
    throw error;
  }
  const records = parsed.map(({ record, info }) => ({ cells: record, line: info.lines }));
  const [head, ...rows] = records;
  const headers = head?.cells ?? [];
  if (headers.length === 0 || headers.every((header) => header === '')) {
    throw new StockFileError('invalid_file', 'The CSV file has no header row');
  }
  const seen = new Set<string>();
  for (const header of headers) {
    if (seen.has(header))
      throw new StockFileError('invalid_file', `The CSV file has the column “${header}” twice`);
    seen.add(header);
  }
  if (rows.length > CSV_MAX_ROWS) {
    throw new StockFileError('invalid_file', `A CSV file may have at most ${CSV_MAX_ROWS} rows`);
  }
  return { headers, rows };
}

/** A file's records, and for a CSV each record's line in the file. */
export interface StockFileRecords {
  records: unknown[];
  lines: (number | null)[];
}

/**
 * A stock file's records: a JSON array of cars as the import takes it, or a CSV's rows read through
 * `mapping` (`domain/stock-csv.ts`). Throws {@link StockFileError}.
 */
export function readStockFile(
  format: StockFormat,
  content: string,
  mapping: CsvMapping | null,
): StockFileRecords {
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch (error) {
      throw new StockFileError('invalid_file', `The JSON file cannot be read: ${(error as Error).message}`);
    }
    if (!Array.isArray(parsed))
      throw new StockFileError('invalid_file', 'The JSON file must be an array of cars');
    return { records: parsed, lines: parsed.map(() => null) };
  }
  if (!mapping) {
    throw new StockFileError('mapping_needed', 'Map the CSV file’s columns to the car’s fields first');
  }
  const table = parseCsv(content);
  return {
    records: table.rows.map((row) => csvRowToRecord(table.headers, row.cells, mapping)),
    lines: table.rows.map((row) => row.line),
  };
}
