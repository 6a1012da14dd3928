/**
 * Builds the Fastify app: envelope, validation, error handling, auth guards, socket.io, the
 * API modules, uploaded files and the static portal. Used by main.ts, dev.ts and in-process by the tests.
 */
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ErrorBody } from '@contract/envelope';
import { createGuards, type Guards } from './auth/guards';
import { createFacebookVerifier, type SocialVerifier } from './auth/social';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/database';
import { errorReply } from './http/errors';
import { zodValidatorCompiler, type ZodTypeProvider } from './http/validation';
import { loggerOptions } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { accountRoutes } from './modules/accounts/routes';
import { createAccountLimiters } from './modules/accounts/service';
import { catalogRoutes } from './modules/catalog/routes';
import { collaboratorRoutes } from './modules/collaborators/routes';
import { creditRoutes } from './modules/credits/routes';
import { customerRoutes } from './modules/customers/routes';
import { healthRoutes } from './modules/health/routes';
import { referralRoutes } from './modules/referrals/routes';
import { attachRealtime, type Realtime } from './realtime/socket';
import { CACHE_IMMUTABLE, isAppRoute } from './web/paths';
import { registerPortal, type Portal } from './web/portal';

export type AppInstance = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** What route modules receive. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  guards: Guards;
  mailer: Mailer;
  socialVerifier: SocialVerifier;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    /** The built portal, or null when DIST_DIR has no index.html (or serving it is off). */
    portal: Portal | null;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: DatabaseHandle;
  /** Structured request logs (default on); tests turn them off. */
  logger?: boolean;
  /** Serve DIST_DIR (default on); `npm run dev` leaves the portal to Vite. */
  servePortal?: boolean;
  /** Where e-mails go (default: OUTBOX_DIR, or SMTP_URL when set); tests pass their own. */
  mailer?: Mailer;
  /** Checks social sign-in tokens (default: the Graph API); tests pass a fake. */
  socialVerifier?: SocialVerifier;
  /** Registers extra routes before the app is sealed (tests use it for guard-only routes). */
  configure?: (app: AppInstance, deps: AppDeps) => void | Promise<void>;
}

const NOT_FOUND: ErrorBody = { message: 'Not found' };
const PORTAL_NOT_BUILT: ErrorBody = { message: 'The portal is not built yet: run "npm run build", or restart without SKIP_BUILD=1.' };

export async function buildApp(options: BuildAppOptions): Promise<AppInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    bodyLimit: 1024 * 1024,
    // Named proxies only: trusting everyone would let any client forge its address.
    trustProxy: config.TRUST_PROXY ?? false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(errorReply);
  app.decorateRequest('user', null);

  const deps: AppDeps = {
    config,
    database: options.db,
    db: options.db.db,
    guards: createGuards({ config, db: options.db.db }),
    mailer: options.mailer ?? createMailer(config, app.log),
    socialVerifier: options.socialVerifier ?? createFacebookVerifier(config),
  };

  const realtime = await attachRealtime(app.server, config, app.log);
  app.decorate('realtime', realtime);
  // socket.io clients go first, or their open connections would hold the HTTP server open.
  app.addHook('preClose', async () => realtime.disconnectClients());
  app.addHook('onClose', async () => realtime.close());

  try {
    healthRoutes(app, deps);
    catalogRoutes(app, deps);
    const limiters = createAccountLimiters(realtime.redis);
    accountRoutes(app, deps, limiters);
    referralRoutes(app, deps, limiters);
    customerRoutes(app, deps);
    creditRoutes(app, deps);
    collaboratorRoutes(app, deps);
    // Uploaded files have random names that never change: cacheable forever.
    const uploadsDir = path.join(config.DATA_DIR, 'uploads');
    mkdirSync(uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', CACHE_IMMUTABLE),
    });
    await options.configure?.(app, deps);

    const portal = options.servePortal === false ? null : await registerPortal(app, config);
    app.decorate('portal', portal);
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?', 1)[0] ?? '/';
      const rendersPortal = (request.method === 'GET' || request.method === 'HEAD') && isAppRoute(pathname);
      if (rendersPortal && portal) return portal.sendIndex(reply, pathname);
      if (rendersPortal && options.servePortal !== false) return reply.code(503).send(PORTAL_NOT_BUILT);
      return reply.code(404).send(NOT_FOUND);
    });
  } catch (error) {
    await app.close();
    throw error;
  }

  return app;
}
