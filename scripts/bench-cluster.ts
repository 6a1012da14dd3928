/**
 * The cluster section of `npm run bench` (issue 32): three server processes on one PostgreSQL and
 * one Redis behind the cluster's front address (scripts/cluster), every request and socket free
 * to land on any process:
 * - design edit -> the owner's second device, through the portal's realtime adapter, the two
 *   devices on different processes (the edit crosses Redis), p50 / p95 of 200;
 * - support chat: 1,000 sockets and every post through the front address (scripts/bench-chat.ts);
 * - a merchant's day as load (scripts/load-day.ts), on one process and on three, each behind the
 *   same front address (so the proxy's cost is in both).
 * Needs PostgreSQL and Redis on loopback (BENCH_DATABASE_URL, BENCH_REDIS_URL); null without them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { designPath } from '../contract/design/realtime';
import { signUserToken } from '../server/src/auth/tokens';
import { loadConfig } from '../server/src/config';
import { inArray } from 'drizzle-orm';
import { currencies, realtimeEdits, shops, users } from '../server/src/db/schema';
import type { DatabaseHandle } from '../server/src/db/database';
import { openSeededDatabaseAt } from '../server/src/seed';
import { createLocalRealtime, RealtimeUnreachable } from '../src/realtime/local';
import { freshPostgres } from './bench-kit';
import { loadDay, type LoadFigures } from './load-day';
import { chatRun, type ChatPoster, type ChatRun } from './bench-chat';
import { editToSecondClient } from './bench-design-sync';
import { startCluster, type Cluster } from './cluster/cluster';

export const CLUSTER_PROCESSES = 3;
const CREDENTIAL = 'bench-cluster:0123456789abcdef';
const JWT_SECRET = 'bench-cluster-jwt-secret-long-enough-for-hs256';

/** The load: merchants looping through the day for LOAD_SECONDS. */
export const LOAD = { seconds: 30, merchants: 20 };

/** Design editing while the editor's process is killed with SIGKILL. */
export interface KillFigures {
  /** The kill -> the editor's socket connected to another process. */
  reconnectMs: number;
  /** The kill -> the next edit acknowledged (the edit in flight is sent again with its id). */
  nextAckMs: number;
  edits: number;
  stored: number;
}

export interface ClusterFigures {
  processes: number;
  design: { p50: number; p95: number; acrossProcesses: boolean };
  kill: KillFigures;
  chat: ChatRun;
  load: Array<LoadFigures & { processes: number }>;
}

/** Posts through the front address, as the portal does (the client credential, JSON). */
function httpPoster(origin: string): ChatPoster {
  const authorization = `Basic ${Buffer.from(CREDENTIAL).toString('base64')}`;
  return async (url, payload) => {
    const response = await fetch(`${origin}${url}`, {
      method: 'POST',
      headers: { authorization, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    return { statusCode: response.status, body: await response.text() };
  };
}

/** The index of the process holding each open websocket, in the order they were opened. */
function socketProcesses(cluster: Cluster): number[] {
  return cluster.ports.flatMap((_port, index) => Array.from({ length: cluster.websockets(index) }, () => index));
}

/** A fresh database and data directory, `processes` behind a front address: what `work` measures there. */
async function onCluster<T>(
  processes: number,
  work: (cluster: Cluster, database: DatabaseHandle, env: Record<string, string>) => Promise<T>,
): Promise<T | null> {
  const postgres = await freshPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'bench_cluster');
  if (!postgres) return null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-cluster-'));
  const env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    DATA_DIR: dataDir,
    SKIP_BUILD: '1',
    LOG_LEVEL: 'silent',
    CLIENT_CREDENTIAL: CREDENTIAL,
    JWT_SECRET,
  };
  // Migrated and seeded once here; the processes find it done.
  const database = await openSeededDatabaseAt({ kind: 'postgres', url: postgres.url });
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({ processes, port: 0, env, output: () => {} });
    return await work(cluster, database, env);
  } finally {
    await cluster?.stop();
    await database.close();
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Design sync and chat through the front address of CLUSTER_PROCESSES processes. */
async function syncAndChat(cluster: Cluster, database: DatabaseHandle, env: Record<string, string>): Promise<Pick<ClusterFigures, 'design' | 'kill' | 'chat'>> {
  const closers: Array<() => void> = [];
  try {
    const [owner] = await database.db.insert(users).values({ firstName: 'Bench', lastName: 'Cluster', email: 'bench-cluster@example.com' }).returning();
    const [currency] = await database.db.select().from(currencies).limit(1);
    if (!owner || !currency) throw new Error('no owner or currency');
    await database.db.insert(shops).values({
      alias: 'bench-cluster',
      slugName: 'bench-cluster',
      name: 'Bench Cluster',
      ownerUserId: owner.id,
      appBucketName: 'bench-cluster',
      logo: '/uploads/x.png',
      latitude: 1,
      longitude: 1,
      address: { name: 'A', description: 'B', latitude: 1, longitude: 1 },
      currencyId: currency.id,
    });
    const token = await signUserToken(loadConfig({ ...env, LOG_LEVEL: 'silent' }), owner.id, owner.sessionVersion);
    const device = async () => {
      const client = createLocalRealtime({ url: cluster.url, token: () => token });
      closers.push(() => client.close());
      await new Promise<void>((resolve) => {
        const stop = client.onConnection((up) => up && (stop(), resolve()));
      });
      return client;
    };
    const writer = await device();
    const reader = await device();
    const [writerProcess, readerProcess] = socketProcesses(cluster);
    const design = await editToSecondClient(writer, reader, designPath('bench-cluster', 0));
    for (const close of closers.splice(0)) close();
    const kill = await killDuringEditing(cluster, database, token, 'bench-cluster');
    const chat = await chatRun(CLUSTER_PROCESSES, httpPoster(cluster.url), cluster.url);
    return { design: { ...design, acrossProcesses: writerProcess !== readerProcess }, kill, chat };
  } finally {
    for (const close of closers) close();
  }
}

const EDITS = 60;

/** EDITS edits, each sent again with its id until acknowledged (the outbox's rule); the editor's process killed after a third of them. */
async function killDuringEditing(cluster: Cluster, database: DatabaseHandle, token: string, alias: string): Promise<KillFigures> {
  const editor = createLocalRealtime({ url: cluster.url, token: () => token, timeoutMs: 2000 });
  let killedAt = 0;
  let reconnectedAt = 0;
  let nextAckAt = 0;
  editor.onConnection((up) => {
    if (up && killedAt && !reconnectedAt) reconnectedAt = performance.now();
  });
  try {
    await new Promise<void>((resolve) => {
      const stop = editor.onConnection((up) => up && (stop(), resolve()));
    });
    const ids: string[] = [];
    let victim = -1;
    for (let edit = 0; edit < EDITS; edit += 1) {
      const editId = `bench-kill-${Date.now().toString(36)}-${edit}-abcdef`;
      ids.push(editId);
      if (edit === EDITS / 3) {
        victim = cluster.ports.findIndex((_port, index) => cluster.websockets(index) > 0);
        killedAt = performance.now();
        void cluster.kill(victim);
      }
      for (;;) {
        try {
          await editor.set(`${designPath(alias, 0)}/data/buttons/elevation`, edit % 24, { editId });
          if (killedAt && !nextAckAt) nextAckAt = performance.now();
          break;
        } catch (error) {
          if (!(error instanceof RealtimeUnreachable)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }
    const stored = await database.db.select({ editId: realtimeEdits.editId }).from(realtimeEdits).where(inArray(realtimeEdits.editId, ids));
    await cluster.restart(victim);
    return { reconnectMs: reconnectedAt - killedAt, nextAckMs: nextAckAt - killedAt, edits: EDITS, stored: stored.length };
  } finally {
    editor.close();
  }
}

export async function benchCluster(): Promise<ClusterFigures | null> {
  const figures = await onCluster(CLUSTER_PROCESSES, syncAndChat);
  if (!figures) return null;
  const load: ClusterFigures['load'] = [];
  for (const processes of [1, CLUSTER_PROCESSES]) {
    const measured = await onCluster(processes, (cluster) => loadDay(cluster.url, { ...LOAD, credential: CREDENTIAL }));
    if (measured) load.push({ ...measured, processes });
  }
  return { processes: CLUSTER_PROCESSES, ...figures, load };
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  console.log(JSON.stringify(await benchCluster(), null, 2));
}
