/** GET /healthz: the database check, without credentials. */
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/src/db/database';
import { databaseKinds, removeTempDirs, startApp } from './harness';
import { useApp } from './kit';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

describe.each(kinds)('health on %s', (kind) => {
  const kit = useApp(kind);

  describe('GET /healthz', () => {
    it('answers 200 with the envelope while the database answers, without credentials', async () => {
      const response = await kit.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'OK', data: { db: 'up', redis: 'off' } });
    });

    it('answers 503 when the database does not', async () => {
      const failing: DatabaseHandle = { ...kit.database, ping: () => Promise.reject(new Error('connection refused')), close: async () => {} };
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
