/**
 * `npm start` for real (server/src/main.ts in a child process): it prints where it runs,
 * serves, shuts down cleanly on SIGTERM, keeps its data across restarts, and fails with one
 * clear line on a busy port, a busy DATA_DIR or an unreachable database.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../server/src/config';
import { openSeededDatabase } from '../../server/src/seed';
import { plans, users } from '../../server/src/db/schema';
import { removeTempDirs, stubbedDataDir } from './harness';

afterAll(removeTempDirs);

interface Run {
  output: () => string;
  stderr: () => string;
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
}

/** Starts main.ts with only the variables given (nothing leaks in from this environment). */
function start(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', SKIP_BUILD: '1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ pattern: RegExp; resolve: (m: RegExpMatchArray) => void }> = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = stdout.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    check();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    output: () => stdout + stderr,
    stderr: () => stderr,
    exited,
    kill: (signal) => child.kill(signal),
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve });
        check();
        void exited.then((code) => reject(new Error(`main exited (${code}) before printing ${pattern}:\n${stdout}${stderr}`)));
      }),
  };
}

function occupyPort(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

const { dataDir, distDir } = stubbedDataDir('portal-main-');

describe('npm start', () => {
  it('prints the URL and data locations, serves, and exits 0 on SIGTERM without printing secrets', async () => {
    const run = start({ PORT: '0', DATA_DIR: dataDir, DIST_DIR: distDir });
    const [, port] = await run.waitFor(/Portal ready at http:\/\/localhost:(\d+)\n/);
    await run.waitFor(/Data directory: .*e-mail outbox: .*outbox\)\n/);
    expect(run.output()).toContain(
      `Data directory: ${dataDir} (database: PGlite in ${path.join(dataDir, 'pglite')}; e-mail outbox: ${path.join(dataDir, 'outbox')})`,
    );
    expect(existsSync(path.join(dataDir, 'outbox'))).toBe(true);

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string; clientCredential: string };
    const page = await (await fetch(`http://127.0.0.1:${port}/apps`)).text();
    expect(page).toContain(`content="${secrets.clientCredential}"`);

    run.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).not.toContain(secrets.jwtSecret);
    expect(run.output()).not.toContain(secrets.clientCredential);
    expect(existsSync(path.join(dataDir, 'pglite', 'server.pid'))).toBe(false);
  });

  it('keeps what was written across close and reopen of the same DATA_DIR', async () => {
    const first = await openSeededDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    await first.db.insert(users).values({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' });
    await first.close();

    const second = await openSeededDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    try {
      const [grace] = await second.db.select().from(users).where(eq(users.email, 'grace@example.com'));
      expect(grace?.firstName).toBe('Grace');
      const [planCount] = await second.db.select({ n: count() }).from(plans);
      expect(planCount?.n).toBe(3);
    } finally {
      await second.close();
    }
  });

  it('says so in one line when the port is in use', async () => {
    const busy = await occupyPort();
    const port = (busy.address() as AddressInfo).port;
    try {
      const run = start({ PORT: String(port), DATA_DIR: dataDir, DIST_DIR: distDir });
      expect(await run.exited).toBe(1);
      expect(run.stderr().trim()).toBe(`Port ${port} is already in use. Set PORT to another port.`);
    } finally {
      busy.close();
    }
  });

  it('refuses a DATA_DIR another server is using', async () => {
    const holder = await openSeededDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    try {
      const run = start({ PORT: '0', DATA_DIR: dataDir, DIST_DIR: distDir });
      expect(await run.exited).toBe(1);
      expect(run.stderr().trim()).toBe(
        `Cannot open the embedded database in DATA_DIR (${path.join(dataDir, 'pglite')}): another server (pid ${process.pid}) is using it. Stop it or set DATA_DIR to another folder.`,
      );
    } finally {
      await holder.close();
    }
  });

  it('fails with one line naming DATABASE_URL when the database is unreachable', async () => {
    const run = start({ PORT: '0', DATA_DIR: dataDir, DIST_DIR: distDir, DATABASE_URL: 'postgres://portal:pw@127.0.0.1:1/nope' });
    expect(await run.exited).toBe(1);
    const lines = run.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot open PostgreSQL at DATABASE_URL=postgres:\/\/portal:\*\*\*@127\.0\.0\.1:1\/nope: \S/);
  });

  it('fails with one line on a bad setting', async () => {
    const run = start({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.stderr().trim()).toMatch(/^Invalid PORT: [^\n]+$/);
  });
});
