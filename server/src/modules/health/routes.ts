import type { ErrorBody } from '@contract/envelope';
import type { AppDeps, AppInstance } from '../../app';
import { ok } from '../../http/envelope';

/** GET /healthz (no auth): 200 while the database answers, 503 otherwise. */
export function healthRoutes(app: AppInstance, { database }: AppDeps): void {
  app.get('/healthz', async (request, reply) => {
    try {
      await database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'database ping failed');
      return reply.code(503).header('cache-control', 'no-store').send({ message: 'Database unavailable' } satisfies ErrorBody);
    }
    return reply.header('cache-control', 'no-store').send(ok({ db: 'up' as const }));
  });
}
