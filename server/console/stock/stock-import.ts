import type {
  StockFormat,
  StockRefusal,
  StockReport,
  StockRun,
} from '../../../domain/contracts/console-stock.ts';
import { normaliseFeedRecord } from '../../../domain/stock-feed.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import { toSeedTenant } from '../../seed/seed-tenant.ts';
import {
  formatIssue,
  type ImportResult,
  importStock,
  StockImportError,
  stockRecordSchema,
} from '../../stock/import.ts';
import type { Db, Executor } from '../../store/db.ts';
import { consoleHiddenCarIds, getStockRun, insertStockRun } from '../../store/stock-console.repo.ts';
import { recordAudit } from '../audit.ts';
import { StockFileError, type StockFileRecords } from './stock-file.ts';

/** One import the console runs: an upload or a feed pull. */
export interface ConsoleImport {
  site: SiteConfig;
  /** The member who uploaded (or pulled by hand); null for the schedule. */
  staffId: number | null;
  source: StockRun['source'];
  format: StockFormat;
  file: StockFileRecords;
  /** The file is the whole stock: applied only when no record is refused. */
  replace: boolean;
  now: Date;
}

const stocknumOf = (record: unknown): string | null => {
  const value = (record as { stocknum?: unknown } | null)?.stocknum;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
};

/** A record's first schema problem, worded as the import words it, or null when it is a car. */
function schemaProblem(record: unknown): { field: string; message: string } | null {
  const parsed = stockRecordSchema.safeParse(normaliseFeedRecord(stockRecordSchema.shape, record));
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return {
    field: issue?.path.map(String).join('.') ?? '',
    message: (issue?.message ?? 'invalid').replace(/^Invalid input: /, ''),
  };
}

/**
 * Imports what it can of a file through the import's own path (`importStock`, in the caller's
 * transaction): records that are not cars, and those the import refuses (a duplicate, another
 * dealer's id), are left out and each named in the report; the rest are imported. A car hidden in the
 * console stays hidden whatever the file says. With `replace`, the dealer's other cars are removed —
 * only when nothing was refused, so a bad row never removes the car it describes.
 */
export async function importWhatIsValid(
  tx: Executor,
  job: Pick<ConsoleImport, 'site' | 'file' | 'replace' | 'now'>,
): Promise<StockReport> {
  const tenant = toSeedTenant(job.site);
  const hidden = await consoleHiddenCarIds(
    tx,
    tenant.dealerships.map((d) => d.id),
  );
  const refused: StockRefusal[] = [];
  const refuse = (index: number, field: string, message: string) =>
    refused.push({
      record: index,
      line: job.file.lines[index] ?? null,
      stocknum: stocknumOf(job.file.records[index]),
      field,
      message,
    });
  let kept: { index: number; record: unknown }[] = [];
  job.file.records.forEach((record, index) => {
    const problem = schemaProblem(record);
    if (problem) {
      refuse(index, problem.field, problem.message);
      return;
    }
    const id = Number((record as { id: unknown }).id);
    kept.push({
      index,
      record: hidden.has(id) ? { ...(record as object), show_on_dealer_website: false } : record,
    });
  });
  let result: ImportResult;
  for (;;) {
    try {
      result = await importStock(
        tx,
        tenant,
        kept.map((entry) => entry.record),
        { replace: job.replace && refused.length === 0 && kept.length > 0, now: job.now },
      );
      break;
    } catch (error) {
      if (!(error instanceof StockImportError)) throw error;
      const bad = new Set<number>();
      for (const issue of error.issues) {
        if (issue.index === null) throw new StockFileError('invalid_file', formatIssue(issue));
        const entry = kept[issue.index];
        if (!entry || bad.has(issue.index)) continue;
        bad.add(issue.index);
        refuse(entry.index, issue.field, issue.message);
      }
      if (bad.size === 0) throw error;
      kept = kept.filter((_, at) => !bad.has(at));
    }
  }
  refused.sort((a, b) => (a.record ?? -1) - (b.record ?? -1));
  return {
    records: job.file.records.length,
    added: result.inserted,
    changed: result.updated,
    removed: result.removed,
    refused,
    photos_queued: result.photos?.queued ?? 0,
  };
}

/**
 * Runs one console import in one transaction with its run row and its audit entry (`stock.upload`,
 * or `stock.feed` for a pull), then `afterImport` (search and pages follow); answers the run.
 */
export async function runConsoleImport(
  db: Db,
  job: ConsoleImport,
  afterImport: () => Promise<void>,
): Promise<StockRun> {
  const id = await db.transaction(async (tx) => {
    const report = await importWhatIsValid(tx, job);
    const runId = await insertStockRun(tx, {
      siteId: job.site.id,
      source: job.source,
      format: job.format,
      staffId: job.staffId,
      report,
      error: null,
      at: job.now,
    });
    await recordAudit(tx, {
      siteId: job.site.id,
      staffId: job.staffId,
      action: job.source === 'upload' ? 'stock.upload' : 'stock.feed',
      subject: `stock run ${runId}`,
      detail: {
        format: job.format,
        records: report.records,
        added: report.added,
        changed: report.changed,
        removed: report.removed,
        refused: report.refused.length,
      },
    });
    return runId;
  });
  await afterImport();
  return (await getStockRun(db, id)) as StockRun;
}
