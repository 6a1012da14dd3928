/**
 * Builds across processes on PostgreSQL: two servers on one database run each build once (one
 * worker per build), and a server killed with SIGKILL in the middle of a build has it resumed
 * by the next one (from the engine job it had handed over, never handed over twice), so no build
 * stays running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_EVENT, buildsRoom } from '@contract/builds/paths';
import type { Build } from '@contract/builds/schemas';
import { REPO_ROOT } from '../../server/src/config';
import { startTestEngine } from '../../server/src/modules/builds/sandbox/engine-server';
import { openSeededDatabaseAt } from '../../server/src/seed';
import { installShell, order, readyShop, saveTestCard, waitForBuild } from './build-kit';
import { databaseKinds, freePort, openFreshDatabase, redisAnswers, removeTempDirs, spawnedServerEnv, startApp, TEST_REDIS_URL, testConfig } from './harness';
import { httpClient } from './http-client';
import { useApp } from './kit';
import { closeSockets, connectSocket } from './sockets';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

const redisUp = await redisAnswers();

describe.skipIf(!kinds.includes('postgres'))('builds across processes on PostgreSQL', () => {
  const kit = useApp('postgres', { jobs: true, prepare: installShell, env: redisUp ? { REDIS_URL: TEST_REDIS_URL } : {} });
  afterAll(closeSockets);

  it('two servers on one database: every build runs once, in one of them', async () => {
    const url = (kit.database as { url?: string }).url ?? '';
    const second = await openSeededDatabaseAt({ kind: 'postgres', url });
    // Same DATA_DIR: the default local file storage (a bucket shares files across machines: storage.test.ts).
    const other = await startApp(second, {
      config: testConfig({ PUBLIC_URL: kit.config.PUBLIC_ORIGIN, DATA_DIR: kit.config.DATA_DIR, DIST_DIR: kit.config.DIST_DIR }),
      jobs: true,
    });
    try {
      const owner = await kit.register();
      const shops = [];
      for (let index = 0; index < 4; index += 1) shops.push(await readyShop(kit, owner));
      const placed = await Promise.all(shops.map(async (shop) => (await order(kit, owner.token, shop.alias)).json<{ data: Build }>().data));
      const done = await Promise.all(placed.map((build) => waitForBuild(kit, owner.token, build.shopAlias, build.id)));
      for (const build of done) {
        expect(build.status, JSON.stringify(build.error)).toBe('succeeded');
        expect(build.attempts).toBe(1);
        const checks = build.stages.flatMap((stage) => stage.logs).filter((log) => log.line === 'Checking the design');
        expect(checks).toHaveLength(1);
      }
      expect(kit.mails(owner.user.email).filter((mail) => mail.subject.includes('is built'))).toHaveLength(4);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it.skipIf(!redisUp)('with Redis, a page open on one process follows every stage of a build another process runs', async () => {
    const url = (kit.database as { url?: string }).url ?? '';
    const second = await openSeededDatabaseAt({ kind: 'postgres', url });
    // No job runner here: this process only serves the page's socket.
    const other = await startApp(second, { config: testConfig({ PUBLIC_URL: kit.config.PUBLIC_ORIGIN, REDIS_URL: TEST_REDIS_URL }) });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const owner = await kit.register();
      const shop = await readyShop(kit, owner);
      const socket = await connectSocket(`http://127.0.0.1:${(other.server.address() as AddressInfo).port}`, { auth: { token: owner.token } });
      expect(await socket.timeout(2000).emitWithAck('join', buildsRoom(shop.alias))).toEqual({ ok: true });
      const seen: string[] = [];
      const finished = new Promise<Build>((resolve) =>
        socket.on(BUILD_EVENT, (build: Build) => {
          if (seen.at(-1) !== build.status) seen.push(build.status);
          if (build.status === 'succeeded') resolve(build);
        }),
      );
      const placed = (await order(kit, owner.token, shop.alias)).json<{ data: Build }>().data;
      const done = await finished;
      expect(done.id).toBe(placed.id);
      expect(seen).toEqual(['queued', 'validating', 'generating', 'packaging', 'delivering', 'succeeded']);
      // A stranger's socket may not follow the app's builds.
      const stranger = await kit.register();
      const strangerSocket = await connectSocket(`http://127.0.0.1:${(other.server.address() as AddressInfo).port}`, { auth: { token: stranger.token } });
      expect(await strangerSocket.timeout(2000).emitWithAck('join', buildsRoom(shop.alias))).toMatchObject({ ok: false });
    } finally {
      await other.close();
      await second.close();
    }
  });
});

/** `npm start` in a child process with only the variables given. */
function start(env: Record<string, string>): { child: ChildProcess; ready: Promise<void>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Portal ready at/.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('close', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { child, ready, output: () => output };
}

describe.skipIf(!kinds.includes('postgres'))('a server killed in the middle of a build', () => {
  it('SIGKILL while the engine builds: the restarted server resumes the build from the engine job and delivers it', async () => {
    const secret = 'engine-secret-for-the-kill-test-0123';
    const engine = await startTestEngine({ secret, mode: 'poll-only', delayMs: 5000 });
    const database = await openFreshDatabase('postgres');
    const port = await freePort();
    const env = spawnedServerEnv({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: database.url ?? '',
      BUILD_ENGINE_URL: engine.url,
      BUILD_ENGINE_SECRET: secret,
    });
    installShell(env);
    const origin = `http://127.0.0.1:${port}`;
    let run = start(env);
    try {
      await run.ready;
      const client = httpClient(origin);
      const { call } = client;
      const owner = await client.register();
      const shop = await client.createShop(owner, 'Killed Mid Build');
      await saveTestCard(database.db, owner.user.id);
      expect((await call('POST', '/v1/subscriptions', owner.token, { shopAlias: shop.alias, planCode: 'starter' })).status).toBe(200);
      const placed = (await call('POST', `/v1/shops/${shop.alias}/builds`, owner.token, {}, { 'idempotency-key': 'kill-1' })).json.data as Build;

      const read = async () => (await call<Build>('GET', `/v1/shops/${shop.alias}/builds/${placed.id}`, owner.token)).json.data;
      const until = async (done: (build: Build) => boolean, timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const build = await read();
          if (done(build)) return build;
          if (Date.now() > deadline) throw new Error(`build still ${build.status}:\n${run.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      const handedOver = await until(
        (build) => build.stages.some((stage) => stage.logs.some((log) => log.line.startsWith('Handed to the build engine'))),
        30_000,
      );
      expect(handedOver.status).toBe('remote_building');
      // The engine has fetched the project (its download is not what this test kills).
      const fetched = Date.now() + 15_000;
      while (![...engine.jobs.values()].some((job) => job.submission.buildId === placed.id && (job.sourceBytes ?? 0) > 0) && Date.now() < fetched)
        await new Promise((resolve) => setTimeout(resolve, 50));

      run.child.kill('SIGKILL');
      await new Promise((resolve) => run.child.once('close', resolve));
      run = start(env);
      await run.ready;

      const done = await until((build) => ['succeeded', 'failed', 'cancelled'].includes(build.status), 60_000);
      expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
      expect(done.attempts).toBe(2);
      expect(done.stages.flatMap((stage) => stage.logs).some((log) => log.line.startsWith('Resumed after an interruption'))).toBe(true);
      // The engine was handed the project once.
      expect([...engine.jobs.values()].filter((job) => job.submission.buildId === placed.id)).toHaveLength(1);
      expect(done.artifacts.map((artifact) => artifact.kind)).toContain('android-apk');
    } finally {
      run.child.kill('SIGKILL');
      await engine.close();
      await database.close();
    }
  }, 120_000);
});
