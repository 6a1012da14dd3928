/** Zip archives of artifact files (fflate: small, no native code). Entries keep a fixed date, so the same files make the same bytes and sha256. */
import { unzipSync, zipSync, type Zippable } from 'fflate';
import type { ArtifactFiles } from './types';

const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

/** `root/` prefixes every entry (a zip a person unpacks makes one folder). */
export function zipFiles(files: ArtifactFiles, root: string): Uint8Array {
  const entries: Zippable = {};
  for (const [name, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    // PNGs and zips are compressed already.
    entries[`${root}/${name}`] = [bytes, { level: /\.(png|jpe?g|webp|woff2?|zip)$/i.test(name) ? 0 : 6, mtime: FIXED_DATE }];
  }
  return zipSync(entries);
}

/** The files of a zip made by `zipFiles`, without their root folder. */
export function unzipFiles(zip: Uint8Array): ArtifactFiles {
  const files: ArtifactFiles = new Map();
  for (const [name, bytes] of Object.entries(unzipSync(zip))) {
    if (name.endsWith('/')) continue;
    files.set(name.slice(name.indexOf('/') + 1), bytes);
  }
  return files;
}
