/**
 * A portal server of a journey's own, beside the shared one on E2E_PORT: for journeys that need
 * a SOVEREIGN (granted with the CLI while the server is stopped: PGlite is single-process), a
 * restart, or a changed build. One at a time (the journeys run serially), on E2E_PORT + 100.
 * Under the cluster journeys (E2E_CLUSTER, playwright.cluster.config.ts) it is three processes
 * behind one address on a fresh PostgreSQL database, as the shared server is there.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { AuthResult } from '@contract/auth/schemas';
import type { Envelope } from '@contract/envelope';
import { startCluster, type Cluster } from '../scripts/cluster/cluster';
import { createDatabase } from '../scripts/cluster/database';

const PASSWORD = 'Merchant2026';

export function ownServer(name: string) {
  // Clear of E2E_PORT and its neighbours, which other checkouts' journeys use.
  const port = Number(process.env.E2E_PORT ?? 4173) + 100;
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `portal-e2e-${name}-`));
  const distDir = path.join(dataDir, 'dist');
  let server: ChildProcess | undefined;
  let cluster: Cluster | undefined;
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let addresses = 0;

  async function startCluster3(): Promise<void> {
    database ??= await createDatabase();
    cluster = await startCluster({
      processes: 3,
      port,
      env: {
        DATA_DIR: dataDir,
        DIST_DIR: distDir,
        SKIP_BUILD: '1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        REDIS_URL: process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379',
      },
      output: () => undefined,
    });
  }

  async function start(): Promise<void> {
    if (process.env.E2E_CLUSTER) return startCluster3();
    server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: distDir, SKIP_BUILD: '1', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' },
      stdio: 'ignore',
    });
    await expect
      .poll(
        () =>
          fetch(`${origin}/healthz`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
  }

  async function stop(): Promise<void> {
    await cluster?.stop();
    cluster = undefined;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }

  function clientAuthorization(): string {
    const { clientCredential } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { clientCredential: string };
    return `Basic ${Buffer.from(clientCredential).toString('base64')}`;
  }

  /** Signs a merchant up through the API, each from its own visitor address (the registration limit). */
  async function register(firstName: string): Promise<AuthResult> {
    addresses += 1;
    const response = await fetch(`${origin}/v1/auth/register`, {
      method: 'POST',
      headers: { authorization: clientAuthorization(), 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${addresses}` },
      body: JSON.stringify({
        firstName,
        lastName: 'Merchant',
        email: `${firstName.toLowerCase()}.${Date.now().toString(36)}@shop-e2e.io`,
        phoneNo: '08031234567',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        grant_type: 'email',
      }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as Envelope<AuthResult>).data;
  }

  /** Copies the build, starts, signs up a merchant and makes them a SOVEREIGN, and starts again. */
  async function setUpSovereign(firstName: string): Promise<AuthResult> {
    cpSync('dist', distDir, { recursive: true });
    await start();
    const sovereign = await register(firstName);
    // PGlite is single-process: the role is granted while the server is stopped (a cluster's
    // PostgreSQL takes it while the processes run).
    const clustered = Boolean(cluster);
    if (!clustered) await stop();
    const granted = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/grant-role.ts', sovereign.user.email, '1'], {
      env: { ...process.env, DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) },
      encoding: 'utf8',
    });
    expect(granted.status, granted.stderr).toBe(0);
    if (!clustered) await start();
    return sovereign;
  }

  /**
   * The running cluster (E2E_CLUSTER), for a journey that kills one of its processes mid-flow
   * (e2e/cluster-kill.spec.ts). Throws when this server is one process, or not started.
   */
  function runningCluster(): Cluster {
    if (!cluster)
      throw new Error(process.env.E2E_CLUSTER ? 'The cluster is not started' : 'Not a cluster: run under playwright.cluster.config.ts (E2E_CLUSTER)');
    return cluster;
  }

  /** The index of the process holding the websocket whose handshake sent `key` (Sec-WebSocket-Key), once it holds it. */
  async function processHolding(key: string): Promise<number> {
    const running = runningCluster();
    const holder = () => running.ports.findIndex((_port, index) => running.websocketKeys(index).includes(key));
    await expect.poll(holder, { message: `no process holds the websocket ${key}` }).toBeGreaterThanOrEqual(0);
    return holder();
  }

  async function tearDown(): Promise<void> {
    await stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { origin, distDir, start, stop, register, setUpSovereign, tearDown, cluster: runningCluster, processHolding };
}
