/**
 * A local S3-compatible server (s3rver, in this process) on 127.0.0.1 with one bucket, its files in
 * `directory`: `npm run start:cluster` without object storage (DATA_DIR/s3) and the storage tests
 * (a temporary directory). `stop()` and `start()` again on the same port and directory: object
 * storage that goes down and comes back with what it held.
 */
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

export interface LocalS3 {
  /** S3_URL naming the bucket on this server (path-style endpoint form). */
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLocalS3({ directory, bucket }: { directory: string; bucket: string }): Promise<LocalS3> {
  mkdirSync(directory, { recursive: true });
  // Any free port the first time, then the same one: the URL the servers were given stays right.
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
    ({ port } = await server.run());
  };
  await start();
  return {
    // s3rver's fixed development credentials.
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    start,
    async stop() {
      await server?.close();
      server = null;
    },
  };
}
