/**
 * Files the server keeps (uploads, build artifacts) behind one port, so every process of a
 * cluster reads what any of them wrote. Keys are server-chosen paths: `uploads/avatars/<hex>.png`,
 * `builds/<id>/<file>`. Two adapters: a local directory (local.ts) and S3-compatible object
 * storage (s3.ts); factory.ts picks one from the config.
 */
import type { Readable } from 'node:stream';
import { HttpError } from '../http/http-error';

/** What is known of a stored file without reading it. */
export interface FileInfo {
  /** The whole file's length in bytes. */
  size: number;
  modified: Date;
}

/** A stored file, or the byte range of it asked for, its body still to be read. */
export interface StoredFile {
  body: Readable;
  /** The body's length in bytes: the whole file's, or the range's. */
  size: number;
  contentType: string;
  modified: Date;
}

/** Bytes `start` to `end` of a file, both included (as in a Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes whole: a reader sees the old file or the new one, never part of it. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Stores a file of this machine's disk (a large download) under `key`. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The file, or the bytes of `range` (within the file), or null when no file has that key. */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** The file's size and time, or null when no file has that key. */
  stat(key: string): Promise<FileInfo | null>;
  /** Deletes the file; a missing one is no error. */
  remove(key: string): Promise<void>;
  /** Deletes every file whose key starts with `prefix` (a folder: ends with `/`). */
  removeAll(prefix: string): Promise<void>;
  close(): Promise<void>;
}

export const STORAGE_UNAVAILABLE = 'File storage is unavailable: try again in a moment.';

/** The store did not answer, or failed: a 503 the client may retry, never a 500. */
export class StorageUnavailableError extends HttpError {
  constructor(options: { cause: unknown }) {
    super(503, STORAGE_UNAVAILABLE, { 'retry-after': '5' });
    this.name = 'StorageUnavailableError';
    this.cause = options.cause;
  }
}

/** One segment of a key: no empty, hidden, `.` or `..` part, no separators of another system. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** Throws unless `key` is a relative path of plain segments (a key is never a way out of the store). */
export function checkKey(key: string): string {
  const segments = key.split('/');
  if (key.length === 0 || key.length > 512 || !segments.every((segment) => SEGMENT.test(segment) && segment !== '..')) {
    throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
  }
  return key;
}

/** Throws unless `prefix` is a key folder (`a/b/`). */
export function checkPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new Error(`Invalid storage prefix ${JSON.stringify(prefix)}: it must end with /`);
  checkKey(prefix.slice(0, -1));
  return prefix;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  zip: 'application/zip',
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  woff2: 'font/woff2',
  woff: 'font/woff',
};

/** The content type of a key's extension (what a file of that name is served as). */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** The whole file, or null when it is missing (for small files: a logo, a page of the web app). */
export async function readStored(storage: FileStorage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  } catch (error) {
    throw new StorageUnavailableError({ cause: error });
  }
  return Buffer.concat(chunks);
}
