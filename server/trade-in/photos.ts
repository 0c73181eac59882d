import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EVAL_ID_PATTERN, IMAGE_RULES } from '../../domain/trade-in.ts';
import {
  cleanImage,
  IMAGE_CONTENT_TYPES,
  IMAGE_EXTENSIONS,
  ImageFormatError,
  type ImageKind,
  SNIFF_BYTES,
  sniffImage,
} from '../media/image-metadata.ts';
import type { MediaStore } from '../media/media-store.ts';
import { MultipartError, MultipartReader, type PartHead } from '../media/multipart.ts';
import { PhotoContentError } from '../media/photos/master.ts';
import { uploadMaster } from '../media/photos/upload-master.ts';
import type { Db } from '../store/db.ts';
import {
  addValuationImage,
  findPhotoTarget,
  markImageMoved,
  rowStoredImages,
} from '../store/valuations.repo.ts';

/**
 * Trade-in photos (`locations-forms-tradein-site.md` §5, §7 "multipart form: evalid, file; one
 * request per image"; issue 31 item 1, decision 103): received as they stream in, checked before
 * they are read — the EvalID (a valuation of this site with room for another photo) before any byte
 * of the file, the number of parts as they come — and its first bytes before the rest; then streamed
 * to a temporary file, decoded by sharp (HEIC by `heic-decode`), turned upright, written anew without
 * any metadata as a JPEG (a PNG for a PNG or GIF) and that file stored in the media storage (issue 35
 * item 4, decision 124). The row store keeps where each photo is and what it is, never its bytes.
 */

/** The most parts an upload may have: the EvalID, the file, and room for a field or two a client adds. */
export const MAX_UPLOAD_PARTS = 4;
/** The longest EvalID field read (the pattern allows 40 characters). */
const MAX_EVAL_ID_BYTES = 64;

/** What receiving a photo came to: stored, or refused with the status and message the caller gets. */
export type PhotoReceipt =
  | { kind: 'stored'; imageId: number; count: number }
  | {
      kind: 'refused';
      status: 400 | 404 | 409 | 413 | 422;
      code: string;
      message: string;
      fields?: Record<string, string>;
    };

const refused = (
  status: 400 | 404 | 409 | 413 | 422,
  code: string,
  message: string,
  fields?: Record<string, string>,
): PhotoReceipt => ({ kind: 'refused', status, code, message, ...(fields ? { fields } : {}) });

const notAnImage = () => refused(422, 'not_an_image', IMAGE_RULES.wrongType, { file: IMAGE_RULES.wrongType });
const noValuation = () =>
  refused(404, 'valuation_not_found', 'This valuation has expired. Please start again.', {
    evalid: 'No such valuation',
  });
const full = () => refused(409, 'too_many_images', IMAGE_RULES.tooMany, { file: IMAGE_RULES.tooMany });

/** Where a valuation's photo is kept in the media storage. */
export function photoKey(siteId: number, valuationId: number, name: string, kind: ImageKind): string {
  return `trade-in/${siteId}/${valuationId}/${name}.${IMAGE_EXTENSIONS[kind]}`;
}

/**
 * An upload as it arrives: its kind, read from its first bytes (null when it is none of the accepted
 * images: nothing more is read), and all its bytes as sent.
 */
async function openUpload(
  source: AsyncIterable<Uint8Array>,
): Promise<{ kind: ImageKind; bytes: AsyncIterable<Uint8Array> } | null> {
  const chunks = source[Symbol.asyncIterator]();
  let head = Buffer.alloc(0);
  let ended = false;
  while (head.length < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head = Buffer.concat([head, next.value]);
  }
  const kind = sniffImage(head);
  if (!kind) return null;
  async function* bytes(): AsyncGenerator<Uint8Array> {
    yield head;
    while (!ended) {
      const next = await chunks.next();
      if (next.done) break;
      yield next.value;
    }
  }
  return { kind, bytes: bytes() };
}

/**
 * Receives one photo from a multipart body (`boundary` from its content type) for a valuation of
 * `siteId`. The EvalID must come first, as the wizard sends it; the file is read only once it names
 * a valuation of this site with room for another photo. A refusal leaves the rest of the body unread.
 */
export async function receivePhoto(
  deps: { db: Db; media: MediaStore },
  siteId: number,
  body: AsyncIterable<Uint8Array>,
  boundary: string,
): Promise<PhotoReceipt> {
  const reader = new MultipartReader(body, boundary, { maxParts: MAX_UPLOAD_PARTS });
  try {
    const first = await reader.next();
    if (first?.name !== 'evalid' || first.filename !== null) {
      return refused(422, 'invalid_request', 'Send the EvalID before the file', {
        evalid: 'Send the EvalID before the file',
      });
    }
    const evalid = await reader.text(MAX_EVAL_ID_BYTES).catch((error: unknown) => {
      if (error instanceof MultipartError && error.problem === 'too_large') return '';
      throw error;
    });
    if (!EVAL_ID_PATTERN.test(evalid)) {
      return refused(422, 'invalid_request', 'Which valuation is this image for?', {
        evalid: 'Not an EvalID',
      });
    }
    const target = await findPhotoTarget(deps.db, siteId, evalid);
    if (!target) return noValuation();
    if (target.images >= IMAGE_RULES.maxImages) return full();

    // Another field before the file is skipped unread (within the part limit).
    let part: PartHead | null = await reader.next();
    while (part && (part.name !== 'file' || part.filename === null)) part = await reader.next();
    if (!part)
      return refused(422, 'invalid_request', 'Please choose an image', { file: 'Please choose an image' });
    // "Each file under 10MB": 10 MB itself is one byte too many.
    const upload = await openUpload(reader.body(IMAGE_RULES.maxBytes - 1));
    if (!upload) return notAnImage();
    const folder = await mkdtemp(join(tmpdir(), 'forecourt-upload-'));
    try {
      const file = join(folder, 'upload');
      await pipeline(Readable.from(upload.bytes), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      while (await reader.next()) {
        // What a client sends after the file is read up to the part limit, and ignored.
      }
      const master = await uploadMaster(file, upload.kind);
      const key = photoKey(siteId, target.id, randomUUID(), master.kind);
      const stored = await deps.media.put(key, [master.bytes]);
      try {
        const added = await addValuationImage(
          deps.db,
          siteId,
          target.id,
          {
            storage_key: key,
            kind: master.kind,
            content_type: master.contentType,
            size: stored.size,
            sha256: stored.sha256,
          },
          IMAGE_RULES.maxImages,
        );
        if (added.kind === 'stored') return added;
        await deps.media.delete(key);
        return added.kind === 'full' ? full() : noValuation();
      } catch (error) {
        await deps.media.delete(key);
        throw error;
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  } catch (error) {
    if (error instanceof PhotoContentError) return notAnImage();
    if (!(error instanceof MultipartError)) throw error;
    if (error.problem === 'too_large') {
      return refused(413, 'image_too_large', IMAGE_RULES.tooBig, { file: IMAGE_RULES.tooBig });
    }
    if (error.problem === 'too_many_parts') {
      return refused(
        400,
        'invalid_request',
        `An upload has at most ${MAX_UPLOAD_PARTS} parts: the EvalID and the file`,
      );
    }
    return refused(400, 'invalid_request', 'The upload could not be read');
  }
}

const KIND_OF_CONTENT_TYPE = new Map(
  Object.entries(IMAGE_CONTENT_TYPES).map(([kind, type]) => [type, kind as ImageKind]),
);

/**
 * Moves the photos stored in the row store before the media storage (migration 015) into it, their
 * metadata stripped on the way (HEIC and GIF kept theirs then), and drops their bytes from the row
 * store. Run at start; a photo moved twice (two processes starting together) is written twice to the
 * same key, alike. Answers how many it moved.
 */
export async function moveStoredPhotos(db: Db, media: MediaStore): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await rowStoredImages(db, 20);
    if (batch.length === 0) return moved;
    for (const row of batch) {
      const bytes = Buffer.from(row.bytes);
      const kind = sniffImage(bytes) ?? KIND_OF_CONTENT_TYPE.get(row.content_type) ?? 'jpeg';
      let clean: Uint8Array = bytes;
      try {
        clean = cleanImage(bytes, kind);
      } catch (error) {
        // Accepted when it was sent: kept as it is rather than lost.
        if (!(error instanceof ImageFormatError)) throw error;
      }
      const key = photoKey(row.site_id, row.valuation_id, `photo-${row.id}`, kind);
      const stored = await media.put(key, [clean]);
      await markImageMoved(db, row.id, { storage_key: key, kind, size: stored.size, sha256: stored.sha256 });
      moved += 1;
    }
  }
}
