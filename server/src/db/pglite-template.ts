/**
 * A new embedded database starts from a template: PGlite's data directory right after initdb and
 * the migrations, as a gzipped tarball (PGlite's dumpDataDir, loaded with its loadDataDir option).
 * initdb alone takes about 2 s; loading the template about 0.7 s, so a first `npm start`, every
 * fresh DATA_DIR and every in-memory test database open faster.
 *
 * The template lives in node_modules/.cache/shopapp-portal/, named by a hash of the PGlite
 * version and the migration files: a template of other migrations is never loaded. The first open
 * that finds none makes it (from a separate in-memory database, never from a live one); a cache
 * that cannot be written only costs that open its usual time.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const CACHE_DIR = fileURLToPath(new URL('../../../node_modules/.cache/shopapp-portal', import.meta.url));

/** The template's file for these migrations and this PGlite (hashed once per process and folder). */
const templateFiles = new Map<string, string>();
export function templateFile(migrationsFolder: string): string {
  const known = templateFiles.get(migrationsFolder);
  if (known) return known;
  const hash = createHash('sha256');
  // Its package.json is not among its exports: read beside its entry (dist/).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update((JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version);
  const files = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? files(path.join(folder, entry.name)) : [path.join(folder, entry.name)]))
      .sort();
  for (const file of files(migrationsFolder)) hash.update(path.relative(migrationsFolder, file)).update(readFileSync(file));
  const file = path.join(CACHE_DIR, `pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  templateFiles.set(migrationsFolder, file);
  return file;
}

/** The template's tarball, made first when there is none; null when it can be neither read nor made. */
export async function pgliteTemplate(migrationsFolder: string): Promise<Blob | null> {
  let file: string;
  try {
    file = templateFile(migrationsFolder);
  } catch {
    return null;
  }
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // None yet: made below.
  }
  try {
    const scratch = new PGlite();
    try {
      await migrate(drizzle(scratch), { migrationsFolder });
      const tarball = Buffer.from(await (await scratch.dumpDataDir('gzip')).arrayBuffer());
      // Written whole, then renamed: another process never reads half a template.
      mkdirSync(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, tarball);
      renameSync(partial, file);
      return new Blob([tarball]);
    } finally {
      await scratch.close();
    }
  } catch {
    return null;
  }
}

/** Forgets a template that failed to load (the next open makes a new one). */
export function dropTemplate(migrationsFolder: string): void {
  rmSync(templateFile(migrationsFolder), { force: true });
}
