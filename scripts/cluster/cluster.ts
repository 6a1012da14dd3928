/**
 * N server processes (server/src/main.ts, CLUSTER=1) on one PostgreSQL and one Redis behind one
 * front address (./proxy.ts): `npm run start:cluster`, the cluster journeys, and the tests that
 * kill a process mid-flow. Every process gets the same secrets and the same S3_URL; the portal is
 * built once here, and each process starts with SKIP_BUILD=1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { REPO_ROOT, loadConfig } from '../../server/src/config';
import { loadVapidKeys } from '../../server/src/modules/notifications/push';
import { buildPortal, staleReason } from '../../server/src/web/build';
import { startLocalS3 } from '../local-s3';
import { startProxy } from './proxy';

type Env = Record<string, string | undefined>;

export interface ClusterOptions {
  /** How many server processes (3 in the journeys). */
  processes: number;
  /** The front port (0: any free port). */
  port: number;
  /**
   * Variables for every process, over this process's own (a key set to undefined removes one).
   * DATABASE_URL and REDIS_URL are needed; the secrets, S3_URL and PUBLIC_URL are filled in
   * when absent (see fillIn).
   */
  env?: Env;
  /** Where each process's output lines go (default: this process's stdout/stderr, prefixed [pN]). */
  output?: (index: number, line: string, stream: 'stdout' | 'stderr') => void;
}

export interface Cluster {
  /** The front address every request goes to. */
  url: string;
  /** The processes' own ports on 127.0.0.1, by index. */
  ports: number[];
  /** Process i's pid (undefined while it is down). */
  pid(index: number): number | undefined;
  /** Open websockets the front address holds to process i. */
  websockets(index: number): number;
  /** The Sec-WebSocket-Key of each of them: a browser journey finds the process holding one of its page's. */
  websocketKeys(index: number): string[];
  /** Sends `signal` (default SIGKILL) to process i; resolves once it has exited. */
  kill(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts process i again (stopping it first if it runs); resolves once its /healthz answers. */
  restart(index: number): Promise<void>;
  /** SIGTERM to every process (graceful shutdown), then the proxy and the local S3 server close. */
  stop(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function answersHealth(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/**
 * What every process must agree on and one machine can make up: the secrets (read from or
 * generated into DATA_DIR/secrets.json and vapid.json, as `npm start` does, so the same DATA_DIR
 * keeps its sessions) and the address in e-mail links (the front one, not a process's port).
 */
function fillIn(env: Env, dataDir: string, frontUrl: string): Env {
  const config = loadConfig({ ...env, CLUSTER: undefined, DATA_DIR: dataDir });
  const vapid = config.VAPID ?? loadVapidKeys(dataDir);
  return {
    JWT_SECRET: config.JWT_SECRET,
    CLIENT_CREDENTIAL: config.CLIENT_CREDENTIAL,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PUBLIC_URL: env.PUBLIC_URL ?? frontUrl,
  };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const given: Env = { ...process.env, ...options.env };
  const dataDir = path.resolve(given.DATA_DIR ?? '.data');
  const distDir = path.resolve(given.DIST_DIR ?? path.join(REPO_ROOT, 'dist'));
  mkdirSync(dataDir, { recursive: true });

  if (given.SKIP_BUILD !== '1' && given.SKIP_BUILD !== 'true') {
    const reason = staleReason(REPO_ROOT, distDir);
    if (reason) {
      console.log(`Building the portal once for every process… (${reason})`);
      await buildPortal(REPO_ROOT, distDir);
    }
  }

  const ports = await Promise.all(Array.from({ length: options.processes }, () => freePort()));
  const proxy = await startProxy({ port: options.port, targets: ports });
  const s3 = given.S3_URL || given.S3_BUCKET ? undefined : await startLocalS3({ directory: path.join(dataDir, 's3'), bucket: 'portal' });
  const env: Env = {
    ...given,
    ...fillIn(given, dataDir, proxy.url),
    ...(s3 ? { S3_URL: s3.url } : {}),
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    CLUSTER: '1',
    SKIP_BUILD: '1',
    HOST: '127.0.0.1',
    // The processes see the proxy's address; the visitor's comes in X-Forwarded-For.
    TRUST_PROXY: given.TRUST_PROXY ? `loopback,${given.TRUST_PROXY}` : 'loopback',
  };

  const output =
    options.output ??
    ((index: number, line: string, stream: 'stdout' | 'stderr') => (stream === 'stdout' ? process.stdout : process.stderr).write(`[p${index}] ${line}\n`));
  const children: Array<ChildProcess | undefined> = [];
  const lastLines: string[][] = ports.map(() => []);

  function spawnProcess(index: number): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...env, PORT: String(ports[index]) },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own: Ctrl+C in a terminal, or a test runner signalling this
      // runner's group, reaches the runner alone, which stops each process once (a second
      // signal would make it exit without closing).
      detached: true,
    });
    for (const stream of ['stdout', 'stderr'] as const) {
      let pending = '';
      child[stream].on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          output(index, line, stream);
          lastLines[index] = [...lastLines[index]!.slice(-20), line];
        }
      });
    }
    // The proxy finds a dead process itself (a refused connection), as a load balancer would.
    child.once('exit', (code, signal) => output(index, `exited (${signal ?? `code ${code}`})`, 'stderr'));
    children[index] = child;
    return child;
  }

  async function waitHealthy(index: number, child: ChildProcess): Promise<void> {
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    while (!(await answersHealth(ports[index]!))) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`Server process ${index} exited (${child.exitCode ?? child.signalCode}) before it answered /healthz:\n${lastLines[index]!.join('\n')}`);
      }
      if (Date.now() > deadline) throw new Error(`Server process ${index} did not answer /healthz within ${STARTUP_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Then the proxy's own check puts it in rotation (every 250 ms).
    while (!proxy.isUp(index)) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  async function kill(index: number, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = children[index];
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = signal === 'SIGKILL' ? undefined : setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  async function stop(): Promise<void> {
    process.off('exit', killAll);
    await Promise.all(ports.map((_, index) => kill(index, 'SIGTERM')));
    await proxy.close();
    await s3?.stop();
  }

  // The last resort when this runner exits without stop() (the processes are not in its group).
  const killAll = () => children.forEach((child) => child?.kill('SIGKILL'));
  process.once('exit', killAll);

  try {
    await Promise.all(ports.map((_, index) => waitHealthy(index, spawnProcess(index))));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: proxy.url,
    ports,
    pid: (index) => {
      const child = children[index];
      return child && child.exitCode === null && child.signalCode === null ? child.pid : undefined;
    },
    websockets: (index) => proxy.websockets(index),
    websocketKeys: (index) => proxy.websocketKeys(index),
    kill,
    restart: async (index) => {
      await kill(index, 'SIGTERM');
      await waitHealthy(index, spawnProcess(index));
    },
    stop,
  };
}
