import type { FastifyInstance } from 'fastify';

/**
 * For routes that take no body: whatever arrives (an empty body sent with
 * Content-Type: application/json included) is read and ignored instead of refused.
 */
export function ignoreBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
}
