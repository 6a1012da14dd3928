/** The collaborators module through HTTP on a fresh database. */
import { afterAll, describe, expect, it } from 'vitest';
import { inviteHistory } from '../../server/src/db/schema';
import { useApp } from './kit';
import { databaseKinds, removeTempDirs } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

describe.each(kinds)('collaborators on %s', (kind) => {
  const kit = useApp(kind);

  it("DELETE /v1/invites-history deletes only the caller's rows and counts them", async () => {
    const { user, token } = await kit.register();
    const other = await kit.register();
    const row = (userId: number) => ({ userId, shopAlias: 'shop', inviteToken: 't', status: 'open' });
    await kit.database.db.insert(inviteHistory).values([row(user.id), row(user.id), row(other.user.id)]);
    expect((await kit.call('DELETE', '/v1/invites-history', token)).json()).toEqual({ message: 'OK', data: { deleted: 2 } });
    expect((await kit.call('DELETE', '/v1/invites-history', token)).json()).toEqual({ message: 'OK', data: { deleted: 0 } });
    expect((await kit.call('DELETE', '/v1/invites-history', other.token)).json()).toEqual({ message: 'OK', data: { deleted: 1 } });
  });
});
