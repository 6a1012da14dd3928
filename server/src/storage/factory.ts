/** The file storage the config names: the local directory (DATA_DIR) or an S3 bucket. */
import type { StorageConfig } from '../config';
import { createLocalStorage } from './local';
import type { FileStorage } from './port';
import { createS3Storage } from './s3';

export function createFileStorage(config: StorageConfig): FileStorage {
  return config.kind === 'local' ? createLocalStorage(config.root) : createS3Storage(config);
}

/** A line for the start-up log; never the keys. */
export function describeStorage(config: StorageConfig): string {
  return config.kind === 'local' ? `the data directory (${config.root})` : `S3 bucket ${config.bucket} at ${config.endpoint ?? `AWS S3 (${config.region})`}`;
}
