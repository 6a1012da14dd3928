/** The stylesheet every test gateway's hosted pages link (registered once, at the root, by the payments module). */
import type { FastifyInstance } from 'fastify';
import { HOSTED_CSS, SANDBOX_STYLESHEET } from './hosted-page';

export function registerSandboxAssets(app: FastifyInstance): void {
  app.get(SANDBOX_STYLESHEET, async (_request, reply) => reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(HOSTED_CSS));
}
