import type { FastifyInstance } from 'fastify';
import { JSON_LIMITS } from './json-limits';

/**
 * For routes that take no body: whatever arrives (an empty body sent with
 * Content-Type: application/json included) is read and ignored instead of refused.
 */
export function ignoreBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
}

/** For signed webhooks: the body stays the exact bytes that were signed (a Buffer), within the JSON bound. */
export function rawBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: JSON_LIMITS.bytes }, (_request, body, done) => done(null, body));
}
