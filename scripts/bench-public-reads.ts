/**
 * What each public read costs (issue 32): the plans, the super-categories, the product categories
 * and a page of sample products, each under load (autocannon, 50 connections, 10 s) against the
 * server as `npm start` runs it (embedded PGlite, default config, default LOG_LEVEL, its log lines
 * going to a file), beside a bare Fastify route in a process of its own sending the same pre-made
 * bytes with the same content type (no serialisation, no hooks, no logger): the most any route
 * of this Fastify on this machine could do. Reports req/s, p50 / p99 latency and the ratio per URL,
 * and (Linux) each process's CPU time per request: on a machine busy with other work, req/s tell
 * more about the neighbours than about the server, CPU time per request much less so.
 *
 * Alone: `npx tsx scripts/bench-public-reads.ts [runs]` (one run unless told); `npm run bench`
 * runs it once as a section. Leave the machine otherwise idle: the load generator and the server
 * share its cores.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startTsxServer, stopServer } from './bench-kit';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Issue 32: each public read at >= half the throughput of a bare route sending the same bytes. */
export const TARGET_PUBLIC_READ_RATIO = 0.5;
export const LOAD = { connections: 50, duration: 10 };
/** The public reads of issue 32 (contract/plans/paths.ts, contract/catalog/paths.ts), as the portal asks for them. */
export const PUBLIC_READ_URLS = [
  '/v1/plans',
  '/v1/super-categories',
  '/v1/productcategories',
  '/v1/sample/super-categories/sample-measurements?superCategoryIds=1,2&limit=40',
] as const;

export interface Load {
  requestsPerSecond: number;
  /** The answering process tree's CPU time (user + system) per request, in µs; undefined off Linux or without a pid. */
  cpuMicros?: number;
  p50: number;
  /** autocannon reports p97.5, not p95: a p97.5 within a p95 target means p95 is too. */
  p97_5: number;
  p99: number;
  non2xx: number;
}

export interface PublicReadRow {
  url: string;
  bytes: number;
  served: Load;
  bare: Load;
}

/** CPU seconds (user + system) of a process and its descendants so far; undefined off Linux. */
function treeCpuSeconds(pid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  const visit = (id: number): number => {
    let seconds = 0;
    try {
      // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name: utime, stime in clock ticks (100 a second).
      const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seconds = (Number(fields[11]) + Number(fields[12])) / 100;
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(/\s+/) : []) seconds += visit(Number(child));
      }
    } catch {
      // The process ended between reads.
    }
    return seconds;
  };
  return visit(pid);
}

async function load(url: string, headers: Record<string, string> = {}, pid?: number): Promise<Load> {
  const cpuBefore = pid === undefined ? undefined : treeCpuSeconds(pid);
  const result = await autocannon({ url, headers, ...LOAD });
  const cpuAfter = pid === undefined ? undefined : treeCpuSeconds(pid);
  return {
    requestsPerSecond: result.requests.average,
    cpuMicros: cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

interface BareBody {
  contentType: string;
  base64: string;
}

/**
 * A bare Fastify route per body, in a process of its own: `/bare/<index>` sends that body's bytes,
 * made once, with its content type: what any route of this Fastify must do at the least.
 */
async function startBareRoutes(bodies: BareBody[], dir: string, port: number): Promise<ChildProcess> {
  const bodiesFile = join(dir, 'bare-bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const code = `
    import { readFileSync } from 'node:fs';
    import Fastify from 'fastify';
    const bodies = JSON.parse(readFileSync(process.env.BODIES_FILE, 'utf8'));
    const app = Fastify();
    bodies.forEach(({ contentType, base64 }, index) => {
      const bytes = Buffer.from(base64, 'base64');
      app.get('/bare/' + index, (_request, reply) => reply.type(contentType).send(bytes));
    });
    await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: ROOT,
    env: { ...process.env, BODIES_FILE: bodiesFile, PORT: String(port) },
    stdio: 'ignore',
  });
  for (let tries = 0; tries < 400; tries += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/bare/0`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill('SIGKILL');
  throw new Error('the bare Fastify route did not start');
}

/**
 * Each public read of the server at `baseUrl` under load, then the bare route sending the same
 * bytes, side by side. `authorization` is the client credential anonymous calls carry; with the
 * server's `serverPid`, its CPU time per request too.
 */
export async function benchPublicReads(baseUrl: string, authorization: string, dir: string, serverPid?: number): Promise<PublicReadRow[]> {
  const bodies: BareBody[] = [];
  for (const url of PUBLIC_READ_URLS) {
    const response = await fetch(`${baseUrl}${url}`, { headers: { authorization } });
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    bodies.push({ contentType: response.headers.get('content-type') ?? 'application/json', base64: bytes.toString('base64') });
  }
  const barePort = await freePort();
  const bare = await startBareRoutes(bodies, dir, barePort);
  try {
    const rows: PublicReadRow[] = [];
    // Each URL, then its bare route at once: both under the same conditions (one idles while the other runs).
    for (const [index, url] of PUBLIC_READ_URLS.entries()) {
      const served = await load(`${baseUrl}${url}`, { authorization }, serverPid);
      rows.push({
        url,
        bytes: Buffer.from(bodies[index]?.base64 ?? '', 'base64').length,
        served,
        bare: await load(`http://127.0.0.1:${barePort}/bare/${index}`, {}, bare.pid),
      });
    }
    return rows;
  } finally {
    bare.kill('SIGKILL');
  }
}

/**
 * The server as `npm start` runs it on a fresh DATA_DIR (embedded PGlite, no Redis, the default
 * log level; SKIP_BUILD=1: these reads do not need the portal built), measured, then stopped.
 * Its log lines go to a file, as a deployment's would go to its collector, not into this process.
 */
export async function benchShippedPublicReads(): Promise<PublicReadRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-reads-'));
  const { DATABASE_URL: _database, REDIS_URL: _redis, LOG_LEVEL: _level, ...env } = process.env;
  const port = await freePort();
  try {
    const server = await startTsxServer('server/src/main.ts', {
      env: { ...env, PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: '1' },
      health: `http://127.0.0.1:${port}/healthz`,
      timeoutMs: 60_000,
      logFile: join(dataDir, 'server.log'),
    });
    try {
      const { clientCredential } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { clientCredential: string };
      return await benchPublicReads(`http://127.0.0.1:${port}`, `Basic ${Buffer.from(clientCredential).toString('base64')}`, dataDir, server.child.pid);
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/** `, CPU 120 vs 60 µs/request (50%)`: the bare route's CPU time per request over the server's. */
export function cpuLine(served: Load, bare: Load): string {
  if (served.cpuMicros === undefined || bare.cpuMicros === undefined) return '';
  return `, CPU ${served.cpuMicros.toFixed(0)} vs ${bare.cpuMicros.toFixed(0)} µs/request (${((bare.cpuMicros / served.cpuMicros) * 100).toFixed(0)}%)`;
}

/** One line per URL: served vs bare req/s (ratio), p50 / p99 of each, CPU time per request. */
export function publicReadLines(rows: readonly PublicReadRow[]): string[] {
  return rows.map(({ url, bytes, served, bare }) => {
    const ratio = served.requestsPerSecond / bare.requestsPerSecond;
    return (
      `GET ${url.split('?')[0]} (${bytes} B): ${served.requestsPerSecond.toFixed(0)} vs ${bare.requestsPerSecond.toFixed(0)} req/s (${(ratio * 100).toFixed(0)}%), ` +
      `p50 ${ms(served.p50)} vs ${ms(bare.p50)}, p99 ${ms(served.p99)} vs ${ms(bare.p99)}${cpuLine(served, bare)}${served.non2xx ? `, ${served.non2xx} non-2xx` : ''}`
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 1);
  for (let run = 1; run <= runs; run += 1) {
    console.log(`Run ${run} of ${runs} (${LOAD.connections} connections, ${LOAD.duration} s per URL; served vs bare route sending the same bytes):`);
    for (const line of publicReadLines(await benchShippedPublicReads())) console.log(`  ${line}`);
  }
}
