/**
 * CLUSTER=1 refuses, in one line naming the variable to set, every setting that only works on
 * one machine: PGlite, no Redis, generated secrets, local files. main.ts exits 1 with that line.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, REPO_ROOT, loadConfig } from '../../server/src/config';
import { removeTempDirs, tempDir } from './harness';

afterAll(removeTempDirs);

/** Every setting a cluster needs; each case takes one away. */
const CLUSTER_READY = {
  CLUSTER: '1',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: 'j'.repeat(40),
  CLIENT_CREDENTIAL: 'portal:cluster-secret',
  VAPID_PUBLIC_KEY: 'public-key',
  VAPID_PRIVATE_KEY: 'private-key',
  S3_URL: 'http://KEY:SECRET@127.0.0.1:4568/portal',
};

function without(name: keyof typeof CLUSTER_READY, dataDir: string): Record<string, string | undefined> {
  return { ...CLUSTER_READY, DATA_DIR: dataDir, [name]: undefined };
}

describe('cluster mode', () => {
  it('starts with every shared setting given, and generates no secret into DATA_DIR', () => {
    const dataDir = tempDir();
    const config = loadConfig({ ...CLUSTER_READY, DATA_DIR: dataDir });
    expect(config.CLUSTER).toBe(true);
    expect(config.VAPID).toEqual({ publicKey: 'public-key', privateKey: 'private-key' });
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('refuses each one-machine setting with one line naming the variable to set', () => {
    const dataDir = tempDir();
    const cases: Array<[keyof typeof CLUSTER_READY, RegExp]> = [
      ['DATABASE_URL', /^CLUSTER=1: set DATABASE_URL \(the embedded PGlite database/],
      ['REDIS_URL', /^CLUSTER=1: set REDIS_URL /],
      ['JWT_SECRET', /^CLUSTER=1: set JWT_SECRET /],
      ['CLIENT_CREDENTIAL', /^CLUSTER=1: set CLIENT_CREDENTIAL /],
      ['VAPID_PUBLIC_KEY', /^CLUSTER=1: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY /],
      ['S3_URL', /^CLUSTER=1: set S3_URL /],
    ];
    for (const [name, message] of cases) {
      expect(() => loadConfig(without(name, dataDir)), name).toThrow(ConfigError);
      expect(() => loadConfig(without(name, dataDir)), name).toThrow(message);
      expect(() => loadConfig(without(name, dataDir)), name).toThrow(/^[^\n]+$/);
    }
    // Refused before anything is generated into DATA_DIR.
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('takes S3_BUCKET as object storage, and FCM instead of the VAPID keys', () => {
    const dataDir = tempDir();
    expect(loadConfig({ ...without('S3_URL', dataDir), S3_BUCKET: 'portal' }).CLUSTER).toBe(true);
    const fcm = { ...without('VAPID_PUBLIC_KEY', dataDir), VAPID_PRIVATE_KEY: undefined, VITE_FIREBASE_CONFIG: '{}', FIREBASE_SERVICE_ACCOUNT: '{}' };
    expect(loadConfig(fcm).VAPID).toBeUndefined();
  });

  it('refuses half a VAPID key pair, in cluster mode or not', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: 'public-key' })).toThrow(/^Set VAPID_PRIVATE_KEY too/);
    expect(() => loadConfig({ ...without('VAPID_PRIVATE_KEY', dataDir) })).toThrow(/^Set VAPID_PRIVATE_KEY too/);
  });

  it('makes main.ts exit 1 with that one line, PGlite being the first setting refused', async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SKIP_BUILD: '1', PORT: '0', DATA_DIR: dataDir, CLUSTER: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^CLUSTER=1: set DATABASE_URL \([^\n]+\)\.$/);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });
});
