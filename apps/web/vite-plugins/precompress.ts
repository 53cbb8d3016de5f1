import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The build's text assets; images, fonts and source maps are left as they are. */
const COMPRESSIBLE = /\.(?:js|css|svg|json|wasm)$/;

/** Below this the server sends a file as it is (apps/api/src/site/stored-files.ts). */
const FROM_BYTES = 1024;

/**
 * Writes each hashed asset's Brotli and gzip forms beside it (`name.js.br`, `name.js.gz`), at the
 * highest settings, which are too slow to use per request: the server sends them to browsers
 * that accept them (apps/api/src/site/stored-files.ts). Brotli at quality 11 makes the app's
 * scripts about a fifth smaller than the gzip the server made per request, and no request pays
 * for compressing them any more (decision 0081). Only assets/: the pages themselves are
 * rewritten per request by the server, and are small.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vocal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.values(bundle).flatMap((output) => {
        if (!output.fileName.startsWith('assets/') || !COMPRESSIBLE.test(output.fileName)) return [];
        const source = output.type === 'chunk' ? output.code : output.source;
        const bytes = typeof source === 'string' ? Buffer.from(source) : source;
        return bytes.byteLength >= FROM_BYTES ? [{ path: join(outDir, output.fileName), bytes }] : [];
      });
      await Promise.all(
        files.map(async ({ path, bytes }) => {
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
              },
            }),
            gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}
