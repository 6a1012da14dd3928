/** GET /healthz: the database check, without credentials. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../server/src/app';
import type { Config } from '../../server/src/config';
import type { DatabaseHandle } from '../../server/src/db/database';
import { databaseKinds, openFreshDatabase, removeTempDirs, startApp, testConfig } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);


describe.each(kinds)('health on %s', (kind) => {
  let database: DatabaseHandle;
  let config: Config;
  let app: AppInstance;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    config = testConfig();
    app = await startApp(database, { config });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  describe('GET /healthz', () => {
    it('answers 200 with the envelope while the database answers, without credentials', async () => {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'OK', data: { db: 'up' } });
    });

    it('answers 503 when the database does not', async () => {
      const failing: DatabaseHandle = { ...database, ping: () => Promise.reject(new Error('connection refused')), close: async () => {} };
      const downApp = await startApp(failing);
      try {
        const response = await downApp.inject({ method: 'GET', url: '/healthz' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ message: 'Database unavailable' });
      } finally {
        await downApp.close();
      }
    });
  });
});
