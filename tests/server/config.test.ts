/** Environment -> config: defaults, validation, and secrets generated once into DATA_DIR. */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, REPO_ROOT, loadConfig } from '../../server/src/config';
import { removeTempDirs, tempDir } from './harness';

afterAll(removeTempDirs);

describe('loadConfig', () => {
  it('works with nothing but a DATA_DIR set', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      PORT: 8080,
      API_PORT: 8081,
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(REPO_ROOT, 'dist'),
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      LOG_LEVEL: 'info',
      SKIP_BUILD: false,
    });
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(config.CLIENT_CREDENTIAL).toMatch(/^portal:\S{20,}$/);
  });

  it('resolves a relative DATA_DIR to an absolute path and treats empty variables as unset', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: path.relative(process.cwd(), dataDir), PORT: '', REDIS_URL: '', SKIP_BUILD: '1' });
    expect(config.DATA_DIR).toBe(dataDir);
    expect(config.PORT).toBe(8080);
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.SKIP_BUILD).toBe(true);
  });

  it('generates the secrets once, mode 0600, and reuses them on the next start', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(second.CLIENT_CREDENTIAL).toBe(first.CLIENT_CREDENTIAL);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ jwtSecret: first.JWT_SECRET, clientCredential: first.CLIENT_CREDENTIAL });
  });

  it('lets given secrets win and writes no file when both are given', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'j'.repeat(40), CLIENT_CREDENTIAL: 'shop:abc' });
    expect(config.JWT_SECRET).toBe('j'.repeat(40));
    expect(config.CLIENT_CREDENTIAL).toBe('shop:abc');
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('refuses bad values with one sentence naming the variable', () => {
    const dataDir = tempDir();
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: 'eighty' }, /^Invalid PORT/],
      [{ PORT: '70000' }, /^Invalid PORT/],
      [{ JWT_SECRET: 'short' }, /^Invalid JWT_SECRET: must be at least 32 characters/],
      [{ CLIENT_CREDENTIAL: 'no-colon' }, /^Invalid CLIENT_CREDENTIAL/],
      [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL/],
      [{ LOG_LEVEL: 'loud' }, /^Invalid LOG_LEVEL/],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(message);
    }
  });

  it('says how to recover from a damaged secrets file', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'secrets.json'), '{ not json');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/secrets\.json is not valid JSON: fix or delete it/);
  });
});
