/**
 * Opens the database: PGlite persisted in DATA_DIR/pglite by default, PostgreSQL when
 * DATABASE_URL is set. Both are typed as one PgDatabase; migrations and the caller's seed
 * (server/src/seed.ts) run on open.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { redactUrl, type Config } from '../config';
import { withTimeout } from '../timeout';
import * as schema from './schema';
import { dropTemplate, pgliteTemplate } from './pglite-template';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a query within PING_TIMEOUT_MS. */
  ping(): Promise<void>;
  /**
   * Raw SQL for a library that brings its own (the job runner): with values one parameterised
   * statement, without them possibly several; answers the last statement's rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PostgreSQL only: a new connection outside the pool, named `name`, for a session of its own (LISTEN). */
  dedicatedClient?: (name: string) => pg.Client;
  close(): Promise<void>;
}

/** Where the data lives; a PGlite without dataDir is in memory (tests). */
export type DatabaseLocation = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

/** A database that cannot be opened; the message is one line naming DATABASE_URL or DATA_DIR. */
export class DatabaseOpenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseOpenError';
  }
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
const PING_TIMEOUT_MS = 2000;
/** In DATA_DIR/pglite: the pid of the server using the embedded database. */
const LOCK_FILE = 'server.pid';
const CONNECT_TIMEOUT_MS = 5000;
/** Serialises migrations when several server processes start on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_267_876;

function databaseLocation(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): DatabaseLocation {
  return config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') };
}

/** Fills a database right after its migrations (for PostgreSQL under the same lock). */
type Seed = (db: Database) => Promise<void>;

export function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>, seed: Seed, log?: (message: string) => void): Promise<DatabaseHandle> {
  return openDatabaseAt(databaseLocation(config), seed, log);
}

export function openDatabaseAt(location: DatabaseLocation, seed: Seed, log: (message: string) => void = console.error): Promise<DatabaseHandle> {
  return location.kind === 'postgres' ? openPostgres(location.url, seed, log) : openPglite(location.dataDir, seed);
}

async function openPostgres(url: string, seed: Seed, log: (message: string) => void): Promise<DatabaseHandle> {
  const where = `PostgreSQL at DATABASE_URL=${redactUrl(url)}`;
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, max: 10 });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', (error) => log(`PostgreSQL connection error: ${error.message}`));
  const db = drizzleNodePg(pool, { schema });
  try {
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await seed(db);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lock.release();
    }
  } catch (cause) {
    await pool.end().catch(() => undefined);
    throw new DatabaseOpenError(`Cannot open ${where}: ${describe(cause)}`);
  }
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await withTimeout(pool.query('SELECT 1'), PING_TIMEOUT_MS, 'PostgreSQL');
    },
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      // Several statements answer one result each.
      return { rows: Array.isArray(result) ? ((result as pg.QueryResult[]).at(-1)?.rows ?? []) : result.rows };
    },
    dedicatedClient: (name) => new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, application_name: name }),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | null, seed: Seed): Promise<DatabaseHandle> {
  const where = dataDir ? `the embedded database in DATA_DIR (${dataDir})` : 'the in-memory embedded database';
  let releaseLock = () => {};
  let client: PGlite | undefined;
  try {
    if (dataDir) {
      mkdirSync(dataDir, { recursive: true });
      releaseLock = lockDataDir(dataDir);
    }
    client = await startPglite(dataDir);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await seed(db);
    const opened = client;
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await withTimeout(opened.query('SELECT 1'), PING_TIMEOUT_MS, 'PGlite');
      },
      // PGlite's query() takes one statement; exec() several, without parameters.
      executeSql: async (text, values) =>
        values && values.length > 0 ? { rows: (await opened.query(text, values)).rows } : { rows: (await opened.exec(text)).at(-1)?.rows ?? [] },
      // close() flushes PGlite's files to DATA_DIR; the lock goes only after that.
      close: async () => {
        try {
          await opened.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (cause) {
    await client?.close().catch(() => undefined);
    releaseLock();
    if (cause instanceof DatabaseOpenError) throw cause;
    throw new DatabaseOpenError(`Cannot open ${where}: ${describe(cause)}`);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A PGlite on `dataDir` (null: in memory). A new database is loaded from the template
 * (pglite-template.ts) instead of running initdb; if the template fails to load, it is dropped and
 * the database made the usual way.
 */
async function startPglite(dataDir: string | null): Promise<PGlite> {
  const fresh = dataDir === null || !existsSync(path.join(dataDir, 'PG_VERSION'));
  const template = fresh ? await pgliteTemplate(MIGRATIONS_FOLDER) : null;
  if (template) {
    const client = dataDir ? new PGlite(dataDir, { loadDataDir: template }) : new PGlite({ loadDataDir: template });
    try {
      await client.waitReady;
      return client;
    } catch {
      await client.close().catch(() => undefined);
      dropTemplate(MIGRATIONS_FOLDER);
      // What the failed load left, but not the lock file (the folder is otherwise new).
      if (dataDir) for (const entry of readdirSync(dataDir)) if (entry !== LOCK_FILE) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    }
  }
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  return client;
}

/**
 * PGlite is single-process: two servers on one DATA_DIR would corrupt it. A pid file guards
 * the folder; one left by a process that no longer runs is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DatabaseOpenError(
          `Cannot open the embedded database in DATA_DIR (${dataDir}): another server (pid ${owner}) is using it. Stop it or set DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DatabaseOpenError(`Cannot lock the embedded database in DATA_DIR (${dataDir}).`);
}

function describe(cause: unknown): string {
  if (cause instanceof AggregateError && cause.errors.length > 0) return describe(cause.errors[0]);
  if (cause instanceof Error) return cause.message.split('\n')[0] || cause.name;
  return String(cause);
}
