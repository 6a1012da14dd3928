import type { Envelope } from '@contract/envelope';

/** The success envelope every route answers with (errors carry only `message`). */
export function ok<T>(data: T, message = 'OK'): Envelope<T> {
  return { message, data };
}
