/**
 * The external build engine (BUILD_ENGINE_URL), as the builds pipeline talks to it. We define the
 * protocol (docs/features: builds): every request and every webhook is signed with
 * `x-engine-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, checked
 * on the raw bytes in constant time and refused when older or newer than 300 s.
 *
 * - submit: POST /v1/builds {buildId, sourceUrl, callbackUrl, platforms, app, release}, with
 *   `idempotency-key: <callback host>/build-<buildId>`; 202 {jobId, status}.
 * - status: GET /v1/builds/<jobId> (signed over "<t>." and the empty body): an EngineResult.
 * - download: each artifact's url, streamed to a file, its size and sha256 checked.
 *
 * Errors: a 4xx answer is EngineRefusedError (the engine's own message: the project is wrong,
 * not our fault), except 401/403 (our signature: BUILD_ENGINE_SECRET differs from the engine's)
 * and 408/429, which like 5xx, a timeout or a network failure are EngineUnavailableError (retry
 * later). A downloaded file that is not what the engine announced is EngineArtifactMismatchError.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ENGINE_SIGNATURE_HEADER, ENGINE_SIGNATURE_TOLERANCE_SECONDS } from '@contract/builds/paths';
import { engineResultSchema, type EngineResult } from '@contract/builds/schemas';

/** What we hand to the engine: the body of POST /v1/builds. */
export interface EngineSubmission {
  buildId: number;
  /** A signed http(s) link where the engine downloads the native project zip. */
  sourceUrl: string;
  /** Where the engine posts its signed EngineResult webhooks. */
  callbackUrl: string;
  platforms: ('android' | 'ios')[];
  app: {
    name: string;
    slug: string;
    androidPackage: string;
    iosBundleIdentifier: string;
    version: string;
    buildNumber: number;
  };
  /** The engine release (its version) the project was made for. */
  release: string;
}

/** One binary the engine announced in an EngineResult. */
export interface EngineArtifactRef {
  url: string;
  size: number;
  sha256: string;
}

export interface BuildEngine {
  /**
   * One engine job per build however often submitted: a worker that dies between the engine's
   * answer and recording its job id submits again when the build resumes, and gets the same job.
   * The callback's host is in the key too: two deployments sharing an engine have builds of the same id.
   */
  submit(request: EngineSubmission): Promise<{ jobId: string }>;
  status(jobId: string): Promise<EngineResult>;
  /** Streams the artifact to `toFile`; the file is removed again if anything is wrong with it. */
  download(artifact: EngineArtifactRef, toFile: string): Promise<void>;
}

/** The engine refused the project (a 4xx answer): its own message, for the merchant's log. */
export class EngineRefusedError extends Error {
  override readonly name = 'EngineRefusedError';
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

/** The engine did not answer usefully (network, timeout, 5xx, not JSON): try again later. */
export class EngineUnavailableError extends Error {
  override readonly name: string = 'EngineUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The engine refused our signature (401/403): a configuration fault on our side, never the merchant's. */
export class EngineUnauthorizedError extends EngineUnavailableError {
  override readonly name = 'EngineUnauthorizedError';
}

/** A downloaded artifact is not what the engine announced (size or sha256), or is over the cap. */
export class EngineArtifactMismatchError extends Error {
  override readonly name = 'EngineArtifactMismatchError';
}

/** Submit and status calls wait this long. */
export const ENGINE_REQUEST_TIMEOUT_MS = 30_000;
/** One artifact's download waits this long. */
export const ENGINE_DOWNLOAD_TIMEOUT_MS = 15 * 60_000;
/** No artifact is bigger than this (an AAB or IPA of a merchant app is tens of MB). */
export const MAX_ENGINE_ARTIFACT_BYTES = 300 * 1024 * 1024;

const nowInSeconds = () => Math.floor(Date.now() / 1000);

function digest(secret: string, timestamp: string, rawBody: string | Buffer): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

/** The `x-engine-signature` header value for a request or webhook body (the exact bytes sent). */
export function signEngineRequest(secret: string, rawBody: string, nowSeconds = nowInSeconds()): string {
  const timestamp = String(Math.floor(nowSeconds));
  return `t=${timestamp},v1=${digest(secret, timestamp, rawBody).toString('hex')}`;
}

const HEADER_PART = /^(t|v1)=(.+)$/;

/**
 * Checks a signature on the raw body: 'forged' when absent, malformed, signed with another secret
 * or over other bytes; 'stale' when authentic but signed more than 300 s ago or ahead (a replay).
 * Several v1 parts are allowed (a secret being rotated): one matching is enough.
 */
export function verifyEngineSignature(
  secret: string,
  rawBody: string | Buffer,
  header: string | undefined,
  nowSeconds = nowInSeconds(),
): 'ok' | 'forged' | 'stale' {
  if (!header || header.length > 1000) return 'forged';
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const match = HEADER_PART.exec(part.trim());
    if (!match) return 'forged';
    const [, key, value] = match as unknown as [string, 't' | 'v1', string];
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return 'forged';
      timestamp = value;
    } else {
      if (!/^[0-9a-f]{64}$/i.test(value)) return 'forged';
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamp === undefined || signatures.length === 0) return 'forged';
  const expected = digest(secret, timestamp, rawBody);
  // Every candidate is compared (no early exit) so the time taken says nothing of which matched.
  let matched = false;
  for (const signature of signatures) matched = timingSafeEqual(signature, expected) || matched;
  if (!matched) return 'forged';
  return Math.abs(nowSeconds - Number(timestamp)) > ENGINE_SIGNATURE_TOLERANCE_SECONDS ? 'stale' : 'ok';
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

const messageOf = (body: unknown): string | null =>
  typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message.trim()
    ? body.message.slice(0, 2000)
    : null;

export interface BuildEngineOptions {
  requestTimeoutMs?: number;
  downloadTimeoutMs?: number;
  maxArtifactBytes?: number;
}

export function createBuildEngine(engine: { url: string; secret: string }, options: BuildEngineOptions = {}): BuildEngine {
  const base = engine.url.replace(/\/+$/, '');
  const requestTimeoutMs = options.requestTimeoutMs ?? ENGINE_REQUEST_TIMEOUT_MS;
  const downloadTimeoutMs = options.downloadTimeoutMs ?? ENGINE_DOWNLOAD_TIMEOUT_MS;
  const maxArtifactBytes = options.maxArtifactBytes ?? MAX_ENGINE_ARTIFACT_BYTES;

  async function send(method: 'GET' | 'POST', path: string, body: string, headers: Record<string, string> = {}): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          [ENGINE_SIGNATURE_HEADER]: signEngineRequest(engine.secret, body),
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: method === 'POST' ? body : undefined,
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new EngineUnavailableError(`The build engine did not answer (${(error as Error).message}).`, { cause: error });
    }
    const parsed = parseJson(text);
    const status = response.status;
    if (status === 401 || status === 403)
      throw new EngineUnauthorizedError(
        `The build engine refused our signature (HTTP ${status}${messageOf(parsed) ? `: ${messageOf(parsed)}` : ''}): is BUILD_ENGINE_SECRET the engine's?`,
      );
    if (status >= 500 || status === 408 || status === 429) throw new EngineUnavailableError(`The build engine answered HTTP ${status}.`);
    if (status >= 400) throw new EngineRefusedError(messageOf(parsed) ?? `The build engine refused the request (HTTP ${status}).`, status);
    if (status < 200 || status >= 300) throw new EngineUnavailableError(`The build engine answered HTTP ${status}.`);
    if (parsed === null || typeof parsed !== 'object') throw new EngineUnavailableError('The build engine answered something that is not JSON.');
    return parsed;
  }

  return {
    async submit(request) {
      const body = JSON.stringify({
        buildId: request.buildId,
        sourceUrl: request.sourceUrl,
        callbackUrl: request.callbackUrl,
        platforms: request.platforms,
        app: request.app,
        release: request.release,
      });
      const answer = await send('POST', '/v1/builds', body, { 'idempotency-key': `${new URL(request.callbackUrl).host}/build-${request.buildId}` });
      const jobId = (answer as { jobId?: unknown }).jobId;
      if (typeof jobId !== 'string' || jobId === '' || jobId.length > 200) throw new EngineUnavailableError('The build engine answered without a job id.');
      return { jobId };
    },

    async status(jobId) {
      const answer = await send('GET', `/v1/builds/${encodeURIComponent(jobId)}`, '');
      const result = engineResultSchema.safeParse(answer);
      if (!result.success) throw new EngineUnavailableError('The build engine answered a status we cannot read.');
      if (result.data.jobId !== jobId) throw new EngineUnavailableError('The build engine answered the status of another job.');
      return result.data;
    },

    async download(artifact, toFile) {
      if (!Number.isInteger(artifact.size) || artifact.size < 0 || artifact.size > maxArtifactBytes)
        throw new EngineArtifactMismatchError(`The artifact's announced size (${artifact.size} bytes) is over the ${maxArtifactBytes} bytes allowed.`);
      const expectedSha = artifact.sha256.toLowerCase();
      let response: Response;
      try {
        response = await fetch(artifact.url, { signal: AbortSignal.timeout(downloadTimeoutMs) });
      } catch (error) {
        throw new EngineUnavailableError(`The build engine did not serve the artifact (${(error as Error).message}).`, { cause: error });
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => {});
        throw new EngineUnavailableError(`The build engine answered HTTP ${response.status} for the artifact.`);
      }
      const announced = response.headers.get('content-length');
      if (announced !== null && Number(announced) !== artifact.size) {
        await response.body.cancel().catch(() => {});
        throw new EngineArtifactMismatchError(`The artifact is ${announced} bytes, not the ${artifact.size} announced.`);
      }
      const hash = createHash('sha256');
      let received = 0;
      const check = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          // Never more than announced: a body that goes on is cut as soon as it passes the size.
          if (received > artifact.size) return done(new EngineArtifactMismatchError(`The artifact is bigger than the ${artifact.size} bytes announced.`));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), check, createWriteStream(toFile));
      } catch (error) {
        await rm(toFile, { force: true });
        if (error instanceof EngineArtifactMismatchError) throw error;
        throw new EngineUnavailableError(`The artifact's download was interrupted (${(error as Error).message}).`, { cause: error });
      }
      const sha256 = hash.digest('hex');
      if (received !== artifact.size || sha256 !== expectedSha) {
        await rm(toFile, { force: true });
        throw new EngineArtifactMismatchError(
          received !== artifact.size
            ? `The artifact is ${received} bytes, not the ${artifact.size} announced.`
            : `The artifact's sha256 is ${sha256}, not the ${expectedSha} announced.`,
        );
      }
    },
  };
}
