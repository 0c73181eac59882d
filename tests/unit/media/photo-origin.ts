import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** One request the origin received: its path and the validators it carried. */
export interface SeenRequest {
  path: string;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
}

/** A dealer's photo server on 127.0.0.1 for the tests: each path answered by a handler, each request counted. */
export interface PhotoOrigin {
  port: number;
  /** `http://127.0.0.1:<port><path>` */
  url(path: string): string;
  requests: SeenRequest[];
  /** How many requests named `path`. */
  count(path: string): number;
  route(path: string, handler: (req: IncomingMessage, res: ServerResponse) => void): void;
  close(): Promise<void>;
}

/** Starts a photo origin on 127.0.0.1 (an ephemeral port). */
export async function startPhotoOrigin(): Promise<PhotoOrigin> {
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const requests: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({
      path,
      ifNoneMatch: req.headers['if-none-match'],
      ifModifiedSince: req.headers['if-modified-since'],
    });
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    count: (path) => requests.filter((request) => request.path === path).length,
    route: (path, handler) => routes.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers `body` as a JPEG with an ETag, and 304 to a request that sends the ETag back. */
export function serveImage(body: Buffer, etag = '"v1"', contentType = 'image/jpeg') {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length, etag }).end(body);
  };
}

/**
 * A real JPEG made by sharp: `width` × `height` as stored, with an EXIF orientation (6: shown turned a
 * quarter clockwise) and a camera's EXIF fields (make, copyright) that must not survive the pipeline.
 */
export function makeJpeg(
  width: number,
  height: number,
  options: { orientation?: number } = {},
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'PhoneCam', Copyright: 'Dealer photographer' } })
    .withMetadata({ orientation: options.orientation ?? 1 })
    .toBuffer();
}
