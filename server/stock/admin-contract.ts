import { z } from 'zod';
import type { ImportResult, StockImportError } from './import.ts';

/**
 * The contract of `POST /api/admin/stock-import`, which hands a stock file to a running server
 * (PGlite admits one process, so the CLI cannot open the store while the server has it). The route
 * checks `authorization: Bearer <admin token>`, validates the body with
 * {@link stockImportRequestSchema}, calls `importStock`, refreshes search, and answers
 * {@link ImportResult} with 200, or {@link stockImportErrorBody} with 422.
 */

/** Admin route path. */
export const STOCK_IMPORT_PATH = '/api/admin/stock-import';

/** Request body: the tenant's slug, whether to replace its stock, and the file's records. */
export const stockImportRequestSchema = z.object({
  tenant: z.string().min(1),
  replace: z.boolean().default(false),
  records: z.array(z.unknown()),
});
/** A parsed request body. */
export type StockImportRequest = z.infer<typeof stockImportRequestSchema>;

/** Success body. */
export const stockImportResultSchema = z.object({
  inserted: z.number().int().min(0),
  updated: z.number().int().min(0),
  removed: z.number().int().min(0),
});
/** Success body type (same as {@link ImportResult}). */
export type StockImportResult = z.infer<typeof stockImportResultSchema>;

/** The house error body for a rejected file: `fields` keys are `records.<index>.<field>`. */
export function stockImportErrorBody(error: StockImportError): {
  error: { code: 'invalid_stock'; message: string; fields: Record<string, string> };
} {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = ['records', issue.index, issue.field]
      .filter((part) => part !== null && part !== '')
      .join('.');
    fields[key] ??= issue.message;
  }
  return { error: { code: 'invalid_stock', message: error.message, fields } };
}

export type { ImportResult };
