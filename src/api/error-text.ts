/**
 * Spec section 8, the error text rule: use the response's message, else the response body,
 * else a given fallback, else 'Error'. The one place this rule lives.
 */
export function errorText(body: unknown, fallback?: string): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  if (typeof body === 'string' && body.trim() !== '') return body;
  if (fallback && fallback.trim() !== '') return fallback;
  return 'Error';
}
