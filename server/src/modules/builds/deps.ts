/** What the build module's parts share. */
import type { FastifyBaseLogger } from 'fastify';
import type { Build } from '@contract/builds/schemas';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Notifications } from '../../deps';
import type { JobRunner } from '../../jobs/runner';
import type { Mailer } from '../../mail/mailer';
import type { ShopRow } from '../../shop-access/access';
import type { FileStorage } from '../../storage/port';
import type { BuildEngine } from './engine';

export interface BuildsDeps {
  db: Database;
  config: Config;
  jobs: JobRunner;
  mailer: Mailer;
  notifications: Notifications;
  log: FastifyBaseLogger;
  /** Where the artifacts live, under `builds/<id>/` (artifactKey). */
  storage: FileStorage;
  /** The external build engine (BUILD_ENGINE_URL), or undefined. */
  engine: BuildEngine | undefined;
  /** Sends the build to every open page of its app (room builds:<alias>). */
  announce(build: Build): void;
  /** E-mails the owner the build's links; `strict` makes a failed e-mail a 503 (asked for by a person). */
  deliver(shop: ShopRow, build: Build, options: { strict: boolean }): Promise<boolean>;
}
