import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleRecord } from '../../../domain/trade-in.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { valuationImages } from '../../../server/store/valuations.repo.ts';
import { cleanImage, sniffImage } from '../../../server/valuation/images.ts';
import { type AccountServer, roomyLimiter, startAccountServer } from './watchlist-test-server.ts';

/**
 * Issue 16 item 3: trade-in photos are judged by their content, limited in size and number on the
 * server, and stored without their metadata (`locations-forms-tradein-site.md` §5 image rules).
 */
/** Harbour Toyota takes photos of trade-ins (`tradeInImageUpload`); Bayside Mazda does not. */
const HARBOUR = 'harbour-auto-group';
const HARBOUR_SITE = 102;
const BAYSIDE = 'bayside-mazda';

/** A well-formed JPEG whose EXIF segment carries a GPS position. */
function jpegWithGps(): Buffer {
  const segment = (marker: number, payload: Buffer) =>
    Buffer.concat([
      Buffer.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]),
      payload,
    ]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, Buffer.from('Exif\0\0GPSLatitude=-27.4698;GPSLongitude=153.0251', 'latin1')),
    segment(0xdb, Buffer.alloc(65, 1)),
    Buffer.from([0xff, 0xda, 0x00, 0x08, 1, 2, 3, 4, 5, 6]),
    Buffer.alloc(64, 7),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A PNG with a text chunk naming the camera. */
function pngWithText(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.alloc(13, 1)),
    chunk('tEXt', Buffer.from('Camera\0Pixel 9 GPS -27.47,153.02', 'latin1')),
    chunk('IDAT', Buffer.alloc(20, 2)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('what an upload is, and what is kept of it', () => {
  it('is judged by its magic bytes: JPEG, PNG, GIF, HEIC; an executable renamed .jpg is none of them', () => {
    expect(sniffImage(jpegWithGps())).toBe('jpeg');
    expect(sniffImage(pngWithText())).toBe('png');
    expect(sniffImage(Buffer.from('GIF89a\x01\0\x01\0\0\0\0;', 'latin1'))).toBe('gif');
    expect(sniffImage(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'))).toBe('heic');
    expect(sniffImage(Buffer.from('MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff', 'latin1'))).toBeNull();
    expect(sniffImage(Buffer.from('<?php echo 1; ?>', 'latin1'))).toBeNull();
  });

  it('JPEG and PNG lose their metadata (the GPS position), and keep their image data', () => {
    const jpeg = Buffer.from(cleanImage(jpegWithGps(), 'jpeg'));
    expect(jpeg.includes('GPSLatitude')).toBe(false);
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(jpeg.includes(Buffer.from('JFIF'))).toBe(true);
    expect(jpeg.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const png = Buffer.from(cleanImage(pngWithText(), 'png'));
    expect(png.includes('Pixel 9')).toBe(false);
    expect(png.includes('IDAT')).toBe(true);
    expect(() => cleanImage(Buffer.from([0xff, 0xd8, 0xff, 0x00, 1, 2, 3, 4, 5, 6, 7, 8]), 'jpeg')).toThrow();
  });
});

let db: Db;
let server: AccountServer;
beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  server = await startAccountServer(db, { limiter: roomyLimiter() });
});
afterAll(async () => {
  await server?.close();
  await db?.close();
});

/** POSTs a multipart upload as a same-origin browser would; answers status and body. */
function upload(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
  slug = HARBOUR,
) {
  const boundary = `----forecourt${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(parts);
  const host = server.host(slug);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/api/eval-expert/image-upload',
        method: 'POST',
        headers: {
          host,
          origin: `http://${host}`,
          'sec-fetch-site': 'same-origin',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('socket', (socket) => socket.on('error', () => undefined));
    request.on('error', (error) =>
      /EPIPE|ECONNRESET/.test(String(error)) ? resolve({ status: 413, body: '' }) : reject(error),
    );
    request.end(body);
  });
}

let valuations = 0;
/** A valuation of its own for each test: a TEST01 car with a description no other test chose. */
async function newValuation(slug = HARBOUR): Promise<string> {
  valuations += 1;
  const response = await server.request(slug, '/api/eval-expert/manual-entry', {
    body: { vin: 'TEST01VIN', desc: `2021 Toyota Corolla GX Automatic Sedan #${valuations}` },
  });
  const [record] = response.json<VehicleRecord[]>();
  if (!record?.EvalID) throw new Error('no EvalID');
  return record.EvalID;
}

describe('POST /api/eval-expert/image-upload', () => {
  it('stores a JPEG with its valuation, without its GPS position', async () => {
    const evalid = await newValuation();
    const answer = await upload({ evalid }, { name: 'front.jpg', type: 'image/jpeg', bytes: jpegWithGps() });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ count: 1 });
    const [stored] = await valuationImages(db, HARBOUR_SITE, evalid);
    expect(stored?.content_type).toBe('image/jpeg');
    expect(Buffer.from(stored?.bytes ?? []).includes('GPSLatitude')).toBe(false);
  });

  it('an executable renamed front.jpg, declared image/jpeg, is refused with a clear message', async () => {
    const evalid = await newValuation();
    const exe = Buffer.concat([Buffer.from('MZ\x90\0', 'latin1'), Buffer.alloc(200, 0x41)]);
    const answer = await upload({ evalid }, { name: 'front.jpg', type: 'image/jpeg', bytes: exe });
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body).error.message).toBe('Please upload a JPEG, PNG, GIF or HEIC image');
    expect(await valuationImages(db, HARBOUR_SITE, evalid)).toEqual([]);
  });

  it('the eleventh image is refused: "You can only upload 10 images"', async () => {
    const evalid = await newValuation();
    for (let index = 0; index < 10; index++) {
      expect(
        (await upload({ evalid }, { name: `${index}.png`, type: 'image/png', bytes: pngWithText() })).status,
      ).toBe(201);
    }
    const eleventh = await upload({ evalid }, { name: '10.png', type: 'image/png', bytes: pngWithText() });
    expect(eleventh.status).toBe(409);
    expect(JSON.parse(eleventh.body).error.message).toBe('You can only upload 10 images');
    expect(await valuationImages(db, HARBOUR_SITE, evalid)).toHaveLength(10);
  });

  it('an 11 MB file is refused before it is read: "Please upload an image file under 10MB"', async () => {
    const evalid = await newValuation();
    const big = Buffer.concat([jpegWithGps().subarray(0, 2), Buffer.alloc(11 * 1024 * 1024, 1)]);
    const answer = await upload({ evalid }, { name: 'big.jpg', type: 'image/jpeg', bytes: big });
    expect(answer.status).toBe(413);
    if (answer.body)
      expect(JSON.parse(answer.body).error.message).toBe('Please upload an image file under 10MB');
    expect(await valuationImages(db, HARBOUR_SITE, evalid)).toEqual([]);
  });

  it('no file, an unknown valuation, or JSON instead of a form: a 4xx naming what is wrong', async () => {
    const evalid = await newValuation();
    expect((await upload({ evalid })).status).toBe(422);
    expect(
      (await upload({ evalid: 'EVNOPE' }, { name: 'a.jpg', type: 'image/jpeg', bytes: jpegWithGps() }))
        .status,
    ).toBe(404);
    expect(
      (await upload({ evalid: '../../etc' }, { name: 'a.jpg', type: 'image/jpeg', bytes: jpegWithGps() }))
        .status,
    ).toBe(422);
    const json = await server.request(HARBOUR, '/api/eval-expert/image-upload', { body: { evalid } });
    expect(json.status).toBe(415);
  });

  it('a dealer that takes no photos refuses them, whatever the valuation', async () => {
    const evalid = await newValuation(BAYSIDE);
    const answer = await upload(
      { evalid },
      { name: 'a.jpg', type: 'image/jpeg', bytes: jpegWithGps() },
      BAYSIDE,
    );
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).error.message).toBe('This dealer does not take photos of trade-ins');
  });
});
