/**
 * The built-in test gateways in a process of their own (`npm run test-gateways`), as a real
 * provider is: started with the server's environment (the same JWT_SECRET, so the same test keys,
 * and the same database, where a test gateway keeps what it knows), and sending webhooks to the
 * server as a provider does. The server finds them at TEST_GATEWAYS_URL.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { GATEWAYS } from '@contract/constants';
import type { Config } from '../../../config';
import type { Database } from '../../../db/database';
import { loggerOptions } from '../../../logger';
import { PROVIDER_KITS } from '../gateways/providers';
import { mountTestGateways } from '../gateways/registry';

/** `origins.webhook`: where the server answers; `origins.public`: where a browser reaches these gateways' pages. */
export async function buildTestGateways(config: Config, db: Database, origins: { webhook: () => string; public: string }): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(config) });
  const providers = GATEWAYS.filter((provider) => !config.PAYMENTS[provider]);
  await mountTestGateways(app, { config, db }, PROVIDER_KITS, providers, origins);
  app.get('/healthz', async () => ({ status: 'ok', providers }));
  return app;
}
