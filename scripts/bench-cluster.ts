/**
 * The cluster section of `npm run bench` (issue 32): three server processes on one PostgreSQL and
 * one Redis behind the cluster's front address (scripts/cluster), every request and socket free
 * to land on any process:
 * - design edit -> the owner's second device, through the portal's realtime adapter, the two
 *   devices on different processes (the edit crosses Redis), p50 / p95 of 200;
 * - support chat: 1,000 sockets and every post through the front address (scripts/bench-chat.ts).
 * Needs PostgreSQL and Redis on loopback (BENCH_DATABASE_URL, BENCH_REDIS_URL); null without them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { designPath } from '../contract/design/realtime';
import { signUserToken } from '../server/src/auth/tokens';
import { loadConfig } from '../server/src/config';
import { currencies, shops, users } from '../server/src/db/schema';
import { openSeededDatabaseAt } from '../server/src/seed';
import { createLocalRealtime } from '../src/realtime/local';
import { freshPostgres } from './bench-kit';
import { chatRun, type ChatPoster, type ChatRun } from './bench-chat';
import { editToSecondClient } from './bench-design-sync';
import { startCluster, type Cluster } from './cluster/cluster';

export const CLUSTER_PROCESSES = 3;
const CREDENTIAL = 'bench-cluster:0123456789abcdef';
const JWT_SECRET = 'bench-cluster-jwt-secret-long-enough-for-hs256';

export interface ClusterFigures {
  processes: number;
  design: { p50: number; p95: number; acrossProcesses: boolean };
  chat: ChatRun;
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

export async function benchCluster(): Promise<ClusterFigures | null> {
  const postgres = await freshPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'bench_cluster');
  if (!postgres) return null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-cluster-'));
  const env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'dist'),
    SKIP_BUILD: '1',
    LOG_LEVEL: 'silent',
    CLIENT_CREDENTIAL: CREDENTIAL,
    JWT_SECRET,
  };
  // Migrated and seeded once here; the processes find it done.
  const database = await openSeededDatabaseAt({ kind: 'postgres', url: postgres.url });
  let cluster: Cluster | undefined;
  const closers: Array<() => void> = [];
  try {
    cluster = await startCluster({ processes: CLUSTER_PROCESSES, port: 0, env, output: () => {} });
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
      const client = createLocalRealtime({ url: cluster!.url, token: () => token });
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
    const chat = await chatRun(CLUSTER_PROCESSES, httpPoster(cluster.url), cluster.url);
    return { processes: CLUSTER_PROCESSES, design: { ...design, acrossProcesses: writerProcess !== readerProcess }, chat };
  } finally {
    for (const close of closers) close();
    await cluster?.stop();
    await database.close();
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  console.log(JSON.stringify(await benchCluster(), null, 2));
}
