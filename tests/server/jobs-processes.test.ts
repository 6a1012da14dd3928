/**
 * Three processes starting together on a fresh PostgreSQL database (a new deployment, the
 * cluster journeys) all start their job runners: creating the same pg-boss queues at once once
 * made PostgreSQL end one of them with a deadlock, and that process exited at start.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../server/src/app';
import type { DatabaseHandle } from '../../server/src/db/database';
import { openSeededDatabaseAt } from '../../server/src/seed';
import { databaseKinds, openFreshDatabase, startApp } from './harness';

const kinds = await databaseKinds();
const opened: Array<DatabaseHandle | AppInstance> = [];

afterAll(async () => {
  for (const closable of opened.reverse()) await closable.close();
});

describe.skipIf(!kinds.includes('postgres'))('job runners of several processes', () => {
  it('start together on a fresh database, each round', async () => {
    for (let round = 0; round < 2; round += 1) {
      const first = await openFreshDatabase('postgres');
      const others = await Promise.all([1, 2].map(() => openSeededDatabaseAt({ kind: 'postgres', url: first.url! })));
      opened.push(first, ...others);
      const apps = await Promise.allSettled([first, ...others].map((database) => startApp(database, { jobs: true })));
      for (const app of apps) if (app.status === 'fulfilled') opened.push(app.value);
      expect(apps.map((app) => (app.status === 'rejected' ? String(app.reason) : 'started'))).toEqual(['started', 'started', 'started']);
    }
  });
});
