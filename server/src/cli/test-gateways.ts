/**
 * `npm run test-gateways`: the built-in test gateways in a process of their own, listening on
 * TEST_GATEWAYS_URL's port. Start it with the server's environment (DATABASE_URL, JWT_SECRET,
 * PUBLIC_URL, TEST_GATEWAYS_URL): the server then talks to it instead of mounting its own, and
 * its webhooks go to PUBLIC_URL. PostgreSQL only: the embedded database is single-process.
 */
import { ConfigError, loadConfig } from '../config';
import { DatabaseOpenError } from '../db/database';
import { buildTestGateways } from '../modules/payments/sandbox/standalone';
import { openSeededDatabase } from '../seed';

try {
  const config = loadConfig(process.env);
  const origin = config.PAYMENTS.testGatewaysOrigin;
  if (!origin || !config.DATABASE_URL)
    throw new ConfigError("npm run test-gateways needs TEST_GATEWAYS_URL (where it listens) and DATABASE_URL (the server's PostgreSQL).");
  const database = await openSeededDatabase(config);
  const app = await buildTestGateways(config, database.db, { webhook: () => config.PUBLIC_ORIGIN, public: origin });
  const url = new URL(origin);
  await app.listen({ port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), host: config.HOST });
  const stop = () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
