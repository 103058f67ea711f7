import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
/** Below this, compression saves less than the response headers it adds. */
const MIN_BYTES = 512;

/**
 * Writes `.br` and `.gz` beside every text asset of the build, at the highest levels: compressed
 * once here so the server only picks a file (`@fastify/static` with `preCompressed`) and spends no
 * CPU per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'pasteshare:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      await Promise.all(
        files
          .filter((f) => COMPRESSIBLE.test(f))
          .map(async (f) => {
            const full = path.join(outDir, f);
            const data = fs.readFileSync(full);
            if (data.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(data, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            fs.writeFileSync(`${full}.br`, br);
            fs.writeFileSync(`${full}.gz`, gz);
          }),
      );
    },
  };
}
