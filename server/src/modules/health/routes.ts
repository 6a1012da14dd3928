/**
 * GET /healthz (no auth, outside API_PREFIX): 200 while the database answers, 503 otherwise. It
 * also says whether Redis is reached ('up'), configured but not reached ('down'), or not
 * configured ('off'); a Redis that is down does not fail the check, since the server keeps
 * working without it.
 */
import { HEALTH_PATH } from '@contract/health/paths';
import { healthSchema, type Health } from '@contract/health/schemas';
import { envelopeOf, errorSchema } from '@contract/response';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';

export const healthModule: ModulePlugin = async (app, { database }) => {
  const redisState = (): Health['redis'] => {
    const { redis, redisSubscriber } = app.realtime;
    if (!redis || !redisSubscriber) return 'off';
    return redis.isReady && redisSubscriber.isReady ? 'up' : 'down';
  };

  app.get(HEALTH_PATH, { schema: { tags: ['health'], response: { 200: envelopeOf(healthSchema), 503: errorSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'database ping failed');
      return reply.code(503).send({ message: 'Database unavailable' });
    }
    return ok({ db: 'up' as const, redis: redisState() });
  });
};
