/** What every module plugin receives, the plugin type they share, and the app's type. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { Guards } from './auth/guards';
import type { Limits } from './auth/limits';
import type { SocialVerifier } from './auth/social';
import type { ChangeBus } from './changes/bus';
import type { Config } from './config';
import type { JobRunner } from './jobs/runner';
import type { Database, DatabaseHandle } from './db/database';
import type { ZodTypeProvider } from './http/validation';
import type { Mailer } from './mail/mailer';
import type { FirebaseMirror } from './modules/design/firebase-mirror';
import type { Notifications } from './modules/notifications/service';
import type { FileStorage } from './storage/port';

export type { Notifications };

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  guards: Guards;
  mailer: Mailer;
  socialVerifier: SocialVerifier;
  limits: Limits;
  /** `notifications.notify(userId, {type, title, body, meta})`: how any module tells a user. */
  notifications: Notifications;
  /** Firebase mode: `firebase.shopChanged(alias)` after any change to who may read or write a shop. */
  firebase: FirebaseMirror;
  /** Tells every server process that something it keeps in memory changed (changes/bus.ts). */
  changes: ChangeBus;
  /** The one durable job runner (server/src/jobs/runner.ts): modules define their queues at registration. */
  jobs: JobRunner;
  /** Uploads and build artifacts (server/src/storage): DATA_DIR or an S3 bucket, per config.STORAGE. */
  storage: FileStorage;
}

/** The app buildApp (app.ts) makes, with the contract's zod schemas as its type provider. */
export type AppInstance = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** A module: a Fastify plugin registered with the deps and `prefix: API_PREFIX`. */
export type ModulePlugin = FastifyPluginAsync<AppDeps, RawServerDefault, ZodTypeProvider>;
