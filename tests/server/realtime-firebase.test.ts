/**
 * The `firebase` adapter (src/realtime/firebase.ts) against a local server that speaks the
 * Realtime Database protocol: the same port contract as the local adapter, proven, not assumed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designPath } from '@contract/design/realtime';
import { createFirebaseRealtime } from '../../src/realtime/firebase';
import { startFirebaseProtocolServer, type FirebaseProtocolServer } from '../support/firebase-protocol-server';

let server: FirebaseProtocolServer;
let apps = 0;
const adapter = () =>
  createFirebaseRealtime(
    { databaseURL: 'https://test.firebaseio.com' },
    { emulator: { host: '127.0.0.1', port: server.port }, appName: `adapter-${(apps += 1)}` },
  );

beforeAll(async () => {
  server = await startFirebaseProtocolServer();
});
afterAll(async () => {
  await server?.close();
});

describe('firebase adapter against the protocol server', () => {
  const doc = designPath('fire-shop', 0);

  it('set, multi-path update, get, remove; read failures return null', async () => {
    const db = adapter();
    expect(await db.get(doc)).toBeNull();
    const first = await db.update({ [`${doc}/data/colors/primary`]: '#FF0000FF', [`${doc}/data/appTemplate/hasBottomNavBar`]: true });
    expect(first).toEqual({ revision: 1, duplicate: false });
    expect(await db.get(doc)).toEqual({ isDefault: true, version: 0, data: { colors: { primary: '#FF0000FF' }, appTemplate: { hasBottomNavBar: true } } });
    await db.set(`${doc}/data/colors/primary`, '#00FF00FF');
    expect(await db.get(`${doc}/data/colors/primary`)).toBe('#00FF00FF');
    await db.remove(`${doc}/data/appTemplate`);
    expect(await db.get(`${doc}/data/appTemplate`)).toBeNull();
    expect(await db.get('not a path')).toBeNull();
    await expect(db.update({ 'templates/production/x/y': 1 })).rejects.toThrow('This path cannot be written');
  });

  it('applies an edit id at most once: a replay does not undo a later edit', async () => {
    const db = adapter();
    const path = designPath('fire-dedup', 0);
    const first = await db.set(`${path}/data/colors/accent`, '#111111FF', { editId: 'replayed-edit-1' });
    await db.set(`${path}/data/colors/accent`, '#222222FF');
    const replay = await db.set(`${path}/data/colors/accent`, '#111111FF', { editId: 'replayed-edit-1' });
    expect(replay).toEqual({ revision: first.revision, duplicate: true });
    expect(await db.get(`${path}/data/colors/accent`)).toBe('#222222FF');
  });

  it("a second client's onValue follows every edit, and both converge", async () => {
    const writer = adapter();
    const reader = adapter();
    const path = designPath('fire-live', 0);
    const seen: Array<{ value: unknown; revision: number }> = [];
    const stop = reader.onValue(`${path}/data/buttons/elevation`, (value, { revision }) => seen.push({ value, revision }));
    for (let index = 0; index < 10; index += 1) await writer.set(`${path}/data/buttons/elevation`, index);
    await expect.poll(() => seen.at(-1)).toEqual({ value: 9, revision: 10 });
    stop();
    expect(await reader.get(path)).toEqual(await writer.get(path));
  });
});
