/**
 * The cluster journeys' server (playwright.cluster.config.ts): three processes behind one address
 * on CLUSTER_PORT, on a fresh PostgreSQL database (dropped on SIGTERM) and the local Redis, all
 * with the run's E2E_DATA_DIR, so the e-mail outbox and secrets.json the journeys read are one.
 */
import { startCluster } from '../scripts/cluster/cluster';
import { createDatabase } from '../scripts/cluster/database';

const database = await createDatabase().catch((error: Error) => {
  console.error(`The cluster journeys need PostgreSQL (CLUSTER_DATABASE_URL, default the local server): ${error.message}`);
  process.exit(1);
});
try {
  const cluster = await startCluster({
    processes: 3,
    port: Number(process.env.CLUSTER_PORT),
    env: {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
    },
  });
  console.log(`Cluster ready at ${cluster.url}`);
  const shutdown = () => void cluster.stop().finally(() => database.drop().finally(() => process.exit(0)));
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
} catch (error) {
  await database.drop();
  throw error;
}
