import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What the browser asks for from `/assets/` and that compresses: scripts, stylesheets, drawings. */
const COMPRESSIBLE = /\.(js|mjs|css|svg)$/;

/** A file's compressed copies, each only where it is smaller than the file (tiny files are not). */
export function compressedCopies(content: Uint8Array): { br?: Uint8Array; gz?: Uint8Array } {
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
    },
  });
  const gz = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
  return {
    ...(br.byteLength < content.byteLength ? { br } : {}),
    ...(gz.byteLength < content.byteLength ? { gz } : {}),
  };
}

/**
 * Writes each built asset's Brotli and gzip copies beside it (`x.js.br`, `x.js.gz`), made once at the
 * build at the highest levels (decision 135): the server's static handler answers them by
 * `Accept-Encoding`, so a first visit downloads the smaller Brotli file and the server compresses no
 * asset per request. Browser builds only: the server's own bundle is never sent.
 */
export function precompressAssets(): Plugin {
  let ssr = false;
  return {
    name: 'forecourt:precompress-assets',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async writeBundle(options, bundle) {
      if (ssr || !options.dir) return;
      const dir = options.dir;
      await Promise.all(
        Object.values(bundle).flatMap((output) => {
          if (!COMPRESSIBLE.test(output.fileName)) return [];
          const content =
            output.type === 'chunk'
              ? Buffer.from(output.code)
              : typeof output.source === 'string'
                ? Buffer.from(output.source)
                : output.source;
          const { br, gz } = compressedCopies(content);
          const path = join(dir, output.fileName);
          return [...(br ? [writeFile(`${path}.br`, br)] : []), ...(gz ? [writeFile(`${path}.gz`, gz)] : [])];
        }),
      );
    },
  };
}
