/** The stylesheet every hosted test page links (SANDBOX_STYLESHEET), shared by the three test gateways. */
import type { FastifyInstance } from 'fastify';
import { HOSTED_CSS, SANDBOX_STYLESHEET } from './hosted-page';

export function registerSandboxAssets(app: FastifyInstance): void {
  app.get(SANDBOX_STYLESHEET, async (_request, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(HOSTED_CSS),
  );
}
