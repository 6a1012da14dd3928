/**
 * Sends a stored file as a browser or a download manager expects of a file server: the whole
 * file, or the one byte range a `Range` header asks for (a download that resumes, a player that
 * seeks) as 206 with `Content-Range`; 416 when the range starts past the end. Several ranges, or
 * an `If-Range` naming another version, get the whole file (RFC 9110 allows both).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { ByteRange, FileInfo, FileStorage } from './port';

export const RANGE_NOT_SATISFIABLE = 'The range asked for starts after the end of the file.';

interface SendOptions {
  /** The headers of a successful answer (content type, caching, disposition...). */
  headers: Record<string, string>;
  /** The file's strong ETag when it has one: an If-Range naming it keeps the range. */
  etag?: string;
}

/** Sends the file under `key` (the reply, sent); null, nothing sent, when there is none: the caller's own 404 or 410. */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  options: SendOptions,
): Promise<FastifyReply | null> {
  let range: ByteRange | undefined;
  let info: FileInfo | null = null;
  const asked = request.headers.range;
  if (asked) {
    info = await storage.stat(key);
    if (!info) return null;
    const ifRange = request.headers['if-range'];
    // If-Range names an ETag (quoted) or a date: a range of another version than the client's would corrupt its copy.
    const sameVersion =
      ifRange === undefined || (typeof ifRange === 'string' && (ifRange.startsWith('"') ? ifRange === options.etag : ifRange === info.modified.toUTCString()));
    const ranges = sameVersion ? parseRange(info.size, asked, { combine: true }) : -2;
    if (ranges === -1) return reply.code(416).header('content-range', `bytes */${info.size}`).send({ message: RANGE_NOT_SATISFIABLE });
    const [only] = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges : [];
    if (only) range = { start: only.start, end: only.end };
  }
  const file = await storage.get(key, range);
  if (!file) return null;
  reply.headers(options.headers).header('accept-ranges', 'bytes').header('last-modified', file.modified.toUTCString()).header('content-length', file.size);
  if (range && info) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  return reply.send(file.body);
}
