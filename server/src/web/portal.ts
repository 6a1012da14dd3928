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

export interface Portal {
  sendIndex(reply: FastifyReply): FastifyReply;
}

/** Encoded siblings written by precompress.ts share the caching rule of their source file. */
const ENCODED_SUFFIX = /\.(br|gz)$/;

function readIndex(distDir: string): string | null {
  try {
    return readFileSync(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

/** Registers static serving; null (and nothing registered) when the portal is not built. */
export async function registerPortal(app: AppInstance, config: Pick<Config, 'DIST_DIR' | 'CLIENT_CREDENTIAL' | 'FACEBOOK_APP_ID'>): Promise<Portal | null> {
  const template = readIndex(config.DIST_DIR);
  if (template === null) return null;
  // Rendered once: the credential and app id do not change while the server runs.
  const indexHtml = renderIndexHtml(template, config.CLIENT_CREDENTIAL, config.FACEBOOK_APP_ID ?? '');
  const portal: Portal = {
    sendIndex: (reply) => reply.type('text/html; charset=utf-8').header('cache-control', CACHE_REVALIDATE).send(indexHtml),
  };

  await app.register(fastifyStatic, {
    root: config.DIST_DIR,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
    // The raw template has an empty credential: index.html is only served rendered.
    allowedPath: (pathname) => pathname !== '/index.html',
    setHeaders: (reply, filePath) => {
      const relative = path.relative(config.DIST_DIR, filePath).split(path.sep).join('/').replace(ENCODED_SUFFIX, '');
      reply.header('cache-control', cacheControlFor(relative));
    },
  });
  app.get('/', (_request, reply) => portal.sendIndex(reply));
  app.get('/index.html', (_request, reply) => portal.sendIndex(reply));
  return portal;
}
