import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CV_CLAIM_HOURS,
  CV_FIELD,
  CV_ID,
  CV_KINDS,
  CV_RULES,
  cvDisplayName,
} from '../../domain/careers-cv-rules.ts';
import type { MediaStore } from '../media/media-store.ts';
import { MultipartError, MultipartReader, type PartHead } from '../media/multipart.ts';
import { addCareersCv, type CareersCv, claimCareersCv } from '../store/careers-cvs.repo.ts';
import type { Db, Executor } from '../store/db.ts';
import { sniffCv } from './cv-content.ts';

/**
 * Receiving a CV (issue 37 item 9): one `file` part of a multipart body, streamed to a temporary
 * file and cut off past 5 MB, judged by its bytes (`cv-content.ts`), then stored in the media storage
 * under `careers/<site>/<random id>.<kind>` — the shopper's file name is never part of a key, only
 * sanitised text to show. The row store keeps where it is and what it is.
 */

/** The most parts an upload may have: the file, and room for a field or two a client adds. */
export const MAX_CV_PARTS = 3;

/** What receiving a CV came to: stored, or refused with the status and message the caller gets. */
export type CvReceipt =
  | { kind: 'stored'; id: string; name: string; size: number }
  | {
      kind: 'refused';
      status: 400 | 413 | 422;
      code: string;
      message: string;
      fields?: Record<string, string>;
    };

const refused = (
  status: 400 | 413 | 422,
  code: string,
  message: string,
  fields?: Record<string, string>,
): CvReceipt => ({ kind: 'refused', status, code, message, ...(fields ? { fields } : {}) });

const notACv = () => refused(422, 'not_a_cv', CV_RULES.wrongType, { file: CV_RULES.wrongType });

/** Where a CV is kept in the media storage. */
export const cvKey = (siteId: number, id: string, extension: string) =>
  `careers/${siteId}/${id}.${extension}`;

/** Receives one CV from a multipart body (`boundary` from its content type) for `siteId`. */
export async function receiveCv(
  deps: { db: Db; media: MediaStore },
  siteId: number,
  body: AsyncIterable<Uint8Array>,
  boundary: string,
): Promise<CvReceipt> {
  const reader = new MultipartReader(body, boundary, { maxParts: MAX_CV_PARTS });
  const folder = await mkdtemp(join(tmpdir(), 'forecourt-cv-'));
  try {
    let part: PartHead | null = await reader.next();
    while (part && (part.name !== 'file' || part.filename === null)) part = await reader.next();
    if (!part)
      return refused(422, 'invalid_request', 'Please choose your CV', { file: 'Please choose your CV' });
    const givenName = part.filename ?? '';
    const file = join(folder, 'upload');
    await pipeline(
      Readable.from(reader.body(CV_RULES.maxBytes - 1)),
      createWriteStream(file, { flags: 'wx', mode: 0o600 }),
    );
    while (await reader.next()) {
      // What a client sends after the file is read up to the part limit, and ignored.
    }
    const handle = await open(file, 'r');
    let kind: Awaited<ReturnType<typeof sniffCv>>;
    let size: number;
    try {
      size = (await handle.stat()).size;
      kind = await sniffCv({
        size,
        read: async (offset, length) => {
          const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
          return buffer.subarray(0, bytesRead);
        },
      });
    } finally {
      await handle.close();
    }
    if (!kind) return notACv();
    const id = randomUUID();
    const { contentType, extension } = CV_KINDS[kind];
    const key = cvKey(siteId, id, extension);
    const stored = await deps.media.put(key, createReadStream(file));
    const name = cvDisplayName(givenName, kind);
    try {
      await addCareersCv(deps.db, {
        id,
        site_id: siteId,
        storage_key: key,
        kind,
        content_type: contentType,
        display_name: name,
        size: stored.size,
        sha256: stored.sha256,
      });
    } catch (error) {
      await deps.media.delete(key);
      throw error;
    }
    return { kind: 'stored', id, name, size: stored.size };
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    if (error.problem === 'too_large')
      return refused(413, 'cv_too_large', CV_RULES.tooBig, { file: CV_RULES.tooBig });
    if (error.problem === 'too_many_parts') {
      return refused(400, 'invalid_request', `An upload has at most ${MAX_CV_PARTS} parts: the file`);
    }
    return refused(400, 'invalid_request', 'The upload could not be read');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** What a careers lead's CV field came to: nothing to do, the CV it claimed, or a refusal. */
export type CvClaim =
  | { ok: true; cv: CareersCv | null }
  | { ok: false; message: string; fields: Record<string, string> };

/**
 * A lead's CV: a careers enquiry naming `cv_id` claims that CV — stored by this site in the last
 * `CV_CLAIM_HOURS` and used by no other lead — or is refused; any other form's `cv_id` is dropped by
 * the caller (`withoutCv`). Run it in the lead's transaction, so a lead that is not stored leaves its
 * CV free for a resend.
 */
export async function claimLeadCv(
  db: Executor,
  siteId: number,
  form: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<CvClaim> {
  if (!claimsLeadCv(form, data)) return { ok: true, cv: null };
  const id = data[CV_FIELD];
  const expired = { ok: false as const, message: CV_RULES.expired, fields: { [CV_FIELD]: CV_RULES.expired } };
  if (typeof id !== 'string' || !CV_ID.test(id)) return expired;
  const since = new Date(now.getTime() - CV_CLAIM_HOURS * 3_600_000);
  const cv = await claimCareersCv(db, siteId, id.toLowerCase(), since);
  return cv ? { ok: true, cv } : expired;
}

/** Whether a lead claims a CV: a careers enquiry that names one. */
export function claimsLeadCv(form: string, data: Record<string, unknown>): boolean {
  const id = data[CV_FIELD];
  return form === 'careers' && id !== undefined && id !== null && id !== '';
}

/** A lead's fields without a CV id, for a form that takes no CV. */
export function withoutCv<T extends Record<string, unknown>>(data: T): T {
  const { [CV_FIELD]: _dropped, ...rest } = data;
  return rest as T;
}
