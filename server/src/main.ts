/**
 * `npm start`: one process on PORT serving the built portal, the API under /v1, socket.io and
 * /healthz. Builds the portal first when dist/ is missing or stale (unless SKIP_BUILD=1).
 */
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp, type AppInstance } from './app';
import { ConfigError, REPO_ROOT, loadConfig, redactUrl, type Config } from './config';
import { DatabaseOpenError, type DatabaseHandle } from './db/database';
import { RedisOpenError } from './redis';
import { openSeededDatabase } from './seed';
import { buildPortal, staleReason } from './web/build';
import { precompressDist } from './web/precompress';
import { lanAddresses } from './web/lan';
import { describeStorage } from './storage/factory';

/** A problem the person starting the server must fix: one line, exit code 1, no stack trace. */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function preparePortal(config: Config): Promise<void> {
  if (!config.SKIP_BUILD) {
    const reason = staleReason(REPO_ROOT, config.DIST_DIR);
    if (reason) {
      console.log(`Building the portal… (${reason})`);
      const started = Date.now();
      try {
        await buildPortal(REPO_ROOT, config.DIST_DIR);
      } catch (error) {
        console.error((error as Error).message);
        fail('The portal build failed (output above). Fix it, or start with SKIP_BUILD=1 to serve the API only.');
      }
      console.log(`Portal built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  if (existsSync(path.join(config.DIST_DIR, 'index.html'))) {
    await precompressDist(config.DIST_DIR);
  } else {
    console.warn(`Warning: the portal is not built (${path.join(config.DIST_DIR, 'index.html')} is missing): serving the API only.`);
  }
}

async function open(config: Config): Promise<{ database: DatabaseHandle; app: AppInstance }> {
  let database: DatabaseHandle;
  try {
    database = await openSeededDatabase(config);
  } catch (error) {
    if (error instanceof DatabaseOpenError) fail(error.message);
    throw error;
  }
  try {
    return { database, app: await buildApp({ config, db: database }) };
  } catch (error) {
    await database.close();
    if (error instanceof RedisOpenError) fail(error.message);
    throw error;
  }
}

async function listen(app: AppInstance, database: DatabaseHandle, config: Config): Promise<number> {
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app.close();
    await database.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`Port ${config.PORT} is already in use. Set PORT to another port.`);
    if (code === 'EACCES') fail(`Port ${config.PORT} needs more privileges. Set PORT to a port above 1023.`);
    throw error;
  }
  return (app.server.address() as AddressInfo).port;
}

function closeOnSignals(app: AppInstance, database: DatabaseHandle): void {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    closing = true;
    console.log(`${signal}: shutting down…`);
    try {
      await app.close();
    } finally {
      // Closing PGlite flushes it to DATA_DIR: it must finish before the process ends.
      await database.close();
    }
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
}

async function main(): Promise<void> {
  const config = readConfig();
  await preparePortal(config);
  mkdirSync(config.OUTBOX_DIR, { recursive: true });
  const { database, app } = await open(config);
  closeOnSignals(app, database);
  const port = await listen(app, database, config);

  console.log(`Portal ready at http://localhost:${port}`);
  const store = config.DATABASE_URL ? `PostgreSQL at ${redactUrl(config.DATABASE_URL)}` : `PGlite in ${path.join(config.DATA_DIR, 'pglite')}`;
  console.log(`Data directory: ${config.DATA_DIR} (database: ${store}; e-mail outbox: ${config.OUTBOX_DIR})`);
  console.log(`Uploads and build artifacts: ${describeStorage(config.STORAGE)}`);
  console.log(
    config.PUBLIC_URL
      ? `Links in e-mails use ${config.PUBLIC_ORIGIN} (PUBLIC_URL)`
      : `Links in e-mails use ${config.PUBLIC_ORIGIN} (PUBLIC_URL is not set; set it to the address people open)`,
  );
  console.log(`API reference: http://localhost:${port}/v1/docs`);
  const lan = config.HOST === '0.0.0.0' || config.HOST === '::' ? lanAddresses() : [];
  if (lan.length) console.log(`On your network (phones scanning a live preview QR code): ${lan.map((address) => `http://${address}:${port}`).join(', ')}`);
}

await main();
