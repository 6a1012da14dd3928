/** True when `error` (or an error it wraps, as drizzle does) broke the unique constraint named. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error || (typeof current === 'object' && current !== null);) {
    const { code, constraint: name, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505' && name === constraint) return true;
    current = cause;
  }
  return false;
}

/** The node errors of a connection that could not be made or was cut. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/** What pg says, without a code, when a connection ends or cannot be had in time. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * True when `error` (or an error it wraps) says the database cannot be reached rather than that the
 * query was wrong: a refused or cut connection, a pool that could not connect in time, or the
 * server shutting down or starting (SQLSTATE 57P01-57P03, class 08). Such a request may succeed
 * a moment later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0 && seen.size < 10) {
    const current = pending.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || /^57P0[123]$/.test(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((text) => message.startsWith(text))) return true;
    pending.push(cause, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}
