/**
 * Serves a shop's installable web app (issue 31) at /shops/{alias}/app/: the files of the web-app
 * artifact of its latest succeeded build, as the pipeline stored them under builds/<buildId>/web/
 * in the file storage (artifacts/web-app.ts makes them). A shop without one gets a
 * friendly 404 page. Paths are checked segment by segment (no traversal); index.html, sw.js and
 * the manifest are revalidated every time (a new build takes over at once), the hashed assets and
 * catalogue pictures are kept forever; text files are sent compressed. The pages carry a
 * Content-Security-Policy of their own: scripts from this origin only (the app's scripts are
 * files), inline styles (the phone's), pictures from this origin, data: and blob:.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { webAppPath } from '@contract/builds/paths';
import { ALIAS_PATTERN } from '@contract/shops/alias';
import type { AppInstance } from '../../deps';
import type { Database } from '../../db/database';
import { buildArtifacts, builds } from '../../db/schema';
import { escapeHtml } from '../../html';
import { contentTypeOf, readStored, type FileStorage } from '../../storage/port';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from '../../web/paths';
import { webAppPrefix } from './records';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The web app's pages and worker: their own scripts (files), the phone's inline styles. */
export const WEB_APP_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

const COMPRESSIBLE = /\.(html|m?js|css|json|webmanifest|svg|txt)$/;
/** Below this size the encoding headers cost more than they save. */
const MIN_COMPRESS_BYTES = 1024;
/** Files whose names carry their content's hash (the shell's assets, the catalogue's pictures). */
const HASHED = /^(assets|catalogue)\//;
/** A path segment of the app's files. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

const NOT_BUILT_PAGE = (alias: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>This app has not been built yet</title>
    <style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#F6F7FB;color:#1F2333}main{max-width:32rem;padding:24px;text-align:center}h1{font-size:1.5rem;margin:0 0 12px}p{margin:0;line-height:1.5;color:#4B5066}</style>
  </head>
  <body>
    <main>
      <h1>This app has not been built yet</h1>
      <p>The shop “${escapeHtml(alias)}” has no installable web app yet. When its owner orders the app and the build succeeds, it opens here.</p>
    </main>
  </body>
</html>
`;

const FILE_NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>Not found</title></head><body><p>This file is not part of the app.</p></body></html>
`;

/** The file's path inside the app for a request's wildcard, or null when it is not one the app can have. */
export function appFilePath(wildcard: string): string | null {
  if (wildcard === '') return 'index.html';
  if (wildcard.length > 512 || wildcard.includes('\\') || wildcard.includes('\0')) return null;
  const segments = wildcard.split('/');
  if (!segments.every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..')) return null;
  return segments.join('/');
}

/** A text file as sent: compressed when that pays, null when the build has no such file. */
type Prepared = { body: Buffer; encoding: 'br' | 'gzip' | null } | null;

/** The text files sent lately, compressed, by encoding, build and path (a build's files never change). */
class CompressedCache {
  private readonly entries = new Map<string, Promise<Prepared>>();
  constructor(private readonly limit = 64) {}

  get(key: string, make: () => Promise<Prepared>): Promise<Prepared> {
    const known = this.entries.get(key);
    if (known) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const made = make();
    made.catch(() => this.entries.delete(key));
    this.entries.set(key, made);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
    return made;
  }
}

function preferredEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * `GET /shops/:alias/app` (to the folder) and `GET /shops/:alias/app/*`: the shop's web app from
 * its latest succeeded build's `web-app` artifact, read from the file storage.
 */
export function registerWebApp(app: AppInstance, deps: { db: Database; storage: FileStorage }): void {
  const compressed = new CompressedCache();

  async function latestWebAppBuild(alias: string): Promise<number | null> {
    const [row] = await deps.db
      .select({ id: builds.id })
      .from(builds)
      .innerJoin(buildArtifacts, and(eq(buildArtifacts.buildId, builds.id), eq(buildArtifacts.kind, 'web-app')))
      .where(and(eq(builds.shopAlias, alias), eq(builds.status, 'succeeded')))
      .orderBy(desc(builds.number))
      .limit(1);
    return row?.id ?? null;
  }

  const page = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', WEB_APP_CSP)
      .send(html);

  app.get('/shops/:alias/app', async (request, reply) => {
    const { alias } = request.params as { alias: string };
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`${webAppPath(alias)}${query}`, 301);
  });

  app.get('/shops/:alias/app/*', async (request, reply) => {
    const params = request.params as { alias: string; '*': string };
    const alias = params.alias;
    if (!ALIAS_PATTERN.test(alias)) return page(reply, 404, NOT_BUILT_PAGE(alias));
    const relative = appFilePath(params['*']);
    if (relative === null) return page(reply, 404, FILE_NOT_FOUND_PAGE);
    const buildId = await latestWebAppBuild(alias);
    if (buildId === null) return page(reply, 404, NOT_BUILT_PAGE(alias));

    const key = `${webAppPrefix(buildId)}${relative}`;
    // A build's files never change: its id and the path are the version.
    const etag = `"${createHash('sha1').update(`${buildId}:${relative}`).digest('base64url').slice(0, 20)}"`;
    const compressible = COMPRESSIBLE.test(relative);
    const headers = {
      'content-type': contentTypeOf(relative),
      'cache-control': HASHED.test(relative) ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
      etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': WEB_APP_CSP,
      ...(compressible ? { vary: 'accept-encoding' } : {}),
    };
    if (request.headers['if-none-match'] === etag) return reply.code(304).headers(headers).send();

    const encoding = compressible ? preferredEncoding(request) : null;
    if (!encoding) {
      const file = await deps.storage.get(key);
      if (!file) return page(reply, 404, FILE_NOT_FOUND_PAGE);
      return reply.headers(headers).header('content-length', file.size).send(file.body);
    }
    const prepared = await compressed.get(`${encoding}:${key}`, async () => {
      const source = await readStored(deps.storage, key);
      if (!source) return null;
      if (source.length < MIN_COMPRESS_BYTES) return { body: source, encoding: null };
      const body =
        encoding === 'br'
          ? await brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } })
          : await gzipAsync(source, { level: 9 });
      return { body, encoding };
    });
    if (!prepared) return page(reply, 404, FILE_NOT_FOUND_PAGE);
    reply.headers(headers);
    if (prepared.encoding) reply.header('content-encoding', prepared.encoding);
    return reply.send(prepared.body);
  });
}
