/**
 * Serves the built portal from DIST_DIR: hashed assets cached forever, index.html and the
 * service worker revalidated every time, and index.html (with the client credential filled
 * in) for every app route so the portal's router can render it, including its not-found page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../app';
import type { Config } from '../config';
import { CACHE_REVALIDATE, cacheControlFor, renderIndexHtml } from './paths';
import { homeShellHtml, withAppShell, withInlineStylesheets } from './app-shell';
import { preloadsFor, readBuildManifest, routePreloads, withModulePreloads } from './route-preloads';

export interface Portal {
  /** index.html for an app route: filled in, with modulepreloads for that route's own chunks. */
  sendIndex(reply: FastifyReply, pathname: string): FastifyReply;
}

/** Encoded siblings written by precompress.ts share the caching rule of their source file. */
const ENCODED_SUFFIX = /\.(br|gz)$/;

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Registers static serving; null (and nothing registered) when the portal is not built. */
export async function registerPortal(app: AppInstance, config: Pick<Config, 'DIST_DIR' | 'CLIENT_CREDENTIAL' | 'FACEBOOK_APP_ID'>): Promise<Portal | null> {
  const template = readText(path.join(config.DIST_DIR, 'index.html'));
  if (template === null) return null;
  // Rendered once: the credential and app id do not change while the server runs.
  const indexHtml = withInlineStylesheets(renderIndexHtml(template, config.CLIENT_CREDENTIAL, config.FACEBOOK_APP_ID ?? ''), (file) =>
    readText(path.join(config.DIST_DIR, file)),
  );
  const manifest = readBuildManifest(config.DIST_DIR);
  const routes = manifest ? routePreloads(manifest) : [];
  const home = withAppShell(withModulePreloads(indexHtml, preloadsFor(routes, '/')), homeShellHtml());
  // One page per distinct preload set: bounded by the number of routes.
  const pages = new Map<string, string>();
  const pageFor = (pathname: string): string => {
    if (pathname === '/') return home;
    const files = preloadsFor(routes, pathname);
    const key = files.join(' ');
    let html = pages.get(key);
    if (html === undefined) {
      html = withModulePreloads(indexHtml, files);
      pages.set(key, html);
    }
    return html;
  };
  const sendHtml = (reply: FastifyReply, html: string) => reply.type('text/html; charset=utf-8').header('cache-control', CACHE_REVALIDATE).send(html);
  const portal: Portal = { sendIndex: (reply, pathname) => sendHtml(reply, pageFor(pathname)) };

  await app.register(fastifyStatic, {
    root: config.DIST_DIR,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
    // The raw template has an empty credential: index.html is only served rendered. The build
    // manifest is for the server only.
    allowedPath: (pathname) => pathname !== '/index.html' && !pathname.startsWith('/.vite/'),
    setHeaders: (reply, filePath) => {
      const relative = path.relative(config.DIST_DIR, filePath).split(path.sep).join('/').replace(ENCODED_SUFFIX, '');
      reply.header('cache-control', cacheControlFor(relative));
    },
  });
  app.get('/', (_request, reply) => portal.sendIndex(reply, '/'));
  // The service worker precaches this one for every route: it carries no route's preloads.
  app.get('/index.html', (_request, reply) => sendHtml(reply, indexHtml));
  return portal;
}
