import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleRecord } from '../../../domain/trade-in.ts';
import { cleanImage } from '../../../server/media/image-metadata.ts';
import { readMediaObject } from '../../../server/media/media-store.ts';
import { ftypBrands, isHevcHeif } from '../../../server/media/photos/heic.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { valuationImages } from '../../../server/store/valuations.repo.ts';
import { tradeInPhotoToken } from '../../../server/trade-in/photo-links.ts';
import { moveStoredPhotos } from '../../../server/trade-in/photos.ts';
import { gifFile, imageFixture, jpegWithMetadata, pngFile, SECRETS } from '../../fixtures/images.ts';
import { type AccountServer, roomyLimiter, startAccountServer } from './watchlist-test-server.ts';

/**
 * Issue 16 item 3 and issue 31 items 1 and 7: trade-in photos are judged by their content, limited
 * in size and number, checked before they are read, streamed to the media storage without their
 * metadata (`locations-forms-tradein-site.md` §5 image rules); the row store keeps where each is.
 * Issue 35 item 4: each is decoded and written anew by sharp — upright, without any metadata, an
 * iPhone's HEIC as a JPEG the dealer can open.
 */
/** Harbour Toyota takes photos of trade-ins (`tradeInImageUpload`); Bayside Mazda does not. */
const HARBOUR = 'harbour-auto-group';
const HARBOUR_SITE = 102;
const BAYSIDE = 'bayside-mazda';
const BOUNDARY = '----forecourtTestBoundary';

const photos = {
  jpeg: jpegWithMetadata(imageFixture('photo.jpg')),
  png: pngFile(true),
  gif: gifFile(true),
  heic: imageFixture('gps-exiftool.heic'),
};

/** A multipart body as a browser's `FormData` sends it: the fields, then the file. */
function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

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

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * POSTs an upload as a same-origin browser would. `send` is what is sent of the body (all of it by
 * default) and `length` the length declared (that of the whole body; null sends it chunked). The
 * answer resolves as soon as the server gives it, whether or not the body was all sent.
 */
function post(
  body: Buffer,
  options: {
    send?: Buffer;
    length?: number | null;
    slug?: string;
    address?: string;
    to?: AccountServer;
  } = {},
): Promise<Answer> {
  const to = options.to ?? server;
  const host = to.host(options.slug ?? HARBOUR);
  const length = options.length === undefined ? body.length : options.length;
  const send = options.send ?? body;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: to.port,
        path: '/api/eval-expert/image-upload',
        method: 'POST',
        headers: {
          host,
          origin: `http://${host}`,
          'sec-fetch-site': 'same-origin',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          ...(length === null ? {} : { 'content-length': String(length) }),
          ...(options.address ? { 'x-forwarded-for': options.address } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text });
        });
      },
    );
    request.on('socket', (socket) => socket.on('error', () => undefined));
    request.on('error', (error) => {
      if (!/EPIPE|ECONNRESET/.test(String(error))) reject(error);
    });
    if (send === body && length !== null) request.end(body);
    else request.write(send);
  });
}

const upload = (evalid: string, file?: { name: string; type: string; bytes: Buffer }, slug = HARBOUR) =>
  post(multipart({ evalid }, file), { slug });
const message = (answer: Answer) => JSON.parse(answer.body).error.message as string;

let valuations = 0;
/** A valuation of its own for each test: a TEST01 car with a description no other test chose. */
async function newValuation(slug = HARBOUR, to = server): Promise<string> {
  valuations += 1;
  const response = await to.request(slug, '/api/eval-expert/manual-entry', {
    body: { vin: 'TEST01VIN', desc: `2021 Toyota Corolla GX Automatic Sedan #${valuations}` },
  });
  const [record] = response.json<VehicleRecord[]>();
  if (!record?.EvalID) throw new Error('no EvalID');
  return record.EvalID;
}

/** The bytes of each photo a valuation has, read from the media storage. */
async function storedPhotos(evalid: string): Promise<Buffer[]> {
  const images = await valuationImages(db, HARBOUR_SITE, evalid);
  return Promise.all(
    images.map(async (image) => (await readMediaObject(server.media, image.storage_key)) ?? Buffer.alloc(0)),
  );
}

describe('POST /api/eval-expert/image-upload', () => {
  /** What each kind is stored as: a JPEG, or a PNG for a lossless picture. */
  const storedAs = { jpeg: 'jpeg', png: 'png', gif: 'png', heic: 'jpeg' } as const;

  it.each(Object.entries(photos))(
    'a %s is stored in the media storage as a picture without its GPS position, XMP or comments',
    async (kind, bytes) => {
      const evalid = await newValuation();
      const answer = await upload(evalid, { name: `front.${kind}`, type: 'image/jpeg', bytes });
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.body)).toMatchObject({ count: 1 });
      const [image] = await valuationImages(db, HARBOUR_SITE, evalid);
      const as = storedAs[kind as keyof typeof storedAs];
      expect(image).toMatchObject({
        kind: as,
        content_type: `image/${as}`,
        storage_key: expect.stringMatching(
          new RegExp(`^trade-in/102/\\d+/[0-9a-f-]{36}\\.${as === 'jpeg' ? 'jpg' : 'png'}$`),
        ),
      });
      const [stored = Buffer.alloc(0)] = await storedPhotos(evalid);
      expect(SECRETS.filter((secret) => stored.includes(secret))).toEqual([]);
      const read = await sharp(stored).metadata();
      expect(read).toMatchObject({ format: as, width: kind === 'gif' ? 4 : 16 });
      expect([read.exif, read.xmp, read.iptc, read.icc]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      // The row says where the photo is and what it is; its bytes are not in the row store.
      expect(image?.size).toBe(stored.length);
      expect(image?.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
      const { rows } = await db.query<{ bytes: Uint8Array | null }>(
        'SELECT bytes FROM valuation_images WHERE id = $1',
        [image?.id],
      );
      expect(rows[0]?.bytes).toBeNull();
    },
  );

  it('a phone photo taken sideways (EXIF orientation 6) is stored upright, without its EXIF or GPS position', async () => {
    // 64 × 32 as the sensor saw it: red on the left, blue on the right; "turn 90° clockwise to view".
    const [width, height] = [64, 32];
    const pixels = Buffer.alloc(width * height * 3);
    for (let at = 0; at < width * height; at++) pixels[at * 3 + (at % width < width / 2 ? 0 : 2)] = 255;
    const sideways = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'Apple', Model: 'iPhone 15' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '27/1 28/1 1128/100', GPSLongitudeRef: 'E' },
      })
      .toBuffer();
    expect(await sharp(sideways).metadata()).toMatchObject({ orientation: 6, width: 64, height: 32 });
    expect(sideways.includes('iPhone 15')).toBe(true);

    const evalid = await newValuation();
    expect((await upload(evalid, { name: 'side.jpg', type: 'image/jpeg', bytes: sideways })).status).toBe(
      201,
    );
    const [stored = Buffer.alloc(0)] = await storedPhotos(evalid);
    const read = await sharp(stored).metadata();
    expect(read).toMatchObject({ format: 'jpeg', width: 32, height: 64 });
    expect(read.orientation).toBeUndefined();
    expect(read.exif).toBeUndefined();
    expect(stored.includes('iPhone 15') || stored.includes('Exif\0\0')).toBe(false);
    // Upright: the red half is now on top, the blue half below.
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const rgb = (x: number, y: number) => [...data.subarray((y * 32 + x) * 3, (y * 32 + x) * 3 + 3)];
    expect(rgb(16, 8)[0]).toBeGreaterThan(200);
    expect(rgb(16, 8)[2]).toBeLessThan(60);
    expect(rgb(16, 56)[2]).toBeGreaterThan(200);
    expect(rgb(16, 56)[0]).toBeLessThan(60);
  });

  it('an iPhone HEIC (HEVC) becomes a JPEG, and the dealer’s signed link serves it as one', async () => {
    const heic = imageFixture('gps-libheif.heic');
    // The sharp this server has cannot decode it: the photo goes through the HEIC decoder.
    await expect(sharp(heic).toBuffer()).rejects.toThrow();
    const evalid = await newValuation();
    expect((await upload(evalid, { name: 'IMG_0001.HEIC', type: 'image/heic', bytes: heic })).status).toBe(
      201,
    );
    const [image] = await valuationImages(db, HARBOUR_SITE, evalid);
    expect(image).toMatchObject({ kind: 'jpeg', content_type: 'image/jpeg' });
    const [stored = Buffer.alloc(0)] = await storedPhotos(evalid);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 16, height: 16 });
    expect(SECRETS.filter((secret) => stored.includes(secret))).toEqual([]);

    const token = tradeInPhotoToken(
      server.linkSecret,
      HARBOUR_SITE,
      image?.id ?? 0,
      new Date(Date.now() + 60_000),
    );
    const link = await server.request(HARBOUR, `/api/trade-in/photos/${token}`, { method: 'GET' });
    expect(link.status).toBe(200);
    expect(link.headers['content-type']).toBe('image/jpeg');
  });

  it('HEVC-coded HEIF is told by its ftyp brands; AVIF, JPEG and PNG are not', async () => {
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .avif()
      .toBuffer();
    expect(ftypBrands(avif)).toContain('avif');
    expect(isHevcHeif(avif)).toBe(false);
    for (const name of ['photo.heic', 'gps-exiftool.heic', 'gps-libheif.heic']) {
      expect(isHevcHeif(imageFixture(name)), name).toBe(true);
    }
    expect(isHevcHeif(photos.jpeg)).toBe(false);
    expect(isHevcHeif(photos.png)).toBe(false);
    // An iPhone's brands: major `heic`, compatible `mif1`, `heic` (as its first 32 bytes have them).
    const iphone = Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1');
    expect(ftypBrands(iphone)).toEqual(['heic', 'mif1', 'heic']);
    expect(isHevcHeif(iphone)).toBe(true);
  });

  it('an executable renamed front.jpg, declared image/jpeg, is refused with a clear message', async () => {
    const evalid = await newValuation();
    const exe = Buffer.concat([Buffer.from('MZ\x90\0', 'latin1'), Buffer.alloc(200, 0x41)]);
    const answer = await upload(evalid, { name: 'front.jpg', type: 'image/jpeg', bytes: exe });
    expect(answer.status).toBe(422);
    expect(message(answer)).toBe('Please upload a JPEG, PNG, GIF or HEIC image');
    expect(await valuationImages(db, HARBOUR_SITE, evalid)).toEqual([]);
  });

  it.each([
    ['JPEG', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 0x41)])],
    ['PNG', Buffer.concat([pngFile(false).subarray(0, 16), Buffer.alloc(300, 0x41)])],
    [
      'HEIC',
      Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(300, 0x41)]),
    ],
  ])(
    'a file that only starts like a %s is refused as not an image, and nothing is stored',
    async (_, bytes) => {
      const evalid = await newValuation();
      const answer = await upload(evalid, { name: 'front.jpg', type: 'image/jpeg', bytes });
      expect(answer.status).toBe(422);
      expect(message(answer)).toBe('Please upload a JPEG, PNG, GIF or HEIC image');
      expect(await valuationImages(db, HARBOUR_SITE, evalid)).toEqual([]);
    },
  );

  it('the eleventh image is refused: "You can only upload 10 images"', async () => {
    const evalid = await newValuation();
    for (let index = 0; index < 10; index++) {
      expect(
        (await upload(evalid, { name: `${index}.png`, type: 'image/png', bytes: photos.png })).status,
      ).toBe(201);
    }
    const eleventh = await upload(evalid, { name: '10.png', type: 'image/png', bytes: photos.png });
    expect(eleventh.status).toBe(409);
    expect(message(eleventh)).toBe('You can only upload 10 images');
    expect(await valuationImages(db, HARBOUR_SITE, evalid)).toHaveLength(10);
  });

  it('an 11 MB file is refused before it is read: "Please upload an image file under 10MB"', async () => {
    const evalid = await newValuation();
    const big = multipart(
      { evalid },
      { name: 'big.jpg', type: 'image/jpeg', bytes: Buffer.alloc(11 * 1024 * 1024, 1) },
    );
    const answer = await post(big, { send: big.subarray(0, 1024) });
    expect(answer.status).toBe(413);
    expect(message(answer)).toBe('Please upload an image file under 10MB');
    expect(answer.headers.connection).toBe('close');
    expect(await valuationImages(db, HARBOUR_SITE, evalid)).toEqual([]);
  });

  it('a file of 10 MB declared in a larger form is cut off at 10 MB: "Please upload an image file under 10MB"', async () => {
    const evalid = await newValuation();
    // A well-formed JPEG whose image data runs to 10 MB.
    const start = imageFixture('photo.jpg').subarray(0, -2);
    const exactly = Buffer.concat([start, Buffer.alloc(10 * 1024 * 1024 - start.length, 1)]);
    const answer = await upload(evalid, { name: 'big.jpg', type: 'image/jpeg', bytes: exactly });
    expect(answer.status).toBe(413);
    expect(message(answer)).toBe('Please upload an image file under 10MB');
    expect(await valuationImages(db, HARBOUR_SITE, evalid)).toEqual([]);
  });

  it('an unknown or another site’s EvalID is refused before a byte of the file is read', async () => {
    const baysides = await newValuation(BAYSIDE);
    for (const evalid of ['EVNOPE', baysides]) {
      const body = multipart(
        { evalid },
        { name: 'a.jpg', type: 'image/jpeg', bytes: Buffer.alloc(9 * 1024 * 1024, 7) },
      );
      // Only the EvalID part is sent: the answer comes without the file.
      const answer = await post(body, { send: body.subarray(0, body.indexOf('filename=')) });
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body).error.fields).toEqual({ evalid: 'No such valuation' });
      expect(answer.headers.connection).toBe('close');
    }
  });

  it('a valuation with 10 photos refuses the next before its file is read', async () => {
    const evalid = await newValuation();
    for (let index = 0; index < 10; index++) {
      await upload(evalid, { name: `${index}.gif`, type: 'image/gif', bytes: photos.gif });
    }
    const body = multipart(
      { evalid },
      { name: 'a.jpg', type: 'image/jpeg', bytes: Buffer.alloc(9 * 1024 * 1024, 7) },
    );
    const answer = await post(body, { send: body.subarray(0, body.indexOf('filename=')) });
    expect(answer.status).toBe(409);
  });

  it('a body of 100,000 tiny parts is refused at its fifth part, unread beyond', async () => {
    const evalid = await newValuation();
    const tiny = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n`;
    const flood = Buffer.from(
      `${tiny.replace('"x"', '"evalid"').replace('\r\n1\r\n', `\r\n${evalid}\r\n`)}${tiny.repeat(100_000)}--${BOUNDARY}--\r\n`,
    );
    const answer = await post(flood, { send: flood.subarray(0, 20 * tiny.length) });
    expect(answer.status).toBe(400);
    expect(message(answer)).toBe('An upload has at most 4 parts: the EvalID and the file');
    // Nor does a body that starts with the file, or with anything but the EvalID.
    const fileFirst = Buffer.from(
      `${tiny.replace('"x"', '"file"; filename="a.jpg"')}${tiny.repeat(100_000)}`,
    );
    const refused = await post(fileFirst, { send: fileFirst.subarray(0, 20 * tiny.length) });
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.body).error.fields).toEqual({ evalid: 'Send the EvalID before the file' });
    expect(await valuationImages(db, HARBOUR_SITE, evalid)).toEqual([]);
  });

  it('an upload without a declared length is refused (411), unread', async () => {
    const evalid = await newValuation();
    const body = multipart({ evalid }, { name: 'a.jpg', type: 'image/jpeg', bytes: photos.jpeg });
    const answer = await post(body, { length: null, send: body.subarray(0, 100) });
    expect(answer.status).toBe(411);
    expect(await valuationImages(db, HARBOUR_SITE, evalid)).toEqual([]);
  });

  it('no file, an unknown valuation, or JSON instead of a form: a 4xx naming what is wrong', async () => {
    const evalid = await newValuation();
    expect((await upload(evalid)).status).toBe(422);
    expect((await upload('EVNOPE', { name: 'a.jpg', type: 'image/jpeg', bytes: photos.jpeg })).status).toBe(
      404,
    );
    expect(
      (await upload('../../etc', { name: 'a.jpg', type: 'image/jpeg', bytes: photos.jpeg })).status,
    ).toBe(422);
    const json = await server.request(HARBOUR, '/api/eval-expert/image-upload', { body: { evalid } });
    expect(json.status).toBe(415);
  });

  it('a dealer that takes no photos refuses them, whatever the valuation', async () => {
    const evalid = await newValuation(BAYSIDE);
    const answer = await upload(evalid, { name: 'a.jpg', type: 'image/jpeg', bytes: photos.jpeg }, BAYSIDE);
    expect(answer.status).toBe(404);
    expect(message(answer)).toBe('This dealer does not take photos of trade-ins');
  });

  it('photos the row store held before (migration 015) move to the media storage without their metadata', async () => {
    const evalid = await newValuation();
    const { rows } = await db.query<{ id: number }>(
      'SELECT id FROM valuations WHERE site_id = $1 AND eval_id = $2',
      [HARBOUR_SITE, evalid],
    );
    // Stored as the server did before: the bytes in the row, HEIC as sent.
    await db.query(
      'INSERT INTO valuation_images (valuation_id, content_type, bytes, size) VALUES ($1, $2, $3, $4)',
      [rows[0]?.id, 'image/heic', photos.heic, photos.heic.length],
    );
    expect(await valuationImages(db, HARBOUR_SITE, evalid)).toEqual([]);
    expect(await moveStoredPhotos(db, server.media)).toBe(1);
    expect(await moveStoredPhotos(db, server.media)).toBe(0);
    const [image] = await valuationImages(db, HARBOUR_SITE, evalid);
    expect(image).toMatchObject({ kind: 'heic', content_type: 'image/heic' });
    const [stored] = await storedPhotos(evalid);
    expect(stored?.equals(Buffer.from(cleanImage(photos.heic, 'heic')))).toBe(true);
    expect(SECRETS.filter((secret) => stored?.includes(secret))).toEqual([]);
  });
});

describe('uploads per address (issue 31 item 1)', () => {
  let limited: AccountServer;
  beforeAll(async () => {
    // The server's own limits, with one trusted proxy so a test can speak for several addresses.
    limited = await startAccountServer(db, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('twelve uploads, then one every 5 s: of 20 sent at once, 12 at most get past (429) — another address does', async () => {
    const body = multipart({ evalid: 'EVNOPE' }, { name: 'a.jpg', type: 'image/jpeg', bytes: photos.jpeg });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(body, { to: limited, address: '198.51.100.7' })),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.length - refused.length).toBeLessThanOrEqual(12);
    expect(refused.length).toBeGreaterThanOrEqual(8);
    expect(refused[0]?.headers['retry-after']).toMatch(/^[1-5]$/);
    expect((await post(body, { to: limited, address: '198.51.100.8' })).status).toBe(404);
  });
});
