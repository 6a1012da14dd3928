/**
 * Writes .br and .gz siblings of the portal's text files once per build, so @fastify/static
 * (preCompressed) can send them without compressing on every request.
 */
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|ico)$/;
/** Below this size the encoding headers cost more than they save. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

async function isFresh(encoded: string, sourceMtimeMs: number): Promise<boolean> {
  try {
    return (await stat(encoded)).mtimeMs >= sourceMtimeMs;
  } catch {
    return false;
  }
}

/** Written through a temporary name: a request never sees half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** Returns how many files were (re)compressed. */
export async function precompressDist(distDir: string): Promise<number> {
  let count = 0;
  for await (const file of files(distDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const info = await stat(file);
    if (info.size < MIN_BYTES) continue;
    const [brFresh, gzFresh] = await Promise.all([isFresh(`${file}.br`, info.mtimeMs), isFresh(`${file}.gz`, info.mtimeMs)]);
    if (brFresh && gzFresh) continue;
    const source = await readFile(file);
    await Promise.all([
      brFresh
        ? undefined
        : brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }).then((data) =>
            writeAtomically(`${file}.br`, data),
          ),
      gzFresh ? undefined : gzipAsync(source, { level: 9 }).then((data) => writeAtomically(`${file}.gz`, data)),
    ]);
    count += 1;
  }
  return count;
}
