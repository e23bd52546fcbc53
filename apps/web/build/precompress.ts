import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What compresses: scripts, styles, markup and data; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // .vite holds the build manifest, which the server never serves
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => {
        const full = path.join(dir, e.name);
        return e.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
      }),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible
 * file of the build, once, so that the server only picks one by the request's Accept-Encoding
 * (@fastify/static `preCompressed`) instead of compressing the same bytes on every request.
 * A compressed twin that saves nothing is not written: the server then sends the file itself.
 */
export function precompress(): Plugin {
  return {
    name: 'klinikita:precompress',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        const outDir = options.dir;
        if (!outDir) return;
        const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
        await Promise.all(
          files.map(async (file) => {
            const source = await readFile(file);
            const [br, gzipped] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gz(source, { level: 9 }),
            ]);
            if (br.length < source.length) await writeFile(`${file}.br`, br);
            if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
          }),
        );
      },
    },
  };
}
