/**
 * The build engine client (modules/builds/engine.ts) against the small test engine
 * (modules/builds/sandbox/engine-server.ts) over HTTP: a tiny node:http server plays our side,
 * serving the project zip (as the signed engine-source link does) and receiving the webhooks.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINE_SIGNATURE_HEADER } from '@contract/builds/paths';
import { engineResultSchema, type EngineResult } from '@contract/builds/schemas';
import { zipFiles } from '../../server/src/modules/builds/artifacts/zip';
import {
  createBuildEngine,
  EngineArtifactMismatchError,
  EngineRefusedError,
  EngineUnauthorizedError,
  EngineUnavailableError,
  verifyEngineSignature,
  type BuildEngine,
  type EngineSubmission,
} from '../../server/src/modules/builds/engine';
import { fakeBinary, startTestEngine, TEST_ENGINE_MESSAGES, type TestEngine } from '../../server/src/modules/builds/sandbox/engine-server';

const SECRET = 'test-engine-secret-0123456789';

interface Received {
  raw: string;
  signature: string | undefined;
  result: EngineResult;
}

/** Our side: the project zip at /source.zip, not a zip at /not-a-zip, webhooks at /webhook. */
let ours: Server;
let ourOrigin: string;
let received: Received[] = [];
/** Answers the webhook receiver gives next (then 200). */
let webhookAnswers: number[] = [];
const projectZip = Buffer.from(zipFiles(new Map([['app.json', new TextEncoder().encode('{"expo":{"name":"Bakery"}}')]]), 'bakery'));

let tmp: string;
let engine: TestEngine;
let client: BuildEngine;

function submission(buildId: number, overrides: Partial<EngineSubmission> = {}): EngineSubmission {
  return {
    buildId,
    sourceUrl: `${ourOrigin}/source.zip?expires=1&signature=abc`,
    callbackUrl: `${ourOrigin}/webhook`,
    platforms: ['android', 'ios'],
    app: {
      name: 'Bakery',
      slug: 'bakery',
      androidPackage: 'studio.shopapp.bakery',
      iosBundleIdentifier: 'studio.shopapp.bakery',
      version: '1.0.0',
      buildNumber: 3,
    },
    release: '2.4.0',
    ...overrides,
  };
}

async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const webhooksOf = (jobId: string) => received.filter((webhook) => webhook.result.jobId === jobId);
const finished = (jobId: string) => webhooksOf(jobId).find((webhook) => webhook.result.status === 'succeeded' || webhook.result.status === 'failed');

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'build-engine-'));
  ours = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://ours').pathname;
    if (request.method === 'GET' && path === '/source.zip') return void response.writeHead(200, { 'content-type': 'application/zip' }).end(projectZip);
    if (request.method === 'GET' && path === '/not-a-zip') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    if (request.method === 'POST' && path === '/webhook') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const status = webhookAnswers.shift() ?? 200;
        if (status === 200) {
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({ raw, signature: request.headers[ENGINE_SIGNATURE_HEADER] as string | undefined, result: engineResultSchema.parse(JSON.parse(raw)) });
        }
        response.writeHead(status).end();
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => ours.listen(0, '127.0.0.1', resolve));
  ourOrigin = `http://127.0.0.1:${(ours.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => ours.close(() => resolve()));
  await rm(tmp, { recursive: true, force: true });
});

beforeEach(async () => {
  received = [];
  webhookAnswers = [];
  engine = await startTestEngine({ secret: SECRET, delayMs: 20, webhookRetryGapsMs: [0, 50, 100] });
  client = createBuildEngine({ url: engine.url, secret: SECRET });
});

afterEach(async () => {
  await engine.close();
});

describe('the build engine over HTTP', () => {
  it('submit makes a job that downloads the project, then signed webhooks say building and succeeded', async () => {
    const { jobId } = await client.submit(submission(41));
    expect(jobId).toMatch(/^job_/);
    const last = await until(() => finished(jobId), 'the final webhook');
    const webhooks = webhooksOf(jobId);
    expect(webhooks.map((webhook) => webhook.result.status)).toEqual(['building', 'succeeded']);
    for (const webhook of webhooks) {
      expect(verifyEngineSignature(SECRET, webhook.raw, webhook.signature)).toBe('ok');
      expect(verifyEngineSignature('another-secret-0123456789', webhook.raw, webhook.signature)).toBe('forged');
    }
    expect(engine.jobs.get(jobId)?.sourceBytes).toBe(projectZip.length);
    expect(engine.jobs.get(jobId)?.submission.app.androidPackage).toBe('studio.shopapp.bakery');
    expect(last.result.artifacts?.map((artifact) => artifact.kind)).toEqual(['android-apk', 'android-aab', 'ios-ipa']);
    expect((await client.status(jobId)).status).toBe('succeeded');
  });

  it('the same build makes one job however often submitted; another build makes another', async () => {
    const first = await client.submit(submission(42));
    const again = await client.submit(submission(42));
    const other = await client.submit(submission(49));
    expect(again.jobId).toBe(first.jobId);
    expect(other.jobId).not.toBe(first.jobId);
    expect(engine.jobs.get(first.jobId)?.idempotencyKey).toBe(`${new URL(ourOrigin).host}/build-42`);
    expect(engine.jobs.size).toBe(2);
  });

  it('in poll-only mode no webhook comes, and polling the status reaches succeeded', async () => {
    engine.setMode('poll-only');
    const { jobId } = await client.submit(submission(43));
    const result = await until(async () => {
      const status = await client.status(jobId);
      return status.status === 'succeeded' ? status : undefined;
    }, 'succeeded');
    expect(result.jobId).toBe(jobId);
    expect(result.artifacts).toHaveLength(3);
    expect(received).toEqual([]);
    expect(engine.jobs.get(jobId)?.deliveries).toEqual([]);
  });

  it('downloads each artifact to a file, its sha256 and size checked', async () => {
    const { jobId } = await client.submit(submission(44));
    const { result } = await until(() => finished(jobId), 'succeeded');
    for (const artifact of result.artifacts ?? []) {
      const file = join(tmp, `44-${artifact.kind}`);
      await client.download(artifact, file);
      const bytes = await readFile(file);
      expect(bytes.length).toBe(artifact.size);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(artifact.sha256);
    }
    expect(await readFile(join(tmp, '44-android-apk'))).toEqual(fakeBinary('APK', 44));
  });

  it('refuses an artifact whose sha256 or size is not the one announced, and leaves no file', async () => {
    const { jobId } = await client.submit(submission(45));
    const { result } = await until(() => finished(jobId), 'succeeded');
    const apk = result.artifacts![0]!;
    const file = join(tmp, '45.apk');
    await expect(client.download({ ...apk, sha256: '0'.repeat(64) }, file)).rejects.toBeInstanceOf(EngineArtifactMismatchError);
    await expect(stat(file)).rejects.toThrow();
    await expect(client.download({ ...apk, size: apk.size - 1 }, file)).rejects.toBeInstanceOf(EngineArtifactMismatchError);
    await expect(stat(file)).rejects.toThrow();
    const capped = createBuildEngine({ url: engine.url, secret: SECRET }, { maxArtifactBytes: 100 });
    await expect(capped.download(apk, file)).rejects.toThrow(/over the 100 bytes allowed/);
    await expect(client.download({ ...apk, url: `${engine.url}/artifacts/nope/app.apk` }, file)).rejects.toBeInstanceOf(EngineUnavailableError);
  });

  it('in fail mode the webhook says failed with the engine’s message', async () => {
    engine.setMode('fail');
    const { jobId } = await client.submit(submission(46));
    const { result } = await until(() => finished(jobId), 'failed');
    expect(result).toMatchObject({ status: 'failed', message: TEST_ENGINE_MESSAGES.failed });
    expect(result.artifacts).toBeUndefined();
  });

  it('in silent mode the job is accepted and stays building', async () => {
    engine.setMode('silent');
    const { jobId } = await client.submit(submission(47));
    await until(async () => ((await client.status(jobId)).status === 'building' ? true : undefined), 'building');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await client.status(jobId)).status).toBe('building');
    expect(received).toEqual([]);
  });

  it('a project that is not a zip fails the job', async () => {
    const { jobId } = await client.submit(submission(48, { sourceUrl: `${ourOrigin}/not-a-zip` }));
    const { result } = await until(() => finished(jobId), 'failed');
    expect(result).toMatchObject({ status: 'failed', message: TEST_ENGINE_MESSAGES.notZip });
    const missing = await client.submit(submission(49, { sourceUrl: `${ourOrigin}/gone.zip` }));
    const gone = await until(() => finished(missing.jobId), 'failed');
    expect(gone.result.message).toMatch(/Could not download the project: HTTP 404/);
  });

  it('retries a webhook the callback answered 5xx', async () => {
    webhookAnswers = [503, 500];
    const { jobId } = await client.submit(submission(50));
    await until(() => finished(jobId), 'succeeded');
    // The job is succeeded before its webhook's answer is recorded.
    await expect
      .poll(() => engine.jobs.get(jobId)?.deliveries)
      .toEqual([
        { status: 'building', httpStatus: 503 },
        { status: 'building', httpStatus: 500 },
        { status: 'building', httpStatus: 200 },
        { status: 'succeeded', httpStatus: 200 },
      ]);
  });

  it('in refuse mode submit throws EngineRefusedError with the engine’s message', async () => {
    engine.setMode('refuse');
    const error = await client.submit(submission(51)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineRefusedError);
    expect((error as EngineRefusedError).message).toBe(TEST_ENGINE_MESSAGES.refused);
    expect((error as EngineRefusedError).httpStatus).toBe(422);
    expect(engine.jobs.size).toBe(0);
  });

  it('an unknown job’s status is refused by the engine', async () => {
    await expect(client.status('job_unknown')).rejects.toThrow(new EngineRefusedError('No such job', 404));
  });

  it('the engine refuses our requests signed with another secret', async () => {
    const wrong = createBuildEngine({ url: engine.url, secret: 'another-secret-0123456789' });
    const error = await wrong.submit(submission(52)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineUnauthorizedError);
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect(engine.jobs.size).toBe(0);
    const { jobId } = await client.submit(submission(53));
    await expect(wrong.status(jobId)).rejects.toBeInstanceOf(EngineUnauthorizedError);
  });

  it('an engine that is down is unavailable', async () => {
    const down = await startTestEngine({ secret: SECRET });
    await down.close();
    const closed = createBuildEngine({ url: down.url, secret: SECRET });
    await expect(closed.submit(submission(54))).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(closed.status('job_1')).rejects.toBeInstanceOf(EngineUnavailableError);
  });

  it('an engine that does not answer in time is unavailable', async () => {
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const slow = createBuildEngine({ url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`, secret: SECRET }, { requestTimeoutMs: 200 });
      await expect(slow.submit(submission(55))).rejects.toBeInstanceOf(EngineUnavailableError);
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });
});
