/**
 * Serves the built portal from DIST_DIR: hashed assets cached forever, index.html and the
 * service worker revalidated every time, and index.html (with the client credential filled
 * in) for every app-looking path so the portal's router can render it: with 200 for a path of
 * its route table, 404 (the same page, which renders the not-found screen) for any other.
 *
 * Every page carries this response's style nonce (Content-Security-Policy) in
 * `<meta name="csp-nonce">`: the portal gives it to its runtime style sheets (emotion's cache,
 * and goober's through window.__nonce__ for notistack). The inline styles the server writes
 * itself (the font faces) and the style attributes of the prerendered pages are allowed by their
 * hashes; the prerendered pages' emotion <style> elements carry the nonce.
 *
 * The public pages (contract/pages.ts PUBLIC_PAGES) are served prerendered (./prerendered.ts),
 * and /sitemap.xml lists them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { PUBLIC_PAGES, TOKEN_PAGES, type PrerenderedPage, type ServedData } from '@contract/pages';
import { SERVED_DATA_ID } from '@contract/served-data';
import type { AppInstance } from '../deps';
import type { Config } from '../config';
import { sha256Source } from '../http/csp-hash';
import { CACHE_REVALIDATE, CACHE_SHORT, cacheControlFor, isAppRoute, renderIndexHtml } from './paths';
import { withInlineStylesheets } from './app-shell';
import { modulePreloadsOf, withBootAfterPaint, woff2FilesOf } from './boot-after-paint';
import { normalizePagePath, prerenderedHtml, readPrerendered, sitemapXml } from './prerendered';
import { preloadsFor, readBuildManifest, routePreloads, withModulePreloads } from './route-preloads';
import { isKnownRoute, readRouteTable } from './route-table';
import { startPageRenderer } from './page-renderer';

export interface Portal {
  /** How an app-looking path is answered (200 or 404), or null when the portal does not own it. */
  pageFor(pathname: string): { status: 200 | 404 } | null;
  /** index.html for an app path: filled in, with modulepreloads for that route's own chunks. */
  sendIndex(request: FastifyRequest, reply: FastifyReply, pathname: string, status?: number, head?: string): FastifyReply;
  /**
   * A public page rendered for this request with `served` (its data, also carried in the page for
   * the client's cache): `url` is its path and search. Without a renderer, or when the render
   * fails, the page as prerendered without data.
   */
  sendRendered(request: FastifyRequest, reply: FastifyReply, url: string, served: ServedData): Promise<FastifyReply>;
}

/** Pages rendered per request, kept by address and data: one render per change of the data. */
const RENDERED_CACHE_SIZE = 32;

/** Encoded siblings written by precompress.ts share the caching rule of their source file. */
const ENCODED_SUFFIX = /\.(br|gz)$/;

/** Replaced by the response's nonce in every page sent. */
const NONCE_PLACEHOLDER = '__CSP_STYLE_NONCE__';

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The nonce meta tag before </head> (the portal gives it to emotion's cache and to goober). */
function withNonceSlots(html: string): string {
  return html.replace(/<\/head>/i, `  <meta name="csp-nonce" content="${NONCE_PLACEHOLDER}" />\n  </head>`);
}

/** The CSP hashes of a page's inline <style> elements (without a nonce) and style attributes. */
function inlineStyleHashes(html: string): string[] {
  const elements = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
  const attributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((match) => match[1] ?? '');
  return [...new Set([...elements, ...attributes].map(sha256Source))];
}

/**
 * A page compressed as the browser accepts it: each carries its own nonce, so it is compressed per
 * response (about 2 ms for the 180 kB of `/templates` with its data, which goes down to 15 kB).
 */
function sendEncoded(reply: FastifyReply, body: string): FastifyReply {
  const accepted = String(reply.request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted))
    return reply.header('content-encoding', 'br').send(brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }));
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(body));
  return reply.send(body);
}

/** Brotli's speed/size balance for pages compressed per response (11, the default, is ~50x slower). */
const BROTLI_QUALITY = 5;

/** Registers static serving; null (and nothing registered) when the portal is not built. */
export async function registerPortal(
  app: AppInstance,
  config: Pick<Config, 'DIST_DIR' | 'CLIENT_CREDENTIAL' | 'FACEBOOK_APP_ID' | 'PUBLIC_ORIGIN'>,
): Promise<Portal | null> {
  const template = readText(path.join(config.DIST_DIR, 'index.html'));
  if (template === null) return null;
  // Rendered once: the credential and app id do not change while the server runs.
  const filled = withNonceSlots(renderIndexHtml(template, config.CLIENT_CREDENTIAL, config.FACEBOOK_APP_ID ?? ''));
  const inlineStylesheets = (html: string) => withInlineStylesheets(html, (file) => readText(path.join(config.DIST_DIR, file)));
  const indexHtml = inlineStylesheets(filled);
  const manifest = readBuildManifest(config.DIST_DIR);
  const routes = manifest ? routePreloads(manifest) : [];
  const table = readRouteTable(config.DIST_DIR);
  for (const hash of inlineStyleHashes(indexHtml)) app.allowInlineStyle(hash);
  const fontsOf = (stylesheet: string) => woff2FilesOf(readText(path.join(config.DIST_DIR, stylesheet)) ?? '');
  // index.html's own modulepreloads: the entry's imports, in order (Vite writes them).
  const entryImports = modulePreloadsOf(filled);
  // The public pages, rendered once: each with its own route's preloads, loaded (with the font
  // faces' stylesheet) after the first paint.
  const pageHtml = (page: PrerenderedPage) => {
    const { html: booted, script } = withBootAfterPaint(
      prerenderedHtml(withModulePreloads(filled, preloadsFor(routes, page.path)), page, config.PUBLIC_ORIGIN),
      fontsOf,
      entryImports,
    );
    const html = inlineStylesheets(booted);
    for (const hash of inlineStyleHashes(html)) app.allowInlineStyle(hash);
    if (script !== null) app.allowInlineScript(sha256Source(script));
    return html;
  };
  const prerendered = new Map<string, string>();
  for (const page of readPrerendered(config.DIST_DIR)) prerendered.set(page.path, pageHtml(page));

  const renderer = startPageRenderer(path.join(config.DIST_DIR, '.vite/ssr/render.js'));
  if (renderer) app.addHook('onClose', () => renderer.close());
  // Each page once per address and data, shared by the requests that arrive while it renders.
  const rendered = new Map<string, Promise<string>>();
  const renderedHtml = async (url: string, served: ServedData): Promise<string> => {
    if (!renderer) throw new Error('no page renderer in this build');
    // The data serialised once: the key's hash and the page's copy (about 120 kB for the gallery).
    const queries = JSON.stringify(served.queries);
    const key = `${url}\n${createHash('sha256').update(queries).digest('base64url')}`;
    let page = rendered.get(key);
    if (page === undefined) {
      page = renderer.render(url, served).then(pageHtml);
      if (rendered.size >= RENDERED_CACHE_SIZE) rendered.delete(rendered.keys().next().value as string);
      rendered.set(key, page);
      // A failed render is tried again by the next request.
      page.catch(() => rendered.get(key) === page && rendered.delete(key));
    }
    const html = await page;
    // The data as the client reads it back (</script> cannot occur in it: "<" is escaped).
    const data = `{"readAt":${JSON.stringify(served.readAt)},"queries":${queries}}`.replace(/</g, '\\u003c');
    return html.replace(/<\/body>/i, () => `  <script type="application/json" id="${SERVED_DATA_ID}">${data}</script>\n  </body>`);
  };

  // One page per distinct preload set: bounded by the number of routes.
  const pages = new Map<string, string>();
  const htmlFor = (pathname: string): string => {
    const ready = prerendered.get(normalizePagePath(pathname));
    if (ready !== undefined) return ready;
    const files = preloadsFor(routes, pathname);
    const key = files.join(' ');
    let html = pages.get(key);
    if (html === undefined) {
      html = withModulePreloads(indexHtml, files);
      pages.set(key, html);
    }
    return html;
  };
  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    sendEncoded(
      reply.code(status).type('text/html; charset=utf-8').header('cache-control', CACHE_REVALIDATE),
      html.replaceAll(NONCE_PLACEHOLDER, reply.raw.styleNonce ?? ''),
    );

  const portal: Portal = {
    pageFor: (pathname) => {
      if (!isAppRoute(pathname)) return null;
      return { status: table === null || isKnownRoute(table, pathname) ? 200 : 404 };
    },
    sendIndex: (_request, reply, pathname, status = 200, head) => {
      // A one-time token in this page's URL must not leave in a Referer header.
      if (TOKEN_PAGES.includes(pathname.replace(/\/+$/, ''))) reply.header('referrer-policy', 'no-referrer');
      // Extra head tags (escaped by the caller), e.g. the public page's Open Graph tags.
      const html = htmlFor(pathname);
      return sendHtml(reply, head ? html.replace(/<\/head>/i, `${head}\n  </head>`) : html, status);
    },
    sendRendered: async (request, reply, url, served) => {
      try {
        return sendHtml(reply, await renderedHtml(url, served));
      } catch (error) {
        if (renderer) request.log.warn({ err: error, url }, 'page rendered without its data');
        return portal.sendIndex(request, reply, url.split('?', 1)[0] ?? url);
      }
    },
  };

  await app.register(fastifyStatic, {
    root: config.DIST_DIR,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
    // The raw template has an empty credential: index.html is only served rendered. The build
    // manifest and route table are for the server only.
    allowedPath: (pathname) => pathname !== '/index.html' && !pathname.startsWith('/.vite/'),
    setHeaders: (reply, filePath) => {
      const relative = path.relative(config.DIST_DIR, filePath).split(path.sep).join('/').replace(ENCODED_SUFFIX, '');
      reply.header('cache-control', cacheControlFor(relative));
    },
  });
  app.get('/', (request, reply) => portal.sendIndex(request, reply, '/'));
  const sitemap = sitemapXml(
    PUBLIC_PAGES.map((page) => ({ path: page })),
    config.PUBLIC_ORIGIN,
  );
  app.get('/sitemap.xml', (_request, reply) => reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_SHORT).send(sitemap));
  // The service worker precaches this one for every route: it carries no route's preloads.
  app.get('/index.html', (_request, reply) => sendHtml(reply, indexHtml));
  return portal;
}
