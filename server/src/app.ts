/**
 * Builds the Fastify app: envelope, validation and serialisation through the contract's zod
 * schemas, error handling, security headers, auth guards, socket.io, the API modules (each a
 * plugin under API_PREFIX), the OpenAPI reference, uploaded files and the static portal. Used
 * by main.ts, dev.ts and in-process by the tests.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIX } from '@contract/api';
import type { ErrorBody } from '@contract/envelope';
import { UPLOADS_PATH } from '@contract/pages';
import { createGuards, loadSessionUser } from './auth/guards';
import { CHANGES } from './changes/bus';
import { trackConnections } from './graceful-close';
import { openChangeBus } from './changes/transports';
import { createLimits, type Limits } from './auth/limits';
import { createFacebookVerifier, type SocialVerifier } from './auth/social';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { AppDeps, AppInstance, ModulePlugin } from './deps';
import { errorReply } from './http/errors';
import { boundJsonBodies, JSON_LIMITS } from './http/json-limits';
import { registerOpenApi, registerOpenApiUi } from './http/openapi';
import { registerSecurityHeaders } from './http/security-headers';
import { zodSerializerCompiler } from './http/serialization';
import { zodValidatorCompiler, type ZodTypeProvider } from './http/validation';
import { AccessLog, isQuietRequest, loggerOptions, type LoggerChoice } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { STORED_NAME, uploadKey } from './media/store';
import { emailsModule } from './modules/auth/email-routes';
import { authModule } from './modules/auth/routes';
import { catalogModule } from './modules/catalog/routes';
import { plansModule } from './modules/plans/routes';
import { chatModule } from './modules/chat/routes';
import { registerPublicPage } from './modules/design/public-page';
import { registerGalleryPage } from './modules/templates/gallery-page';
import { collaboratorsModule } from './modules/collaborators/routes';
import { creditsModule } from './modules/credits/routes';
import { customersModule } from './modules/customers/routes';
import { createFirebaseMirror } from './modules/design/firebase-mirror';
import { designModule } from './modules/design/routes';
import { designSharingModule } from './modules/design/sharing-routes';
import { designVersionsModule } from './modules/design/version-routes';
import { healthModule } from './modules/health/routes';
import { createPushSender } from './modules/notifications/push';
import { notificationsModule } from './modules/notifications/routes';
import { registerPayments } from './modules/payments/index';
import { registerBilling } from './modules/billing/index';
import { registerBuilds, type BuildPipelineOptions } from './modules/builds/index';
import { createJobRunner } from './jobs/runner';
import { createNotifications } from './modules/notifications/service';
import { referralsModule } from './modules/referrals/routes';
import { shopsModule } from './modules/shops/routes';
import { releasesModule } from './modules/releases/routes';
import { templatesModule } from './modules/templates/routes';
import { usersModule } from './modules/users/routes';
import { contactModule } from './modules/contact/routes';
import { attachRealtime, type Realtime } from './realtime/socket';
import { createFileStorage } from './storage/factory';
import { contentTypeOf, type FileStorage } from './storage/port';
import { sendStored } from './storage/send';
import { CACHE_IMMUTABLE, isAppRoute } from './web/paths';
import { registerPortal, type Portal } from './web/portal';

export type { AppDeps, AppInstance } from './deps';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    /** The built portal, or null when DIST_DIR has no index.html (or serving it is off). */
    portal: Portal | null;
    /** The rate limits (tests read the memory store's bound). */
    limits: Limits;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: DatabaseHandle;
  /** Structured request logs (default on); tests turn them off, or capture them with `log.stream`. */
  logger?: boolean;
  /** Readable or captured logs (logger.ts). */
  log?: LoggerChoice;
  /** Serve DIST_DIR (default on); `npm run dev` leaves the portal to Vite. */
  servePortal?: boolean;
  /** Run the job runner's workers and schedules (default on); tests that do not need them pass false. */
  jobs?: boolean;
  /** Where e-mails go (default: OUTBOX_DIR, or SMTP_URL when set); tests pass their own. */
  mailer?: Mailer;
  /** Checks social sign-in tokens (default: the Graph API); tests pass a fake. */
  socialVerifier?: SocialVerifier;
  /** How builds make their artifacts (tests replace a maker to make it fail, and poll the engine sooner). */
  buildPipeline?: BuildPipelineOptions;
  /** Registers extra routes before the app is sealed (tests use it for guard-only routes). */
  configure?: (app: AppInstance, deps: AppDeps) => void | Promise<void>;
}

const NOT_FOUND: ErrorBody = { message: 'Not found' };
const PORTAL_NOT_BUILT: ErrorBody = { message: 'The portal is not built yet: run "npm run build", or restart without SKIP_BUILD=1.' };

/** The API's modules, each registered with the deps under API_PREFIX (health lives outside it). */
const MODULES: ModulePlugin[] = [
  plansModule,
  catalogModule,
  authModule,
  usersModule,
  emailsModule,
  customersModule,
  creditsModule,
  referralsModule,
  collaboratorsModule,
  designSharingModule,
  designVersionsModule,
  shopsModule,
  notificationsModule,
  releasesModule,
  designModule,
  chatModule,
  templatesModule,
  contactModule,
];

/**
 * Uploaded files, streamed from the file storage (any process serves any upload): only names the
 * server gave, with the type of their extension, never run as a page. Proxied rather than
 * redirected to a signed bucket URL: the same address on every setup, same-origin for the pages'
 * CSP and the service worker, and a bucket that stays private.
 */
function registerUploads(app: FastifyInstance, storage: FileStorage): void {
  app.get(`${UPLOADS_PATH}/*`, async (request, reply) => {
    const fileName = (request.params as { '*': string })['*'];
    if (!STORED_NAME.test(fileName)) return reply.code(404).send(NOT_FOUND);
    // Stored names are random and never reused: the name is the version, and a copy is never stale.
    const etag = `"${fileName.slice(fileName.indexOf('/') + 1, fileName.lastIndexOf('.'))}"`;
    const headers = {
      'content-type': contentTypeOf(fileName),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline',
      'cache-control': CACHE_IMMUTABLE,
      etag,
    };
    if (request.headers['if-none-match'] === etag) return reply.code(304).headers(headers).send();
    return (await sendStored(request, reply, storage, uploadKey(fileName), { headers, etag })) ?? reply.code(404).send(NOT_FOUND);
  });
}

export async function buildApp(options: BuildAppOptions): Promise<AppInstance> {
  const { config } = options;
  const pretty = options.log?.pretty ?? (!options.log?.stream && Boolean(process.stdout.isTTY));
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.log),
    // A person reads a terminal: no line per static file there.
    logController: new AccessLog(pretty ? isQuietRequest : undefined),
    bodyLimit: JSON_LIMITS.bytes,
    // Named proxies only: trusting everyone would let any client forge its address.
    trustProxy: config.TRUST_PROXY ?? false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  app.setErrorHandler(errorReply);
  boundJsonBodies(app);
  app.decorateRequest('user', null);

  const guards = createGuards({ config, db: options.db.db });
  const realtime = await attachRealtime(app.server, { config, log: app.log, authenticate: (token) => loadSessionUser({ config, db: options.db.db }, token) });
  app.decorate('realtime', realtime);
  // socket.io clients go first, or their open connections would hold the HTTP server open.
  app.addHook('preClose', async () => realtime.disconnectClients());
  // Then the connections without a request under way, or closing would wait for them.
  const closeConnections = trackConnections(app.server);
  app.addHook('preClose', async () => closeConnections());
  app.addHook('onClose', async () => realtime.close());
  const changes = await openChangeBus({ realtime, database: options.db, log: app.log });
  // Before realtime's hook closes the Redis clients it listens on.
  app.addHook('preClose', async () => changes.close());
  // This process's seed may have added plans, categories or currencies the running ones keep.
  app.addHook('onReady', async () => changes.publish(CHANGES.catalogue));

  const deps: AppDeps = {
    config,
    database: options.db,
    db: options.db.db,
    guards,
    mailer: options.mailer ?? createMailer(config, app.log),
    socialVerifier: options.socialVerifier ?? createFacebookVerifier(config),
    limits: createLimits(realtime.redis),
    changes,
    notifications: createNotifications({ db: options.db.db, realtime, push: createPushSender({ config, db: options.db.db, log: app.log }), log: app.log }),
    firebase: createFirebaseMirror({ config, db: options.db.db, log: app.log }),
    jobs: createJobRunner(options.db, app.log.child({ module: 'jobs' })),
    storage: await createFileStorage(config.STORAGE),
  };
  app.addHook('onClose', async () => deps.storage.close());
  // Jobs start once every module has defined its queues, and stop before the database closes.
  if (options.jobs !== false) app.addHook('onReady', async () => deps.jobs.start());
  app.addHook('preClose', async () => deps.jobs.stop());
  app.addHook('onClose', async () => deps.firebase.close());
  // Firebase mode: every shop's rights once more, then the designs followed (not awaited: the port opens first).
  app.addHook('onReady', async () => {
    void deps.firebase.start().catch((error: unknown) => app.log.error({ err: error }, 'Firebase mirror failed to start'));
  });
  // Pushes already started finish before the database closes.
  app.addHook('onClose', async () => deps.notifications.push.idle());
  app.decorate('limits', deps.limits);

  try {
    await registerSecurityHeaders(app, config);
    await registerOpenApi(app);
    await app.register(healthModule, deps);
    for (const module of MODULES) await app.register(module, { ...deps, prefix: API_PREFIX });
    await registerBilling(app, deps, await registerPayments(app, deps));
    await registerBuilds(app, deps, options.buildPipeline);
    registerUploads(app, deps.storage);
    await options.configure?.(app, deps);
    await registerOpenApiUi(app);

    const portal = options.servePortal === false ? null : await registerPortal(app, config);
    app.decorate('portal', portal);
    if (portal) {
      registerPublicPage(app, portal, deps.db, config);
      registerGalleryPage(app, portal, deps.db);
    }
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?', 1)[0] ?? '/';
      const rendersPortal = (request.method === 'GET' || request.method === 'HEAD') && isAppRoute(pathname);
      const page = rendersPortal ? portal?.pageFor(pathname) : null;
      if (portal && page) return portal.sendIndex(request, reply, pathname, page.status);
      if (rendersPortal && options.servePortal !== false) return reply.code(503).send(PORTAL_NOT_BUILT);
      return reply.code(404).send(NOT_FOUND);
    });
  } catch (error) {
    await app.close();
    throw error;
  }

  return app;
}
