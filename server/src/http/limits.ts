/** The 429 every rate limit answers with. */
import { HttpError } from './http-error';

export function tooManyRequests(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, message, { 'retry-after': String(retryAfterSeconds) });
}
