import { API_PREFIX } from '@contract/api';
import type { Envelope } from '@contract/envelope';
import { errorText } from './error-text';

/** An API call that failed: `message` already follows the spec's error text rule. */
export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** A call that got no answer (offline, server down): status 0. */
export const OFFLINE_MESSAGE = 'You appear to be offline. Check your connection and try again.';

/** The call got no answer at all (status 0): it says nothing about the data asked for. */
export function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

type Query = Record<string, string | number | boolean | readonly string[] | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sent as is with its own Content-Type (for example an image upload) instead of a JSON body. */
  rawBody?: Blob;
  query?: Query;
  /** Text used when the server gives neither a message nor a body (spec section 8). */
  fallback?: string;
  signal?: AbortSignal;
  /** Extra request headers (for example a payment's Idempotency-Key). */
  headers?: Record<string, string>;
  /** Reads the answer's headers (a list call's total: src/api/page.ts). */
  onHeaders?: (headers: Headers) => void;
}

/** Where the bearer token comes from; set by the auth feature, read on every call. */
let tokenSource: () => string | null = () => null;
let onUnauthorized: (message: string) => void = () => {};

export function configureAuth(options: { token: () => string | null; onUnauthorized: (message: string) => void }): void {
  tokenSource = options.token;
  onUnauthorized = options.onUnauthorized;
}

/**
 * The basic client credential for anonymous calls (spec section 6). The server generates it
 * once into DATA_DIR (or takes CLIENT_CREDENTIAL) and writes it into index.html as
 * <meta name="portal-client-credential" content="id:secret">, so no build embeds it.
 */
function clientCredential(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="portal-client-credential"]');
  return meta?.content ?? '';
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    // A list repeats its key (?status=a&status=b).
    if (Array.isArray(value)) for (const item of value as readonly string[]) params.append(key, item);
    else if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Calls the app backend at a contract path, relative to API_PREFIX (`USER_PATHS.me`, or
 * `fillPath(USER_PATHS.update, { userId })` for one with parameters), and returns `data.data`.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = tokenSource();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: token ? `Bearer ${token}` : `Basic ${btoa(clientCredential())}`,
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.rawBody !== undefined) {
    headers['Content-Type'] = options.rawBody.type || 'application/octet-stream';
    body = options.rawBody;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(`${API_PREFIX}${path}`, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    // No answer at all: the caller's fallback describes a refusal ('Invalid Credentials'), not this.
    throw new ApiError(OFFLINE_MESSAGE, 0);
  }

  const responseBody = await readBody(response);
  if (!response.ok) {
    const message = errorText(responseBody, options.fallback);
    if (response.status === 401 && token) onUnauthorized(message);
    throw new ApiError(message, response.status);
  }
  options.onHeaders?.(response.headers);
  return (responseBody as Envelope<T>).data;
}
