/**
 * The one error handler: every failure leaves as `{ message }` with a 4xx/5xx status, a human
 * sentence, and never a stack trace. A value the database refuses as data (SQLSTATE class 22:
 * a NUL byte, a bad encoding, a string or number out of range) is the caller's mistake: a 400.
 * A database that cannot be reached (restarting, connection cut) is a 503 that says to try again.
 * Unexpected errors are logged (without query parameters: logger.ts) and answered as a plain 500.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@contract/envelope';
import { isDatabaseUnavailable } from '../db/errors';
import { HttpError } from './http-error';

/** Fastify's own 4xx errors whose built-in wording we replace with a clearer sentence. */
const FRAMEWORK_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Malformed JSON body: the body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type: send application/json' },
};

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable: try again in a moment.';
/** Seconds a client is told to wait after a 503 of the database (a restart takes a few). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATA_ERROR_MESSAGE = 'The request holds a value that cannot be stored (a control character, or text or a number out of range).';

/** The SQLSTATE of a database error, looking through the wrappers drizzle puts around it. */
function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return null;
}

/** SQLSTATE class 22 (data exception): 22P05, 22021, 22001, 22003, ... */
function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith('22') ?? false;
}

/** How much of a body past its limit is read and thrown away before the connection is closed. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * A 413 comes before the body is read. Closing the connection then (what Fastify asks for) leaves
 * the unread bytes in the server's socket, and the kernel answers them with a reset: a client that
 * sends its whole body before reading (most simple clients) never sees the 413. So the connection
 * stays open and the rest of the body is read and thrown away, up to DRAIN_LIMIT_BYTES.
 */
function drainRestOfBody(request: FastifyRequest, reply: FastifyReply): void {
  reply.removeHeader('connection');
  const raw = request.raw;
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) raw.socket.destroy();
  });
  raw.resume();
}

export function errorReply(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const framework = 'code' in error && typeof error.code === 'string' ? FRAMEWORK_MESSAGES[error.code] : undefined;
  if (framework) {
    if (framework.status === 413) drainRestOfBody(request, reply);
    return reply.code(framework.status).send({ message: framework.message } satisfies ErrorBody);
  }

  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (error instanceof HttpError || (status >= 400 && status < 500)) {
    if (error instanceof HttpError) reply.headers(error.headers);
    // A service that is down (5xx on purpose) is worth a line for whoever runs the server.
    if (status >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
    return reply.code(status).send({ message: error.message } satisfies ErrorBody);
  }
  if (isDataException(error)) {
    request.log.warn({ err: error }, 'the database refused a value of the request');
    return reply.code(400).send({ message: DATA_ERROR_MESSAGE } satisfies ErrorBody);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'the database is unavailable');
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ message: DATABASE_UNAVAILABLE_MESSAGE } satisfies ErrorBody);
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: 'Internal server error' } satisfies ErrorBody);
}
