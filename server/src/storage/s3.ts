/**
 * The S3-compatible adapter (AWS S3, MinIO, R2, ...) through the official SDK. Every call gives up
 * after a few seconds (connect 2 s, a silent socket 3 s, two attempts): a store that is down makes a
 * request fail fast with StorageUnavailableError (503), not hang. Checksums only where the API
 * requires them: S3-compatible servers differ in the newer default ones (SDK >= 3.729).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { checkKey, checkPrefix, StorageUnavailableError, type FileStorage } from './port';

const CONNECT_TIMEOUT_MS = 2_000;
/** Silence on a socket, not a whole request: a large artifact streams for as long as it flows. */
const IDLE_TIMEOUT_MS = 3_000;

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: IDLE_TIMEOUT_MS },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  async function send<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw new StorageUnavailableError({ cause: error });
    }
  }

  /** As send, with null for an object that is not there. */
  async function found<T>(call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError({ cause: error });
    }
  }

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      checkKey(key);
      // One PUT: S3 makes the object visible whole or not at all.
      await send(() => client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType })));
    },

    async putFile(key, file, contentType) {
      checkKey(key);
      const { size } = await stat(file);
      await send(() => client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: contentType })));
    },

    async get(key, range) {
      checkKey(key);
      const answer = await found(() =>
        client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) })),
      );
      return (
        answer && {
          body: answer.Body as Readable,
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? 'application/octet-stream',
          modified: answer.LastModified ?? new Date(0),
        }
      );
    },

    async stat(key) {
      checkKey(key);
      const answer = await found(() => client.send(new HeadObjectCommand({ Bucket, Key: key })));
      return answer && { size: answer.ContentLength ?? 0, modified: answer.LastModified ?? new Date(0) };
    },

    async remove(key) {
      checkKey(key);
      await send(() => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },

    async removeAll(prefix) {
      checkPrefix(prefix);
      for (let token: string | undefined, more = true; more;) {
        const page = await send(() => client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token })));
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length > 0) await send(() => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } })));
        token = page.NextContinuationToken;
        more = Boolean(page.IsTruncated && token);
      }
    },

    async close() {
      client.destroy();
    },
  };
}
