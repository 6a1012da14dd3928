/** The file storage the config names: the local directory (DATA_DIR) or an S3 bucket. */
import type { StorageConfig } from '../config';
import { createLocalStorage } from './local';
import type { FileStorage } from './port';

/** The AWS SDK (most of a second to import) loads only when a bucket is configured. */
export async function createFileStorage(config: StorageConfig): Promise<FileStorage> {
  return config.kind === 'local' ? createLocalStorage(config.root) : (await import('./s3')).createS3Storage(config);
}

/** A line for the start-up log; never the keys. */
export function describeStorage(config: StorageConfig): string {
  return config.kind === 'local' ? `the data directory (${config.root})` : `S3 bucket ${config.bucket} at ${config.endpoint ?? `AWS S3 (${config.region})`}`;
}
