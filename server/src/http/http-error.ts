/** A refusal a service raises on purpose: its status and message reach the client as is. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Extra response headers, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.headers = headers;
  }
}
