/** The credits module through HTTP on a fresh database. */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Credit } from '@contract/credits/schemas';
import { credits } from '../../server/src/db/schema';
import { bearer, useApp } from './kit';
import { databaseKinds, removeTempDirs } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

describe.each(kinds)('credits on %s', (kind) => {
  const kit = useApp(kind);

  it('POST /v1/credits answers the credit at 0, with no body or an empty JSON one', async () => {
    const { user, token } = await kit.register();
    await kit.database.db.delete(credits).where(eq(credits.userId, user.id));
    const first = await kit.app.inject({ method: 'POST', url: '/v1/credits', headers: bearer(token) });
    expect(first.statusCode, first.body).toBe(200);
    const credit = first.json<{ data: Credit }>().data;
    expect(credit).toEqual({ id: expect.any(Number), value: 0 });
    const empty = await kit.app.inject({ method: 'POST', url: '/v1/credits', headers: { ...bearer(token), 'content-type': 'application/json' }, payload: '' });
    expect(empty.json()).toEqual({ message: 'OK', data: credit });
  });
});
