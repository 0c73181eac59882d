import type { CvKind } from '../../domain/careers-cv-rules.ts';
import type { Executor } from './db.ts';

/** A stored CV as its row describes it (the bytes are in the media storage). */
export interface CareersCv {
  id: string;
  site_id: number;
  storage_key: string;
  kind: CvKind;
  content_type: string;
  display_name: string;
  size: number;
  sha256: string;
  lead_id: string | null;
}

const COLUMNS = 'id, site_id, storage_key, kind, content_type, display_name, size, sha256, lead_id';

/** Records a CV just stored for a site. */
export async function addCareersCv(db: Executor, cv: Omit<CareersCv, 'lead_id'>): Promise<void> {
  await db.query(
    `INSERT INTO careers_cvs (id, site_id, storage_key, kind, content_type, display_name, size, sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [cv.id, cv.site_id, cv.storage_key, cv.kind, cv.content_type, cv.display_name, cv.size, cv.sha256],
  );
}

/**
 * Claims a CV of this site for a careers enquiry: only one uploaded since `since` and not claimed
 * before, so an id is used once, by the site that took it. Null when there is no such CV.
 */
export async function claimCareersCv(
  db: Executor,
  siteId: number,
  id: string,
  since: Date,
): Promise<CareersCv | null> {
  const { rows } = await db.query<CareersCv>(
    `UPDATE careers_cvs SET claimed_at = now()
      WHERE id = $1 AND site_id = $2 AND claimed_at IS NULL AND created_at >= $3
      RETURNING ${COLUMNS}`,
    [id, siteId, since.toISOString()],
  );
  return rows[0] ?? null;
}

/** Names the lead a claimed CV went with. */
export async function attachCareersCv(
  db: Executor,
  siteId: number,
  id: string,
  leadId: string,
): Promise<void> {
  await db.query(
    'UPDATE careers_cvs SET lead_id = $3 WHERE id = $1 AND site_id = $2 AND claimed_at IS NOT NULL',
    [id, siteId, leadId],
  );
}

/** The CV a lead of this site went with, or null. */
export async function careersCvOfLead(
  db: Executor,
  siteId: number,
  leadId: string,
): Promise<CareersCv | null> {
  const { rows } = await db.query<CareersCv>(
    `SELECT ${COLUMNS} FROM careers_cvs WHERE site_id = $1 AND lead_id = $2 ORDER BY created_at DESC LIMIT 1`,
    [siteId, leadId],
  );
  return rows[0] ?? null;
}

/** A claimed CV of this site by its id, or null. */
export async function findCareersCv(db: Executor, siteId: number, id: string): Promise<CareersCv | null> {
  const { rows } = await db.query<CareersCv>(
    `SELECT ${COLUMNS} FROM careers_cvs WHERE id = $1 AND site_id = $2 AND claimed_at IS NOT NULL`,
    [id, siteId],
  );
  return rows[0] ?? null;
}
