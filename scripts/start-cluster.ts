/**
 * `npm run start:cluster`: CLUSTER_PROCESSES server processes (default 3) behind one address on
 * PORT (default 8080), on the PostgreSQL at DATABASE_URL and the Redis at REDIS_URL, as on
 * several machines (docs/deploy.md). Without S3_URL, a local S3-compatible server keeps the files
 * under DATA_DIR/s3. Ctrl+C stops every process.
 */
import { ConfigError } from '../server/src/config';
import { startCluster } from './cluster/cluster';

const processes = Number(process.env.CLUSTER_PROCESSES ?? 3);
if (!Number.isInteger(processes) || processes < 1) {
  console.error('CLUSTER_PROCESSES must be a whole number of processes, 1 or more.');
  process.exit(1);
}

try {
  const cluster = await startCluster({ processes, port: Number(process.env.PORT || 8080) });
  console.log(`Cluster of ${processes} processes ready at ${cluster.url} (processes on 127.0.0.1 ports ${cluster.ports.join(', ')})`);
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping every process…`);
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}
