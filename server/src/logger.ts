/**
 * pino options for Fastify: JSON lines by default (what a log collector wants), readable lines
 * through pino-pretty when stdout is a terminal (`npm start` by hand). What never reaches a log:
 * credentials and passwords (redact paths), the values of secret-looking query parameters of a
 * URL (the `req` serializer: reset and verification links carry `?token=`), and the parameters
 * and details of a failed query (the `err` serializer: they held an argon2 hash). Access lines
 * are written by AccessLog.
 */
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';
import { stdSerializers } from 'pino';
import type { Config } from './config';

export const REDACTED = '[redacted]';

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.confirmPassword',
  '*.passwordHash',
  '*.token',
  '*.accessToken',
  'password',
  'passwordHash',
  'token',
  'JWT_SECRET',
  'CLIENT_CREDENTIAL',
  '*.JWT_SECRET',
  '*.CLIENT_CREDENTIAL',
];

/** Query parameters whose values are secrets: tokens, OAuth codes and state, passwords, keys. */
const SECRET_PARAMETER = /token|code|state|pass|secret|key|sig|auth/i;

/** A URL with the values of secret-looking query parameters replaced. */
export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // An undecodable name is judged as written.
      }
      return equals >= 0 && SECRET_PARAMETER.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

interface RequestLike {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The access log's view of a request (Fastify's default fields, the URL redacted). */
function serializeRequest(request: RequestLike) {
  // Not a request (a plain object logged as `req`): leave it to the redact paths.
  if (typeof request?.url !== 'string') return request;
  return { method: request.method, url: redactQuery(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/** Keys of an error (or its causes) that may carry a request's values. */
const ERROR_VALUE_KEYS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);
/** Drizzle's "Failed query: <sql>\nparams: <values>": keep the SQL, never the values. */
const PARAMS_IN_MESSAGE = /\nparams:[\s\S]*$/;

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(PARAMS_IN_MESSAGE, `\nparams: ${REDACTED}`);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, ERROR_VALUE_KEYS.has(key) ? REDACTED : scrub(item, depth + 1)]));
}

/** pino's error serializer, without the values of a failed query anywhere in it or its causes. */
export function serializeError(error: Error): unknown {
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
  const cause = (error as { cause?: unknown }).cause;
  return scrub({ ...serialized, ...(cause instanceof Error ? { cause: stdSerializers.err(cause) } : {}) }, 0);
}

/** Fastify's logger option in its object form (pino options). */
type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

export interface LoggerChoice {
  /** Readable lines (pino-pretty) instead of JSON: by default when stdout is a terminal. */
  pretty?: boolean;
  /** Where the lines go (tests capture them); JSON then. */
  stream?: NodeJS.WritableStream;
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>, choice: LoggerChoice = {}): LoggerOptions {
  const pretty = !choice.stream && (choice.pretty ?? Boolean(process.stdout.isTTY));
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest, err: serializeError },
    ...(choice.stream ? { stream: choice.stream } : {}),
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true } } } : {}),
  } as LoggerOptions;
}

/** In a terminal, requests for static files are not worth a line each; API calls are. */
export function isQuietRequest(url: string): boolean {
  return !/^\/(v1|uploads|socket\.io)(\/|$)|^\/healthz/.test(url);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers from memory at once (the public reads): one access line when it is sent,
     * carrying the request, instead of an 'incoming request' line and a 'request completed' one.
     */
    oneAccessLine?: boolean;
  }
}

const COMPLETED = 'request completed';

/**
 * Fastify's access lines, for less (issue 32: logging was the largest part of a public read's
 * time). 'request completed' is written without the redact paths, which would walk every key of
 * it: its keys are the request id, the request as serializeRequest gives it (method, redacted
 * URL, host, address), the status and the time, none of which a redact path names. Errors keep
 * Fastify's redacted lines. `quiet` URLs get no line at all (static files in a terminal).
 */
export class AccessLog extends LogController {
  private plain: FastifyBaseLogger | undefined;

  constructor(quiet?: (url: string) => boolean) {
    super(quiet ? { disableRequestLogging: (request) => quiet(request.url) } : {});
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (request.routeOptions.config.oneAccessLine) return;
    super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || this.isLogDisabled(request)) return super.requestCompleted(error, request, reply);
    // The root logger's bindings and serializers, without its redact paths: made once.
    this.plain ??= request.server.log.child({}, { redact: [] });
    // reqId: Fastify's label for the request id (this controller keeps the default).
    if (request.routeOptions.config.oneAccessLine) this.plain.info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, COMPLETED);
    else this.plain.info({ reqId: request.id, res: reply, responseTime: reply.elapsedTime }, COMPLETED);
  }
}

type AnyLogFn = (...args: unknown[]) => void;

/**
 * A request's logger, made the first time something logs through it. A public read answered
 * from memory writes its one access line through AccessLog and nothing else, and pino's child()
 * (its bindings go through the redact paths) was a tenth of such a read's own work (issue 32).
 */
class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): LevelWithSilentOrString {
    return this.logger.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]): void {
    (this.logger.fatal as AnyLogFn)(...args);
  }

  error(...args: unknown[]): void {
    (this.logger.error as AnyLogFn)(...args);
  }

  warn(...args: unknown[]): void {
    (this.logger.warn as AnyLogFn)(...args);
  }

  info(...args: unknown[]): void {
    (this.logger.info as AnyLogFn)(...args);
  }

  debug(...args: unknown[]): void {
    (this.logger.debug as AnyLogFn)(...args);
  }

  trace(...args: unknown[]): void {
    (this.logger.trace as AnyLogFn)(...args);
  }

  silent(...args: unknown[]): void {
    (this.logger.silent as AnyLogFn)(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** The child logger factory of the routes answered from memory (CatalogueCache.guarded). */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options);
