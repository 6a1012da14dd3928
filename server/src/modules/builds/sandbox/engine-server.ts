/**
 * A small build engine that speaks our protocol (../engine.ts), for the tests and for a person to
 * try remote builds (`npm run build-engine`). It checks our signature, downloads the project zip
 * from `sourceUrl`, and after `delayMs` reports `building`, then after `delayMs` again `succeeded`
 * with three small fake binaries it serves itself (deterministic bytes, real size and sha256).
 * Webhooks are signed as the real engine signs them and retried when the callback answers 5xx or
 * cannot be reached. Modes (taken by a job when it is submitted):
 * - 'webhook' (default): as above;
 * - 'poll-only': no webhooks, only the status answers;
 * - 'fail': `building`, then `failed` with a Gradle message;
 * - 'silent': accepts, goes `building` and never reports nor finishes;
 * - 'refuse': every submission answers 422 {message}.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ENGINE_SIGNATURE_HEADER } from '@contract/builds/paths';
import type { EngineResult } from '@contract/builds/schemas';
import { signEngineRequest, verifyEngineSignature, type EngineSubmission } from '../engine';

export type TestEngineMode = 'webhook' | 'poll-only' | 'fail' | 'silent' | 'refuse';

export const TEST_ENGINE_MESSAGES = {
  refused: 'app.json: android.package is missing',
  failed: 'Gradle: could not resolve expo-font',
  notZip: 'The project at sourceUrl is not a zip archive',
} as const;

type ArtifactKind = NonNullable<EngineResult['artifacts']>[number]['kind'];

const FAKE_BINARIES: { kind: ArtifactKind; prefix: string; fileName: string }[] = [
  { kind: 'android-apk', prefix: 'APK', fileName: 'app.apk' },
  { kind: 'android-aab', prefix: 'AAB', fileName: 'app.aab' },
  { kind: 'ios-ipa', prefix: 'IPA', fileName: 'app.ipa' },
];

/** A fake binary's bytes: the same build always makes the same bytes. */
export const fakeBinary = (prefix: string, buildId: number): Buffer => Buffer.from(`${prefix} ${buildId}\n`.repeat(512));

export interface TestEngineDelivery {
  status: EngineResult['status'];
  /** The callback's HTTP status, or null when it could not be reached. */
  httpStatus: number | null;
}

export interface TestEngineJob {
  jobId: string;
  idempotencyKey: string | null;
  mode: TestEngineMode;
  submission: EngineSubmission;
  result: EngineResult;
  /** The project zip's size once downloaded. */
  sourceBytes: number | null;
  /** Every webhook attempt, in order. */
  deliveries: TestEngineDelivery[];
  /** The fake binaries by file name, once succeeded. */
  files: Map<string, Buffer>;
}

export interface TestEngineOptions {
  secret: string;
  mode?: TestEngineMode;
  /** The pause before `building` and again before the end (default 50 ms). */
  delayMs?: number;
  /** 0 (default): any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Gaps before each webhook attempt (default 0, 200, 1000, 3000 ms). */
  webhookRetryGapsMs?: readonly number[];
  /** Each job's steps, for a person watching (the CLI). */
  log?: (line: string) => void;
}

export interface TestEngine {
  url: string;
  jobs: Map<string, TestEngineJob>;
  setMode(mode: TestEngineMode): void;
  close(): Promise<void>;
}

const MAX_REQUEST_BYTES = 1024 * 1024;
const MAX_SOURCE_BYTES = 200 * 1024 * 1024;

class TooLarge extends Error {}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        reject(new TooLarge());
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The submission's shape, or the reason it is not one. */
function readSubmission(body: unknown): EngineSubmission | string {
  if (typeof body !== 'object' || body === null) return 'The body is not a JSON object';
  const submission = body as Partial<EngineSubmission>;
  if (!Number.isInteger(submission.buildId) || (submission.buildId as number) < 1) return 'buildId must be a positive integer';
  if (!isHttpUrl(submission.sourceUrl)) return 'sourceUrl must be an http(s) URL';
  if (!isHttpUrl(submission.callbackUrl)) return 'callbackUrl must be an http(s) URL';
  if (!Array.isArray(submission.platforms) || submission.platforms.length === 0 || !submission.platforms.every((p) => p === 'android' || p === 'ios'))
    return "platforms must list 'android' and/or 'ios'";
  if (typeof submission.app !== 'object' || submission.app === null || typeof submission.app.slug !== 'string') return 'app is missing';
  if (typeof submission.release !== 'string') return 'release is missing';
  return submission as EngineSubmission;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', stop, { once: true });
  });

export async function startTestEngine(options: TestEngineOptions): Promise<TestEngine> {
  const { secret } = options;
  const delayMs = options.delayMs ?? 50;
  const gaps = options.webhookRetryGapsMs ?? [0, 200, 1000, 3000];
  const log = options.log ?? (() => {});
  let mode: TestEngineMode = options.mode ?? 'webhook';
  const jobs = new Map<string, TestEngineJob>();
  const byIdempotencyKey = new Map<string, string>();
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  let origin = '';

  async function download(url: string): Promise<Buffer> {
    const response = await fetch(url, { signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(60_000)]) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_SOURCE_BYTES) throw new Error('too large');
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_SOURCE_BYTES) throw new Error('too large');
    return bytes;
  }

  /** Delivers the job's current result to its callback, retried on 5xx and network failures. */
  async function report(job: TestEngineJob): Promise<void> {
    if (job.mode === 'poll-only' || job.mode === 'silent') return;
    const body = JSON.stringify(job.result);
    const status = job.result.status;
    for (const gap of gaps) {
      await sleep(gap, stopping.signal);
      let httpStatus: number | null = null;
      try {
        const response = await fetch(job.submission.callbackUrl, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', [ENGINE_SIGNATURE_HEADER]: signEngineRequest(secret, body) },
          signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(10_000)]),
        });
        httpStatus = response.status;
        await response.body?.cancel().catch(() => {});
      } catch {
        if (stopping.signal.aborted) return;
      }
      job.deliveries.push({ status, httpStatus });
      log(`job ${job.jobId}: webhook '${status}' -> ${httpStatus ?? 'unreachable'}`);
      // 2xx: delivered; 4xx: the receiver refuses it for good (a retry would be refused again).
      if (httpStatus !== null && httpStatus < 500) return;
    }
  }

  function update(job: TestEngineJob, change: Partial<EngineResult>, line: string): void {
    job.result = { ...job.result, ...change, logs: [...(job.result.logs ?? []), line] };
    log(`job ${job.jobId}: ${job.result.status} (${line})`);
  }

  async function run(job: TestEngineJob): Promise<void> {
    let source: Buffer;
    try {
      source = await download(job.submission.sourceUrl);
    } catch (error) {
      if (stopping.signal.aborted) return;
      update(job, { status: 'failed', message: `Could not download the project: ${(error as Error).message}` }, 'Downloading the project failed');
      return report(job);
    }
    job.sourceBytes = source.length;
    // A zip starts with a local file header (PK 3 4), or is empty (PK 5 6).
    if (source.length < 4 || source[0] !== 0x50 || source[1] !== 0x4b || !((source[2] === 3 && source[3] === 4) || (source[2] === 5 && source[3] === 6))) {
      update(job, { status: 'failed', message: TEST_ENGINE_MESSAGES.notZip }, 'The project is not a zip archive');
      return report(job);
    }
    await sleep(delayMs, stopping.signal);
    update(job, { status: 'building', progress: 50 }, `Project downloaded (${source.length} bytes), building ${job.submission.platforms.join(' and ')}`);
    await report(job);
    if (job.mode === 'silent') return;
    await sleep(delayMs, stopping.signal);
    if (job.mode === 'fail') {
      update(job, { status: 'failed', progress: 100, message: TEST_ENGINE_MESSAGES.failed }, TEST_ENGINE_MESSAGES.failed);
      return report(job);
    }
    const artifacts: NonNullable<EngineResult['artifacts']> = [];
    for (const binary of FAKE_BINARIES) {
      const bytes = fakeBinary(binary.prefix, job.submission.buildId);
      job.files.set(binary.fileName, bytes);
      artifacts.push({
        kind: binary.kind,
        url: `${origin}/artifacts/${job.jobId}/${binary.fileName}`,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
    update(job, { status: 'succeeded', progress: 100, artifacts }, 'Binaries ready');
    return report(job);
  }

  function start(job: TestEngineJob): void {
    const task = run(job)
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) log(`job ${job.jobId}: ${(error as Error).message}`);
      })
      .finally(() => running.delete(task));
    running.add(task);
  }

  async function submit(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    const signature = verifyEngineSignature(secret, raw, request.headers[ENGINE_SIGNATURE_HEADER] as string | undefined);
    if (signature !== 'ok') return answer(response, 403, { message: signature === 'stale' ? 'Stale signature' : 'Invalid signature' });
    if (mode === 'refuse') return answer(response, 422, { message: TEST_ENGINE_MESSAGES.refused });
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      return answer(response, 400, { message: 'The body is not JSON' });
    }
    const submission = readSubmission(parsed);
    if (typeof submission === 'string') return answer(response, 400, { message: submission });
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    const known = idempotencyKey ? jobs.get(byIdempotencyKey.get(idempotencyKey) ?? '') : undefined;
    if (known) return answer(response, 202, { jobId: known.jobId, status: known.result.status });
    const jobId = `job_${randomBytes(12).toString('hex')}`;
    const job: TestEngineJob = {
      jobId,
      idempotencyKey,
      mode,
      submission,
      result: { jobId, status: 'queued', progress: 0, logs: [] },
      sourceBytes: null,
      deliveries: [],
      files: new Map(),
    };
    jobs.set(jobId, job);
    if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, jobId);
    log(`job ${jobId}: queued (build ${submission.buildId}, mode ${job.mode})`);
    answer(response, 202, { jobId, status: 'queued' });
    start(job);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://engine').pathname;
    if (request.method === 'POST' && path === '/v1/builds') return submit(request, response);
    const status = /^\/v1\/builds\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && status) {
      const signature = verifyEngineSignature(secret, '', request.headers[ENGINE_SIGNATURE_HEADER] as string | undefined);
      if (signature !== 'ok') return answer(response, 403, { message: signature === 'stale' ? 'Stale signature' : 'Invalid signature' });
      const job = jobs.get(decodeURIComponent(status[1]!));
      return job ? answer(response, 200, job.result) : answer(response, 404, { message: 'No such job' });
    }
    const artifact = /^\/artifacts\/([^/]+)\/([^/]+)$/.exec(path);
    const bytes = artifact && request.method === 'GET' ? jobs.get(artifact[1]!)?.files.get(artifact[2]!) : undefined;
    if (bytes) {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
      return void response.end(bytes);
    }
    if (request.method === 'GET' && path === '/healthz') return answer(response, 200, { status: 'ok', mode });
    answer(response, 404, { message: 'Not found' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.destroy();
      if (error instanceof TooLarge) return answer(response, 413, { message: 'The body is too large' });
      answer(response, 500, { message: (error as Error).message });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: origin,
    jobs,
    setMode(next) {
      mode = next;
    },
    async close() {
      stopping.abort(new Error('The test engine is closing'));
      await Promise.allSettled([...running]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
