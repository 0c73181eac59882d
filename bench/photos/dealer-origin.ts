import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';

/**
 * The dealer's photo server for `photos.bench.ts`, in a process of its own so that neither making
 * the photos nor sending them counts in the worker's CPU time or memory. It makes its photos with
 * sharp, listens on 127.0.0.1 and prints `{ port, large, medium }` (the photos' sizes in bytes) as
 * one JSON line; `/stock/<car>/<n>.jpg` answers photo `car × PER_CAR + n` of the import.
 */
const PER_CAR = Number(process.env.BENCH_PHOTOS_PER_CAR ?? 20);

let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/**
 * A photo-like JPEG: a sky and ground gradient, a car-ish body and wheels, hundreds of small shapes
 * (the texture of gravel, leaves and reflections that survives scaling down, as a real photo's
 * detail does) and sensor noise.
 */
async function makePhoto(width: number, height: number): Promise<Buffer> {
  const hue = Math.floor(random() * 360);
  const shapes = Array.from({ length: 600 }, () => {
    const [x, y] = [random() * width, random() * height];
    const r = (0.002 + random() ** 3 * 0.08) * width;
    const colour = `hsl(${Math.floor(random() * 360)},${20 + Math.floor(random() * 50)}%,${20 + Math.floor(random() * 60)}%)`;
    return `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * (0.3 + random())}" fill="${colour}" opacity="${0.3 + random() * 0.6}"/>`;
  }).join('');
  const body = (hue + 200) % 360;
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="hsl(${hue},60%,75%)"/><stop offset="0.55" stop-color="hsl(${hue},30%,90%)"/>
        <stop offset="0.56" stop-color="hsl(${(hue + 120) % 360},20%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},15%,20%)"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#s)"/>${shapes}
      <rect x="${width * 0.2}" y="${height * 0.45}" width="${width * 0.6}" height="${height * 0.22}" rx="${width * 0.05}" fill="hsl(${body},70%,40%)"/>
      <rect x="${width * 0.3}" y="${height * 0.33}" width="${width * 0.35}" height="${height * 0.14}" rx="${width * 0.03}" fill="hsl(${body},30%,25%)"/>
      <circle cx="${width * 0.32}" cy="${height * 0.68}" r="${height * 0.08}" fill="#222"/>
      <circle cx="${width * 0.68}" cy="${height * 0.68}" r="${height * 0.08}" fill="#222"/>
    </svg>`,
  );
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** What the dealer's server answers for photo `k` (the k-th of the whole import). */
type Answer =
  | { kind: 'photo'; bytes: Buffer; slow: boolean }
  | { kind: 'notAnImage' }
  | { kind: 'truncated'; bytes: Buffer };

function answerFor(k: number, pool: { large: Buffer[]; medium: Buffer[] }): Answer {
  const photo = (
    k % 3 === 0 ? pool.large[k % pool.large.length] : pool.medium[k % pool.medium.length]
  ) as Buffer;
  // Spread by a multiplicative hash, so first photos of cars are among the broken and slow ones too.
  const draw = ((k * 2_654_435_761) >>> 0) % 1000;
  if (draw < 20) return { kind: 'notAnImage' };
  if (draw < 40) return { kind: 'truncated', bytes: photo.subarray(0, photo.length >> 1) };
  return { kind: 'photo', bytes: photo, slow: draw < 65 };
}

async function serveAnswer(answer: Answer, res: ServerResponse): Promise<void> {
  if (answer.kind === 'notAnImage') {
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html><body>Image not found</body></html>');
    return;
  }
  const headers = { 'content-type': 'image/jpeg', 'content-length': answer.bytes.length, etag: '"v1"' };
  if (answer.kind === 'truncated' || !answer.slow) {
    res.writeHead(200, headers).end(answer.bytes);
    return;
  }
  await sleep(1_500);
  res.writeHead(200, headers);
  const piece = Math.ceil(answer.bytes.length / 10);
  for (let at = 0; at < answer.bytes.length; at += piece) {
    res.write(answer.bytes.subarray(at, at + piece));
    await sleep(100);
  }
  res.end();
}

const pool = {
  large: await Promise.all(Array.from({ length: 4 }, () => makePhoto(3000, 2000))),
  medium: await Promise.all(Array.from({ length: 8 }, () => makePhoto(1600, 1067))),
};
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const match = /^\/stock\/(\d+)\/(\d+)\.jpg$/.exec(req.url ?? '');
  if (!match) {
    res.writeHead(404).end();
    return;
  }
  serveAnswer(answerFor(Number(match[1]) * PER_CAR + Number(match[2]), pool), res).catch(() => res.destroy());
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(
    JSON.stringify({
      port,
      large: pool.large.map((b) => b.length),
      medium: pool.medium.map((b) => b.length),
    }),
  );
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
