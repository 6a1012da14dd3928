/**
 * The server's one job runner (issue 30; builds reuse it): pg-boss 10 on the database the server
 * already uses, PGlite or PostgreSQL, through the handle's raw SQL. Jobs are rows, so they survive
 * restarts, and pg-boss takes each with SELECT ... FOR UPDATE SKIP LOCKED, so when several
 * processes share one PostgreSQL a job runs in one of them. Why pg-boss 10: pg-boss 12 declares
 * Node >= 22.12 (this product runs on Node 20) and graphile-worker needs LISTEN/NOTIFY and its own
 * pool, which PGlite cannot give. Exactly-once effects still come from the database (unique rows),
 * never from the runner: a job may run again after a crash.
 */
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database';

export interface QueueDefinition<T extends object> {
  name: string;
  run: (data: T) => Promise<void>;
  /** Cron (UTC) at which pg-boss sends the job with `data`, across every process once. */
  cron?: { expression: string; data: T };
  retryLimit?: number;
  /** Jobs of this queue one process runs at once (default 1): a build waiting on an external engine must not hold up the others. */
  concurrency?: number;
}

export interface JobRunner {
  /** Registers a queue and its worker (before start). */
  define<T extends object>(queue: QueueDefinition<T>): void;
  /** Sends a job (its effects must be idempotent: a job may run again after a crash). */
  send<T extends object>(name: string, data: T): Promise<string | null>;
  /** True between start and stop. */
  readonly running: boolean;
  /** Waits until no job of `name` is waiting or running (tests, the CLI). */
  settled(name: string, timeoutMs?: number): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const POLL_SECONDS = 2;

/** Our session advisory lock around installing pg-boss and creating its queues. */
const INSTALL_LOCK_KEY = 7_324_001;

/**
 * pg-boss 10 is not safe to install from several processes at once: processes starting together
 * on a fresh database fail at `CREATE SCHEMA IF NOT EXISTS` (a duplicate key in pg_namespace) or
 * end in a deadlock creating the same queue's partition. They take turns here instead (a
 * session lock on a connection of its own; PGlite is one process and needs none).
 */
async function oneAtATime(database: DatabaseHandle, install: () => Promise<void>): Promise<void> {
  const client = database.dedicatedClient?.('portal-jobs-install');
  if (!client) return install();
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [INSTALL_LOCK_KEY]);
    await install();
  } finally {
    // Ending the session releases its lock too.
    await client.end().catch(() => undefined);
  }
}

export function createJobRunner(database: DatabaseHandle, log: FastifyBaseLogger): JobRunner {
  const queues: QueueDefinition<object>[] = [];
  /** This process's workers by queue, woken when a job is sent here (else they find it at their next poll). */
  const workers = new Map<string, string[]>();
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
  });
  boss.on('error', (error) => log.error({ err: error }, 'job runner error'));
  let started = false;

  return {
    define(queue) {
      if (started) throw new Error(`queue ${queue.name} defined after the job runner started`);
      queues.push(queue as unknown as QueueDefinition<object>);
    },
    async send(name, data) {
      const id = await boss.send(name, data);
      for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      return id;
    },
    get running() {
      return started;
    },
    async settled(name, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await database.executeSql("SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')", [
          name,
        ]);
        if ((rows[0] as { n: number } | undefined)?.n === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs of ${name} still waiting after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async start() {
      if (started) return;
      started = true;
      await oneAtATime(database, async () => {
        await boss.start();
        for (const queue of queues)
          await boss.createQueue(queue.name, { name: queue.name, retryLimit: queue.retryLimit ?? 3, retryDelay: 30, retryBackoff: true });
      });
      for (const queue of queues) {
        for (let worker = 0; worker < (queue.concurrency ?? 1); worker += 1) {
          const worker = await boss.work<object>(queue.name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async ([job]) => {
            if (job) await queue.run(job.data);
          });
          workers.set(queue.name, [...(workers.get(queue.name) ?? []), worker]);
        }
        if (queue.cron) await boss.schedule(queue.name, queue.cron.expression, queue.cron.data, { tz: 'UTC' });
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      workers.clear();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
