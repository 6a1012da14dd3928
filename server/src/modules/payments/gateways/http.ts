/**
 * JSON over fetch for the REST adapters (paystack, flutterwave): the secret key as a bearer
 * token, a timeout, and the provider's answer sorted into the port's errors. Bodies are never
 * logged here (they describe customers and cards); the errors carry only the provider's message.
 */
import { GatewayRefusal, GatewayUnavailable } from '../gateway';

/** A payment call waits this long before the payment is kept pending and checked later. */
export const GATEWAY_TIMEOUT_MS = 15_000;

export interface JsonClient {
  get(path: string): Promise<unknown>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<unknown>;
}

export interface JsonClientOptions {
  /** The provider's name as our messages say it. */
  provider: string;
  apiBase: () => string;
  secretKey: string;
  timeoutMs?: number;
}

export type Json = Record<string, unknown>;

/** A JSON object (not an array, not null): what the providers' answers and webhooks are made of. */
export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A provider's string or numeric id as text; null when absent or empty. */
export const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);

/** The provider's own words for a refusal (`message`, both paystack and flutterwave), or ours. */
function refusal(provider: string, status: number, body: unknown): GatewayRefusal {
  const message =
    isRecord(body) && typeof body.message === 'string' && body.message.trim() ? body.message : `${provider} refused the request (HTTP ${status}).`;
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : String(status);
  return new GatewayRefusal(message, code);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function jsonClient(options: JsonClientOptions): JsonClient {
  const { provider, secretKey } = options;
  const timeoutMs = options.timeoutMs ?? GATEWAY_TIMEOUT_MS;

  async function send(method: 'GET' | 'POST', path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<unknown> {
    const headers: Record<string, string> = { authorization: `Bearer ${secretKey}`, accept: 'application/json', ...extraHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${options.apiBase()}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      // Refused connection, reset, DNS failure or our timeout: whether the provider acted is unknown.
      throw new GatewayUnavailable(`${provider} did not answer.`, error);
    }
    const parsed = parseJson(text);
    // 429 too: the provider asks us to come back later, which is what "unavailable" means here.
    if (response.status >= 500 || response.status === 429) throw new GatewayUnavailable(`${provider} answered HTTP ${response.status}.`);
    if (response.status >= 400) throw refusal(provider, response.status, parsed);
    if (!isRecord(parsed)) throw new GatewayUnavailable(`${provider} answered something that is not JSON.`);
    return parsed;
  }

  return {
    get: (path) => send('GET', path),
    post: (path, body, headers) => send('POST', path, body, headers),
  };
}
