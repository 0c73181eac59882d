import { z } from 'zod';
import type { Car } from '../../domain/car.ts';
import { carSchema } from '../../domain/car.ts';
import { normaliseFeedRecord } from '../../domain/stock-feed.ts';
import type { SeedLocation } from '../seed/seed-tenant.ts';
import { carLocationOf } from '../seed/seed-tenant.ts';
import { forgetRemovedCarPhotos, queueCarPhotos } from '../store/car-photos.repo.ts';
import type { ReplaceCounts } from '../store/cars.repo.ts';
import { findCarOwners, listCarKeys, replaceDealerStock, upsertCars } from '../store/cars.repo.ts';
import type { Executor } from '../store/db.ts';
import { reapplyHolds } from '../store/reservations.repo.ts';

/** What an import needs to know of a tenant; a `SeedTenant` fits. */
export interface ImportTenant {
  slug: string;
  /** The first one receives cars whose `dealership_slug` names none of these. */
  dealerships: readonly { id: number; slug: string }[];
  /** Used to fill in `location` for records that leave it out. */
  locations?: readonly SeedLocation[];
}

/** Options of {@link importStock}. */
export interface ImportOptions {
  /** Make the file the tenant's whole stock: its cars missing from the file are removed. */
  replace?: boolean;
  /** `created_at` for records without one; the current time by default. */
  now?: Date;
  /** How long a stored photo is not asked for again (a day by default; then a conditional request). */
  photoRecheckMs?: number;
}

/** A stored photo is asked for again (conditionally) when a feed names it a day after the last check. */
export const PHOTO_RECHECK_MS = 24 * 60 * 60_000;

/** What an import did with its cars' photos, when they name any photo to fetch. */
export interface ImportPhotos {
  /** How many of the photos named wait to be fetched (in the background, by the server). */
  queued: number;
  /** Ids of the cars with a photo that could not be fetched: each shows the placeholder for it. */
  failed_cars: number[];
}

/** What an import changed, and (when its cars name photos to fetch) where their photos stand. */
export type ImportResult = ReplaceCounts & { photos?: ImportPhotos };

/** One problem with the input: the record's index (null for the file itself) and field path. */
export interface ImportIssue {
  index: number | null;
  field: string;
  message: string;
}

/** Thrown when any record is invalid; nothing was imported. The message lists the issues. */
export class StockImportError extends Error {
  readonly issues: readonly ImportIssue[];
  constructor(issues: readonly ImportIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'StockImportError';
    this.issues = issues;
  }
}

/** `record 3: price: expected number, received string`. */
export function formatIssue(issue: ImportIssue): string {
  const where = issue.index === null ? 'file' : `record ${issue.index}`;
  return issue.field ? `${where}: ${issue.field}: ${issue.message}` : `${where}: ${issue.message}`;
}

/** A stock-feed record: a Car whose dealership and creation time the import may fill in. */
export const stockRecordSchema = z.object({
  ...carSchema.shape,
  dealership_id: z.number().int().positive().optional(),
  dealership_slug: z.string().optional(),
  created_at: z.iso.datetime({ offset: true }).optional(),
});

const MAX_ISSUES = 20;

function validate(
  records: readonly unknown[],
  tenant: ImportTenant,
  now: Date,
): { cars: Car[]; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const cars: Car[] = [];
  const firstById = new Map<number, number>();
  const firstBySlug = new Map<string, number>();
  records.forEach((record, index) => {
    const parsed = stockRecordSchema.safeParse(normaliseFeedRecord(stockRecordSchema.shape, record));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = (issue?.message ?? 'invalid').replace(/^Invalid input: /, '');
      issues.push({ index, field: issue?.path.map(String).join('.') ?? '', message });
      return;
    }
    const data = parsed.data;
    const seenAt = firstById.get(data.id);
    if (seenAt !== undefined) issues.push({ index, field: 'id', message: `duplicate of record ${seenAt}` });
    else firstById.set(data.id, index);
    const slugAt = firstBySlug.get(data.slug);
    if (slugAt !== undefined) issues.push({ index, field: 'slug', message: `duplicate of record ${slugAt}` });
    else firstBySlug.set(data.slug, index);
    const dealership =
      tenant.dealerships.find((d) => d.slug === data.dealership_slug) ??
      (tenant.dealerships[0] as ImportTenant['dealerships'][number]);
    cars.push({
      ...data,
      dealership_id: dealership.id,
      dealership_slug: dealership.slug,
      created_at: data.created_at ?? now.toISOString(),
      location:
        data.location ??
        (tenant.locations ? carLocationOf({ locations: tenant.locations }, dealership.id) : null),
    });
  });
  return { cars, issues };
}

async function conflicts(
  tx: Executor,
  tenant: ImportTenant,
  cars: readonly Car[],
  replace: boolean,
): Promise<ImportIssue[]> {
  const ids = tenant.dealerships.map((d) => d.id);
  const owners = await findCarOwners(
    tx,
    cars.map((car) => car.id),
  );
  const inFile = new Set(cars.map((car) => car.id));
  const kept = replace ? [] : (await listCarKeys(tx, ids)).filter((key) => !inFile.has(key.id));
  const slugOwner = new Map(kept.map((key) => [key.slug, key.id]));
  const issues: ImportIssue[] = [];
  cars.forEach((car, index) => {
    const owner = owners.get(car.id);
    if (owner !== undefined && !ids.includes(owner)) {
      issues.push({ index, field: 'id', message: `car ${car.id} belongs to another dealer's stock` });
    }
    const other = slugOwner.get(car.slug);
    if (other !== undefined) issues.push({ index, field: 'slug', message: `already used by car ${other}` });
  });
  return issues;
}

/**
 * Imports a stock feed for one tenant, all or nothing, in one transaction: every record must be a
 * valid car once read as feeds write it (`domain/stock-feed.ts`: ISO date-times and `dd/mm/yyyy` in
 * date fields, numeric strings, `""` for no value), or nothing is written and a {@link StockImportError} names each bad record's index and
 * field. Cars go to the dealership their `dealership_slug` names when it is the tenant's, else to the
 * tenant's first dealership, and are upserted by `id`; with `replace`, the tenant's other cars are
 * removed.
 */
export async function importStock(
  db: Executor,
  tenant: ImportTenant,
  records: unknown,
  options: ImportOptions = {},
): Promise<ImportResult> {
  if (tenant.dealerships.length === 0) throw new Error(`tenant ${tenant.slug} has no dealerships`);
  if (!Array.isArray(records)) {
    throw new StockImportError([{ index: null, field: '', message: 'expected a JSON array of cars' }]);
  }
  const now = options.now ?? new Date();
  const { cars, issues } = validate(records, tenant, now);
  if (issues.length > 0) throw new StockImportError(issues.slice(0, MAX_ISSUES));
  const replace = options.replace ?? false;
  return db.transaction(async (tx) => {
    const found = await conflicts(tx, tenant, cars, replace);
    if (found.length > 0) throw new StockImportError(found.slice(0, MAX_ISSUES));
    // Each feed photo is queued for the pipeline; the cars are stored with the addresses they are served at.
    const photos = await queueCarPhotos(tx, cars, {
      now,
      recheckMs: options.photoRecheckMs ?? PHOTO_RECHECK_MS,
    });
    const result = replace
      ? await replaceDealerStock(
          tx,
          tenant.dealerships.map((d) => d.id),
          photos.cars,
        )
      : { ...(await upsertCars(tx, photos.cars)), removed: 0 };
    if (replace) await forgetRemovedCarPhotos(tx);
    await reapplyHolds(tx);
    return photos.named > 0
      ? { ...result, photos: { queued: photos.queued, failed_cars: photos.failedCars } }
      : result;
  });
}
