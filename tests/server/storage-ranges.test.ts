/**
 * Stored files served as a file server serves them (server/src/storage/send.ts): byte ranges for
 * a download that resumes or a player that seeks, Last-Modified, and the port's stat and ranged
 * get on the local directory and on an S3-compatible server.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../server/src/app';
import type { DatabaseHandle } from '../../server/src/db/database';
import { createFileStorage } from '../../server/src/storage/factory';
import { readStored, type FileStorage } from '../../server/src/storage/port';
import { RANGE_NOT_SATISFIABLE } from '../../server/src/storage/send';
import { openFreshDatabase, removeTempDirs, startApp, tempDir, testConfig } from './harness';
import { startLocalS3 } from '../../scripts/local-s3';

const s3 = await startLocalS3({ directory: tempDir('s3rver-'), bucket: 'portal-files' });

afterAll(async () => {
  await s3.stop();
  removeTempDirs();
});

/** 1,000 bytes, each a different value from its neighbours: any range read wrong shows. */
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, index) => (index * 7) % 256));

describe.each(['local', 's3'] as const)('the port on the %s adapter', (kind) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await createFileStorage(kind === 'local' ? { kind: 'local', root: tempDir('ranges-') } : testConfig({ S3_URL: s3.url }).STORAGE);
  });
  afterAll(async () => storage.close());

  it('tells a file’s size and time, and reads the bytes of a range', async () => {
    const before = Date.now();
    await storage.put('builds/1/app.zip', BYTES, 'application/zip');
    const info = await storage.stat('builds/1/app.zip');
    expect(info?.size).toBe(BYTES.length);
    // S3 keeps whole seconds.
    expect(info?.modified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(info?.modified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await storage.stat('builds/1/missing.zip')).toBeNull();

    const file = await storage.get('builds/1/app.zip', { start: 100, end: 199 });
    expect(file?.size).toBe(100);
    const chunks: Buffer[] = [];
    for await (const chunk of file?.body ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks)).toEqual(BYTES.subarray(100, 200));
    expect(await readStored(storage, 'builds/1/app.zip')).toEqual(BYTES);
  });
});

describe.each(['local', 's3'] as const)('an uploaded file over HTTP, stored on the %s adapter', (kind) => {
  let database: DatabaseHandle;
  let app: AppInstance;
  let storage: FileStorage | undefined;
  const name = `shop-media/${randomBytes(16).toString('hex')}.png`;
  const url = `/uploads/${name}`;
  const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    database = await openFreshDatabase('pglite');
    app = await startApp(database, {
      config: testConfig(kind === 's3' ? { S3_URL: s3.url } : {}),
      configure: (_app, deps) => {
        storage = deps.storage;
      },
    });
    await storage?.put(`uploads/${name}`, BYTES, 'image/png');
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is sent whole with its size, its time and the ranges it accepts', async () => {
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(BYTES);
    expect(whole.headers).toMatchObject({ 'accept-ranges': 'bytes', 'content-length': String(BYTES.length), 'content-type': 'image/png' });
    expect(new Date(String(whole.headers['last-modified'])).getTime()).not.toBeNaN();
  });

  it('sends the one range asked for, from a start, to an end, or the last bytes', async () => {
    for (const [range, start, end] of [
      ['bytes=0-9', 0, 9],
      ['bytes=990-', 990, 999],
      ['bytes=-5', 995, 999],
      ['bytes=500-2000', 500, 999],
    ] as const) {
      const partial = await get({ range });
      expect(partial.statusCode, range).toBe(206);
      expect(partial.headers['content-range'], range).toBe(`bytes ${start}-${end}/${BYTES.length}`);
      expect(partial.headers['content-length'], range).toBe(String(end - start + 1));
      expect(partial.rawPayload, range).toEqual(BYTES.subarray(start, end + 1));
      // The answer's own headers stay: the type and the file's policy.
      expect(partial.headers['content-type']).toBe('image/png');
    }
  });

  it('answers 416 for a range past the end, and the whole file for several ranges or a malformed one', async () => {
    const past = await get({ range: 'bytes=1000-1010' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${BYTES.length}`);
    expect(past.json()).toEqual({ message: RANGE_NOT_SATISFIABLE });
    for (const range of ['bytes=0-1,500-501', 'bytes=abc', 'lines=1-2']) {
      const whole = await get({ range });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.rawPayload, range).toEqual(BYTES);
    }
  });

  it('keeps a range only for the version the client holds (If-Range)', async () => {
    const { etag, 'last-modified': modified } = (await get()).headers;
    expect((await get({ range: 'bytes=0-9', 'if-range': String(etag) })).statusCode).toBe(206);
    expect((await get({ range: 'bytes=0-9', 'if-range': String(modified) })).statusCode).toBe(206);
    for (const other of ['"another-version"', 'Tue, 01 Jan 2019 00:00:00 GMT']) {
      const whole = await get({ range: 'bytes=0-9', 'if-range': other });
      expect(whole.statusCode, other).toBe(200);
      expect(whole.rawPayload).toEqual(BYTES);
    }
  });

  it('is 404 for a name not stored, with or without a range', async () => {
    const missing = `/uploads/shop-media/${randomBytes(16).toString('hex')}.png`;
    expect((await app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: missing, headers: { range: 'bytes=0-9' } })).statusCode).toBe(404);
  });
});
