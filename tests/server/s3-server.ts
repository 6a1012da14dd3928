/**
 * A local S3-compatible server (s3rver, in-process) on a free port and a temporary directory, with
 * one bucket. `stop()` and `start()` again on the same port and directory: object storage that goes
 * down and comes back with what it held.
 */
import S3rver from 's3rver';
import { freePort, tempDir } from './harness';

export interface LocalS3 {
  /** S3_URL naming the bucket on this server (path-style endpoint form). */
  url: string;
  bucket: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLocalS3(bucket = 'portal-files'): Promise<LocalS3> {
  const port = await freePort();
  const directory = tempDir('s3rver-');
  let server: S3rver | null = null;
  const local: LocalS3 = {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    bucket,
    async start() {
      server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
      await server.run();
    },
    async stop() {
      await server?.close();
      server = null;
    },
  };
  await local.start();
  return local;
}
