/**
 * Server test harness: a fresh database per suite (in-memory PGlite always; a freshly created
 * PostgreSQL database too when one answers at TEST_DATABASE_URL) and an app built in-process.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { createClient } from 'redis';
import { buildApp, type AppInstance, type BuildAppOptions } from '../../server/src/app';
import { loadConfig, redactUrl, type Config } from '../../server/src/config';
import type { DatabaseHandle } from '../../server/src/db/database';
import { openSeededDatabaseAt } from '../../server/src/seed';

export type DatabaseKind = 'pglite' | 'postgres';

export const TEST_CLIENT_CREDENTIAL = 'portal-test:0123456789abcdef';
export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-for-hs256';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function basicAuth(credential: string = TEST_CLIENT_CREDENTIAL): string {
  return `Basic ${Buffer.from(credential).toString('base64')}`;
}

const temporaryDirs: string[] = [];

/** A temporary directory removed by `removeTempDirs` (call it in afterAll). */
export function tempDir(prefix = 'portal-test-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of temporaryDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A temporary DATA_DIR whose dist/ holds a stub portal page: what a server spawned with SKIP_BUILD=1
 * serves (the server tests run before any build).
 */
export function stubbedDataDir(prefix: string): { dataDir: string; distDir: string } {
  const dataDir = tempDir(prefix);
  const distDir = path.join(dataDir, 'dist');
  mkdirSync(distDir);
  writeFileSync(path.join(distDir, 'index.html'), '<html><head><meta name="portal-client-credential" content=""></head><body></body></html>');
  return { dataDir, distDir };
}

/**
 * The variables of servers the tests spawn as processes of their own (server/src/main.ts, a
 * cluster's processes) and kill mid-build: a stubbed DATA_DIR, the fixed secrets (so every process
 * of one test accepts the same sessions), quiet logs, a 2 min engine timeout (a build the engine
 * loses fails within the test's time) and a build lease of 2 s (a killed process's build is taken
 * over quickly). `overrides` add the database, the engine, the port...
 */
export function spawnedServerEnv(overrides: Record<string, string>): Record<string, string> & { DATA_DIR: string; DIST_DIR: string } {
  const { dataDir, distDir } = stubbedDataDir('portal-spawned-');
  return {
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    JWT_SECRET: TEST_JWT_SECRET,
    CLIENT_CREDENTIAL: TEST_CLIENT_CREDENTIAL,
    SKIP_BUILD: '1',
    LOG_LEVEL: 'warn',
    ENGINE_TIMEOUT: '120',
    BUILD_LEASE_SECONDS: '2',
    ...overrides,
  };
}

/** A config on a temporary DATA_DIR with fixed secrets; DIST_DIR defaults to an empty folder. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = tempDir('portal-data-');
  return loadConfig({
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'dist'),
    LOG_LEVEL: 'silent',
    CLIENT_CREDENTIAL: TEST_CLIENT_CREDENTIAL,
    JWT_SECRET: TEST_JWT_SECRET,
    ...env,
  });
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The database kinds to run suites on: PGlite, plus PostgreSQL when it answers. */
export async function databaseKinds(): Promise<DatabaseKind[]> {
  if (await postgresAnswers(TEST_DATABASE_URL)) return ['pglite', 'postgres'];
  console.log(`PostgreSQL not reachable at ${redactUrl(TEST_DATABASE_URL)}: skipping the PostgreSQL runs`);
  return ['pglite'];
}

export async function redisAnswers(url: string = TEST_REDIS_URL): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    if (client.isOpen) await client.close();
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A migrated, seeded, empty-of-users database; close() also drops a PostgreSQL one, which says its
 * `url` so a test can open it again (a second process).
 */
export async function openFreshDatabase(kind: DatabaseKind): Promise<DatabaseHandle & { url?: string }> {
  if (kind === 'pglite') return openSeededDatabaseAt({ kind: 'pglite', dataDir: null });
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openSeededDatabaseAt({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Builds an app on `database` (logs off unless captured with `log.stream`) and readies it. */
export async function startApp(
  database: DatabaseHandle,
  options: { config?: Config } & Pick<BuildAppOptions, 'configure' | 'mailer' | 'socialVerifier' | 'log' | 'jobs' | 'buildPipeline'> = {},
): Promise<AppInstance> {
  const { config, log, jobs = false, ...rest } = options;
  // The job runner only where a test asks for it (it adds about a second per app on PGlite).
  const app = await buildApp({ config: config ?? testConfig(), db: database, jobs, ...(log ? { log } : { logger: false }), ...rest });
  await app.ready();
  return app;
}

/** A log capture: pass `log: capture.options` to startApp, read `capture.lines()` / `capture.text()`. */
export function captureLogs() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return {
    options: { stream, pretty: false },
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
