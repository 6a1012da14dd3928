/**
 * Files on shared storage (issue 32): the FileStorage port's contract on both adapters (the local
 * directory and S3 through a local s3rver), S3 settings from the environment, and through HTTP two
 * servers on one database and one bucket but each on its own DATA_DIR: what one stores (a profile
 * picture, a shop logo, a build's artifacts and web app) the other serves. Object storage stopped:
 * an upload is a 503 with a message and leaves no media row; started again, all works.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Build } from '@contract/builds/schemas';
import type { ShopMedia } from '@contract/shops/schemas';
import type { User } from '@contract/users/schemas';
import { startLocalS3 } from '../../scripts/local-s3';
import type { AppInstance } from '../../server/src/app';
import { ConfigError, loadConfig } from '../../server/src/config';
import type { DatabaseHandle } from '../../server/src/db/database';
import { media } from '../../server/src/db/schema';
import { openSeededDatabaseAt } from '../../server/src/seed';
import { createFileStorage } from '../../server/src/storage/factory';
import { readStored, STORAGE_UNAVAILABLE, StorageUnavailableError, type FileStorage } from '../../server/src/storage/port';
import { installShell, logoPng, order, readyShop, waitForBuild } from './build-kit';
import { databaseKinds, freePort, removeTempDirs, startApp, tempDir, testConfig } from './harness';
import { BASE, bearer, createUsdShop, PNG, useApp } from './kit';

const kinds = await databaseKinds();
const s3 = await startLocalS3({ directory: tempDir('s3rver-'), bucket: 'portal-files' });
afterAll(async () => {
  await s3.stop();
  removeTempDirs();
});

const storageOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env }).STORAGE;

describe('where files live, from the environment', () => {
  it('is DATA_DIR with nothing set', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).STORAGE).toEqual({ kind: 'local', root: dataDir });
  });

  it('reads S3_URL in its endpoint form and its AWS form', () => {
    expect(storageOf({ S3_URL: 'http://AK:se%2Fcret@127.0.0.1:9000/portal-files?region=eu-west-1' })).toEqual({
      kind: 's3',
      bucket: 'portal-files',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AK', secretAccessKey: 'se/cret' },
    });
    expect(storageOf({ S3_URL: 's3://portal-files', AWS_REGION: 'af-south-1' })).toEqual({
      kind: 's3',
      bucket: 'portal-files',
      region: 'af-south-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('reads the bucket, endpoint and keys one by one', () => {
    const env = {
      S3_BUCKET: 'portal-files',
      S3_ENDPOINT: 'https://minio.example:9000/',
      AWS_ACCESS_KEY_ID: 'AK',
      AWS_SECRET_ACCESS_KEY: 'SK',
      S3_REGION: 'us-west-2',
    };
    expect(storageOf(env)).toEqual({
      kind: 's3',
      bucket: 'portal-files',
      region: 'us-west-2',
      endpoint: 'https://minio.example:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' },
    });
    expect(storageOf({ ...env, S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({ forcePathStyle: false });
    expect(storageOf({ S3_BUCKET: 'portal-files' })).toMatchObject({ endpoint: undefined, forcePathStyle: false, region: 'us-east-1', credentials: undefined });
  });

  it('refuses settings that cannot work, with a sentence that says what to fix', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ S3_URL: 'ftp://host/portal-files' }, /^Invalid S3_URL: must look like s3:\/\/KEY:SECRET@bucket/],
      [{ S3_URL: 'not a url' }, /^Invalid S3_URL: must look like/],
      [{ S3_URL: 'http://127.0.0.1:9000/' }, /^Invalid S3_URL: name one bucket/],
      [{ S3_URL: 's3://portal-files/extra' }, /^Invalid S3_URL: name one bucket/],
      [{ S3_URL: 'http://127.0.0.1:9000/Bad_Bucket' }, /the bucket name "Bad_Bucket" must be 3-63 lowercase letters/],
      [{ S3_URL: 'http://AK@127.0.0.1:9000/portal-files' }, /^S3_URL: give both the access key id and the secret access key, or neither/],
      [{ S3_URL: 'http://127.0.0.1:9000/portal-files?tls=no' }, /^Invalid S3_URL: unknown option tls/],
      [{ S3_URL: 's3://portal-files', S3_BUCKET: 'portal-files' }, /^Set S3_URL or S3_BUCKET \(with S3_ENDPOINT\), not both/],
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /^S3_ENDPOINT and S3_FORCE_PATH_STYLE need S3_BUCKET/],
      [{ S3_BUCKET: 'portal-files', AWS_ACCESS_KEY_ID: 'AK' }, /^AWS_ACCESS_KEY_ID: give both/],
      [{ S3_BUCKET: 'portal-files', S3_ENDPOINT: '127.0.0.1:9000' }, /^Invalid S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/],
      [{ S3_BUCKET: 'portal-files', S3_FORCE_PATH_STYLE: 'yes' }, /^Invalid S3_FORCE_PATH_STYLE: must be true or false/],
      [{ S3_BUCKET: 'x' }, /^Invalid S3_BUCKET: "x" must be 3-63/],
    ];
    for (const [env, message] of cases) {
      expect(() => storageOf(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => storageOf(env), JSON.stringify(env)).toThrow(message);
    }
  });
});

describe.each(['local', 's3'] as const)('the FileStorage contract on the %s adapter', (kind) => {
  let storage: FileStorage;
  let root = '';
  beforeAll(async () => {
    root = tempDir('storage-');
    storage = await createFileStorage(kind === 'local' ? { kind: 'local', root } : storageOf({ S3_URL: s3.url }));
  });
  afterAll(async () => storage.close());

  it('puts bytes and gets them back with their size and type; a key not stored is null', async () => {
    await storage.put('uploads/avatars/a.png', PNG, 'image/png');
    const file = await storage.get('uploads/avatars/a.png');
    expect(file).toMatchObject({ size: PNG.length, contentType: 'image/png' });
    file?.body.destroy();
    expect(await readStored(storage, 'uploads/avatars/a.png')).toEqual(PNG);
    expect(await storage.get('uploads/avatars/missing.png')).toBeNull();
    expect(await storage.get('nothing/here/at-all.zip')).toBeNull();
    expect(await readStored(storage, 'uploads/avatars/missing.png')).toBeNull();
  });

  it('replaces a file whole, and deletes it (a missing one too)', async () => {
    const zip = Buffer.from('PK\u0003\u0004 a zip of sorts');
    await storage.put('builds/7/app.zip', Buffer.from('old'), 'application/zip');
    await storage.put('builds/7/app.zip', zip, 'application/zip');
    expect(await readStored(storage, 'builds/7/app.zip')).toEqual(zip);
    const stored = await storage.get('builds/7/app.zip');
    stored?.body.destroy();
    expect(stored?.contentType).toBe('application/zip');
    await storage.remove('builds/7/app.zip');
    expect(await storage.get('builds/7/app.zip')).toBeNull();
    await storage.remove('builds/7/app.zip');
  });

  it('stores a file of the disk, and removes a folder of keys and nothing beside it', async () => {
    const file = path.join(tempDir(), 'binary.apk');
    writeFileSync(file, Buffer.alloc(300_000, 7));
    await storage.putFile('builds/8/shop-1.apk', file, 'application/octet-stream');
    expect((await readStored(storage, 'builds/8/shop-1.apk'))?.equals(Buffer.alloc(300_000, 7))).toBe(true);
    for (const name of ['web/index.html', 'web/assets/app.js', 'web/icons/icon-192.png'])
      await storage.put(`builds/8/${name}`, Buffer.from(name), 'text/plain');
    await storage.put('builds/80/web/index.html', Buffer.from('other build'), 'text/html');
    await storage.removeAll('builds/8/web/');
    for (const name of ['web/index.html', 'web/assets/app.js', 'web/icons/icon-192.png']) expect(await storage.get(`builds/8/${name}`), name).toBeNull();
    expect(await readStored(storage, 'builds/8/shop-1.apk')).not.toBeNull();
    expect(await readStored(storage, 'builds/80/web/index.html')).toEqual(Buffer.from('other build'));
    await storage.removeAll('builds/nothing-there/');
  });

  it('refuses keys that could reach outside the store', async () => {
    if (kind === 'local') writeFileSync(path.join(path.dirname(root), 'outside.txt'), 'secret');
    for (const key of ['../outside.txt', 'uploads/../../outside.txt', '/etc/passwd', 'a//b', 'a\\b', '', '.env', 'uploads/./a.png', 'uploads/a.png/']) {
      await expect(storage.put(key, PNG, 'image/png'), key).rejects.toThrow(/^Invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/^Invalid storage key/);
      await expect(storage.remove(key), key).rejects.toThrow(/^Invalid storage key/);
    }
    await expect(storage.removeAll('../'), '../').rejects.toThrow(/^Invalid storage key/);
    await expect(storage.removeAll('builds'), 'no slash').rejects.toThrow(/must end with \//);
  });

  it.runIf(kind === 'local')('writes aside then renames: no temporary file is ever left', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, index) => storage.put(`uploads/shop-media/${index}.png`, PNG, 'image/png')));
    const names = readdirSync(path.join(root, 'uploads/shop-media'));
    expect(names).toHaveLength(20);
    expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it.runIf(kind === 's3')('a store that does not answer fails in seconds with StorageUnavailableError', async () => {
    const down = await createFileStorage(storageOf({ S3_URL: `http://AK:SK@127.0.0.1:${await freePort()}/portal-files` }));
    try {
      const started = Date.now();
      await expect(down.put('uploads/avatars/a.png', PNG, 'image/png')).rejects.toThrow(StorageUnavailableError);
      await expect(down.get('uploads/avatars/a.png')).rejects.toMatchObject({ statusCode: 503, message: STORAGE_UNAVAILABLE });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await down.close();
    }
  });

  it.runIf(kind === 's3')(
    'a store that takes the connection and never answers fails in seconds too',
    async () => {
      const silent = createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const hung = await createFileStorage(storageOf({ S3_URL: `http://AK:SK@127.0.0.1:${(silent.address() as AddressInfo).port}/portal-files` }));
      try {
        const started = Date.now();
        await expect(hung.get('uploads/avatars/a.png')).rejects.toThrow(StorageUnavailableError);
        expect(Date.now() - started).toBeLessThan(10_000);
      } finally {
        await hung.close();
        silent.close();
      }
    },
    20_000,
  );
});

const pathOf = (url: string) => {
  const parsed = new URL(url, BASE);
  return `${parsed.pathname}${parsed.search}`;
};

describe.each(kinds)('two servers, one database and one bucket, each its own disk, on %s', (kind) => {
  const kit = useApp(kind, { env: { S3_URL: s3.url }, jobs: true, prepare: installShell });
  let other: AppInstance;
  let otherDatabase: DatabaseHandle;

  beforeAll(async () => {
    // PGlite lives in this process: the second server shares its handle. PostgreSQL: a pool of its own.
    const url = (kit.database as { url?: string }).url;
    otherDatabase = url ? await openSeededDatabaseAt({ kind: 'postgres', url }) : kit.database;
    const config = testConfig({ PUBLIC_URL: BASE, S3_URL: s3.url });
    expect(config.STORAGE.kind).toBe('s3');
    other = await startApp(otherDatabase, { config });
  });
  afterAll(async () => {
    await other?.close();
    if (otherDatabase !== kit.database) await otherDatabase?.close();
  });

  const putPicture = (userId: number, token: string) =>
    kit.app.inject({ method: 'PUT', url: `/v1/user/${userId}/profile-picture`, headers: { ...bearer(token), 'content-type': 'image/png' }, payload: PNG });

  it('a profile picture and a shop logo stored through one server are served by the other', async () => {
    const owner = await kit.register();
    const uploaded = await putPicture(owner.user.id, owner.token);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const picture = uploaded.json<{ data: User }>().data.profilePix ?? '';
    expect(picture).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    // In the bucket, on neither disk.
    expect(existsSync(path.join(kit.config.DATA_DIR, picture))).toBe(false);

    const served = await other.inject({ method: 'GET', url: picture });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    const head = await other.inject({ method: 'HEAD', url: picture });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(PNG.length));
    expect(head.rawPayload.length).toBe(0);
    const again = await other.inject({ method: 'GET', url: picture, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await other.inject({ method: 'GET', url: '/uploads/avatars/0123456789abcdef0123456789abcdef.png' })).statusCode).toBe(404);

    const shop = await createUsdShop(kit, owner, `Shared Shop ${kind}`);
    const logo = await other.inject({ method: 'GET', url: shop.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.rawPayload).toEqual(PNG);

    // Replaced on the first server: gone for the second too.
    expect((await putPicture(owner.user.id, owner.token)).statusCode).toBe(200);
    expect((await other.inject({ method: 'GET', url: picture })).statusCode).toBe(404);
  });

  it('a build made by one server downloads from the other, and the other serves its web app', async () => {
    const owner = await kit.register();
    const shop = await readyShop(kit, owner, { logo: logoPng() });
    const placed = await order(kit, owner.token, shop.alias);
    expect(placed.statusCode, placed.body).toBe(200);
    const build = await waitForBuild(kit, owner.token, shop.alias, placed.json<{ data: Build }>().data.id);
    expect(build.status, JSON.stringify(build.error)).toBe('succeeded');
    expect(existsSync(path.join(kit.config.DATA_DIR, 'builds'))).toBe(false);

    for (const artifact of build.artifacts) {
      const response = await other.inject({ method: 'GET', url: pathOf(artifact.url ?? '') });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(Number(response.headers['content-length'])).toBe(artifact.size);
      expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(artifact.sha256);
      // A download cut halfway resumes where it stopped, from either server.
      const half = Math.floor(artifact.size / 2);
      const rest = await kit.app.inject({
        method: 'GET',
        url: pathOf(artifact.url ?? ''),
        headers: { range: `bytes=${half}-`, 'if-range': `"${artifact.sha256}"` },
      });
      expect(rest.statusCode).toBe(206);
      expect(rest.headers['content-range']).toBe(`bytes ${half}-${artifact.size - 1}/${artifact.size}`);
      expect(Buffer.concat([response.rawPayload.subarray(0, half), rest.rawPayload])).toEqual(response.rawPayload);
    }
    const page = await other.inject({ method: 'GET', url: `/shops/${shop.alias}/app/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${shop.name}</title>`);
    const manifest = await other.inject({ method: 'GET', url: `/shops/${shop.alias}/app/manifest.webmanifest`, headers: { 'accept-encoding': 'br' } });
    expect(manifest.statusCode).toBe(200);
    expect((await other.inject({ method: 'GET', url: `/shops/${shop.alias}/app/missing.js` })).statusCode).toBe(404);
  });

  it('object storage stopped: an upload answers 503 with a message and writes no row; started again, all works', async () => {
    const owner = await kit.register();
    const before = await putPicture(owner.user.id, owner.token);
    const picture = before.json<{ data: User }>().data.profilePix ?? '';
    const rows = async () => (await kit.database.db.select({ id: media.id }).from(media).where(eq(media.ownerUserId, owner.user.id))).length;
    const rowsBefore = await rows();

    await s3.stop();
    try {
      const started = Date.now();
      const refused = await kit.app.inject({
        method: 'POST',
        url: '/v1/shop-media',
        headers: { ...bearer(owner.token), 'content-type': 'image/png', 'x-file-name': 'logo.png' },
        payload: PNG,
      });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toEqual({ message: 'File storage is unavailable: try again in a moment.' });
      expect(refused.headers['retry-after']).toBe('5');
      const pictureRefused = await putPicture(owner.user.id, owner.token);
      expect(pictureRefused.statusCode).toBe(503);
      expect(await rows()).toBe(rowsBefore);
      const read = await other.inject({ method: 'GET', url: picture });
      expect(read.statusCode).toBe(503);
      expect(read.json()).toEqual({ message: STORAGE_UNAVAILABLE });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await s3.start();
    }

    const uploaded = await kit.app.inject({
      method: 'POST',
      url: '/v1/shop-media',
      headers: { ...bearer(owner.token), 'content-type': 'image/png', 'x-file-name': 'logo.png' },
      payload: PNG,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await other.inject({ method: 'GET', url: uploaded.json<{ data: ShopMedia }>().data.url })).statusCode).toBe(200);
    expect((await other.inject({ method: 'GET', url: picture })).rawPayload).toEqual(PNG);
  });
});
