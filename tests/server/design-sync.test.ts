/**
 * The local realtime database (issue #10): write authorisation per path, edit-id deduplication,
 * order and broadcast over socket.io, the Creation schema on every write, POST configure in step,
 * persistence across a restart, on PGlite and PostgreSQL, and two processes through Redis.
 */
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@contract/auth/schemas';
import type { AppInstance } from '../../server/src/app';
import { ROLE } from '@contract/constants';
import { designPath, REALTIME_EVENTS, REALTIME_MESSAGES, type RealtimeSnapshot } from '@contract/design/realtime';
import type { AdminShop, Currency, Shop, ShopMedia } from '@contract/shops/schemas';
import { openSeededDatabaseAt } from '../../server/src/seed';
import { JSON_LIMITS } from '../../server/src/http/json-limits';
import { createLocalRealtime, RealtimeUnreachable } from '../../src/realtime/local';
import { designAuthors, realtimeEdits, realtimeNodes, userRoles } from '../../server/src/db/schema';
import { databaseKinds, openFreshDatabase, redisAnswers, removeTempDirs, startApp, tempDir, testConfig, TEST_REDIS_URL } from './harness';
import { BASE, PNG, useApp } from './kit';
import { closeSockets, connectSocket } from './sockets';
import { createTeamShop } from './team-kit';

const kinds = await databaseKinds();
const redisUp = await redisAnswers();
afterAll(() => {
  closeSockets();
  removeTempDirs();
});

let editCounter = 0;
const editId = () => `edit${process.pid}x${(editCounter += 1)}abcdef`;

function client(url: string, token?: string): Promise<Socket> {
  return connectSocket(url, { auth: token ? { token } : {} });
}

/** A merchant registered on `app` over HTTP (from `remoteAddress`: Redis keeps its rate limits between runs), with one shop named `name`: their token and headers, and the shop's design document. */
async function merchantWithShop(
  app: AppInstance,
  name: string,
  remoteAddress: string,
): Promise<{ token: string; headers: { authorization: string }; doc: string }> {
  const basic = { authorization: `Basic ${Buffer.from('portal-test:0123456789abcdef').toString('base64')}` };
  const registered = await app.inject({
    method: 'POST',
    url: '/v1/auth/register',
    headers: basic,
    remoteAddress,
    payload: {
      firstName: 'Ada',
      lastName: 'L',
      email: `${remoteAddress.replaceAll('.', '-')}-${process.pid}@example.com`,
      phoneNo: '+2348012345678',
      password: 'Passw0rd1',
      confirmPassword: 'Passw0rd1',
      agreed: true,
    },
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const owner = registered.json<{ data: AuthResult }>().data;
  const headers = { authorization: `Bearer ${owner.token}` };
  const logo = (await app.inject({ method: 'POST', url: '/v1/shop-media', headers: { ...headers, 'content-type': 'image/png' }, payload: PNG })).json<{
    data: ShopMedia;
  }>().data.url;
  const currencies = (await app.inject({ method: 'GET', url: '/v1/currencies', headers: basic })).json<{ data: Currency[] }>().data;
  const shop = (
    await app.inject({
      method: 'POST',
      url: '/v1/shops',
      headers,
      payload: {
        name,
        logo,
        latitude: 1.5,
        longitude: 1.5,
        address: { name: 'A', description: 'B', latitude: 1.5, longitude: 1.5 },
        shopCurrency: { currencyId: currencies[0]?.id },
      },
    })
  ).json<{ data: Shop }>().data;
  return { token: owner.token, headers, doc: designPath(shop.alias, 0) };
}

describe.each(kinds)('design sync on %s', (kind) => {
  const kit = useApp(kind);
  const createShop = (owner: AuthResult) => createTeamShop(kit, owner, `design ${kind}`);

  const edit = (token: string | null, updates: Record<string, unknown>, id = editId()) =>
    kit.call('POST', '/v1/realtime/edits', token, { editId: id, updates });

  async function listening(): Promise<string> {
    if (!kit.app.server.listening) await kit.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(kit.app.server.address() as AddressInfo).port}`;
  }

  it("the owner writes fields of the shop's document; the shop's config follows; a SOVEREIGN may too", async () => {
    const owner = await kit.register();
    const shop = await createShop(owner);
    const doc = designPath(shop.alias, 0);
    const first = await edit(owner.token, { [`${doc}/data/colors/primary`]: '#FF0000FF' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ data: { revision: 1, duplicate: false } });
    const second = await edit(owner.token, { [`${doc}/data/appTemplate/hasBottomNavBar`]: true, [`${doc}/data/appTemplate/hasSideNavBar`]: false });
    expect(second.json()).toMatchObject({ data: { revision: 2 } });

    const admin = (await kit.call('GET', `/v1/admin/shops/${shop.alias}`, owner.token)).json<{ data: AdminShop }>().data;
    expect(admin.config).toEqual({ colors: { primary: '#FF0000FF' }, appTemplate: { hasBottomNavBar: true, hasSideNavBar: false } });

    const boss = await kit.register();
    await kit.database.db.insert(userRoles).values({ userId: boss.user.id, roleId: ROLE.SOVEREIGN });
    expect((await edit(boss.token, { [`${doc}/data/colors/accent`]: '#00FF00FF' })).json()).toMatchObject({ data: { revision: 3 } });
    // Written with the edit: its last author (design versions list their last editor).
    expect(await kit.database.db.select({ userId: designAuthors.userId }).from(designAuthors).where(eq(designAuthors.path, doc))).toEqual([
      { userId: boss.user.id },
    ]);
  });

  it('refuses strangers, anonymous callers, other paths, several documents, unknown shops and malformed designs: nothing stored', async () => {
    const owner = await kit.register();
    const stranger = await kit.register();
    const shop = await createShop(owner);
    const doc = designPath(shop.alias, 0);
    const field = `${doc}/data/colors/primary`;

    const cases: Array<[string | null, Record<string, unknown>, number, string]> = [
      [stranger.token, { [field]: '#000000FF' }, 403, 'You do not have permission'],
      [null, { [field]: '#000000FF' }, 401, ''],
      [owner.token, { 'templates/production/health_beauty/t1': { a: 1 } }, 400, REALTIME_MESSAGES.notWritable],
      [owner.token, { 'apps/production/x/../1': 1 }, 400, REALTIME_MESSAGES.notWritable],
      [owner.token, { [`${doc}/data/__proto__/polluted`]: 1 }, 400, REALTIME_MESSAGES.notWritable],
      [owner.token, { [field]: '#000000FF', [`${designPath(shop.alias, 1)}/data/colors/primary`]: '#000000FF' }, 400, REALTIME_MESSAGES.oneDocument],
      [owner.token, { [`${designPath('no-such-shop-anywhere', 0)}/data/colors/primary`]: '#000000FF' }, 404, ''],
      [owner.token, { [field]: 'not a colour' }, 400, `${REALTIME_MESSAGES.malformed}: colors.primary`],
      [owner.token, { [`${doc}/data/appTemplate/theme`]: 'template_z' }, 400, REALTIME_MESSAGES.malformed],
      [owner.token, { [`${doc}/version`]: 7 }, 400, REALTIME_MESSAGES.version],
      [owner.token, { [`${doc}/data/shop/alias`]: 'someone-else' }, 400, 'another shop'],
      [owner.token, { [`${doc}/data/shop/slogan`]: 'x'.repeat(600 * 1024) }, 413, REALTIME_MESSAGES.tooLarge],
    ];
    for (const [token, updates, status, message] of cases) {
      const response = await edit(token, updates);
      expect(response.statusCode, `${JSON.stringify(Object.keys(updates))}: ${response.body}`).toBe(status);
      if (message) expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect((await kit.call('POST', '/v1/realtime/edits', owner.token, { editId: 'short', updates: { [field]: '#000000FF' } })).statusCode).toBe(400);
    expect((await kit.call('POST', '/v1/realtime/edits', owner.token, { editId: editId(), updates: {} })).statusCode).toBe(400);

    const socket = await client(await listening(), owner.token);
    const got = await socket.timeout(2000).emitWithAck(REALTIME_EVENTS.get, { path: doc });
    expect(got).toEqual({ ok: true, snapshot: { path: doc, value: null, revision: 0 } });
    // Read failures return null: a path the store does not keep reads as an error, never a crash.
    expect(await socket.timeout(2000).emitWithAck(REALTIME_EVENTS.get, { path: '../etc' })).toMatchObject({ ok: false });
    // An anonymous socket may not write either.
    const anonymous = await client(await listening());
    expect(await anonymous.timeout(2000).emitWithAck(REALTIME_EVENTS.update, { editId: editId(), updates: { [field]: '#000000FF' } })).toEqual({
      ok: false,
      message: REALTIME_MESSAGES.signIn,
    });
  });

  it('a value nested deeper than the bound is refused before anything walks it (HTTP and socket): nothing stored, and the owner keeps editing', async () => {
    const owner = await kit.register();
    const shop = await createShop(owner);
    const doc = designPath(shop.alias, 0);
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const tooDeep = { message: `The request body is nested too deeply: at most ${JSON_LIMITS.depth} levels` };
    const post = (url: string, body: string) => kit.call('POST', url, owner.token, body, { 'content-type': 'application/json' });

    // Issue 27 #4: 3 000 levels were stored by configure (200), and every plain edit after it was a 500.
    const stored3000 = await post(`/v1/shops/${shop.alias}/configure`, `{"configVersion":0,"extra":${nestedObjects(3_000)}}`);
    expect(stored3000.statusCode, stored3000.body).toBe(400);
    expect(stored3000.json()).toEqual(tooDeep);
    const afterIt = await edit(owner.token, { [`${doc}/data/colors/secondary`]: '#111111FF' });
    expect(afterIt.statusCode, afterIt.body).toBe(200);
    // Issue 27 #3: 10 000 levels to configure, 3 000 to an edit, were a 500 (the stack overflowed).
    const configure = await post(`/v1/shops/${shop.alias}/configure`, `{"configVersion":0,"colors":{"primary":"#111111FF"},"extra":${nested(10_000)}}`);
    expect(configure.statusCode, configure.body).toBe(400);
    expect(configure.json()).toEqual(tooDeep);
    const deepEdit = await post('/v1/realtime/edits', `{"editId":"${editId()}","updates":{"${doc}/data/extra":${nested(3_000)}}}`);
    expect(deepEdit.statusCode).toBe(400);
    expect(deepEdit.json()).toEqual(tooDeep);
    // One level over the bound is refused; at the bound the body is read (and judged by its schema).
    expect((await post('/v1/realtime/edits', `{"editId":"${editId()}","updates":{"${doc}/data/extra":${nested(JSON_LIMITS.depth - 1)}}}`)).json()).toEqual(
      tooDeep,
    );
    const atBound = await post('/v1/realtime/edits', `{"editId":"${editId()}","updates":{"${doc}/data/extra":${nested(JSON_LIMITS.depth - 2)}}}`);
    expect(atBound.statusCode, atBound.body).toBe(200);
    // A bounded value written deep down a path would make a deeper document: refused as well.
    const deepPath = `${doc}/data/a/b/c/d/e/f/g/h/i/j/k`;
    const downPath = await post('/v1/realtime/edits', `{"editId":"${editId()}","updates":{"${deepPath}":${nested(25)}}}`);
    expect(downPath.statusCode, downPath.body).toBe(400);
    expect(downPath.json()).toEqual({ message: REALTIME_MESSAGES.tooDeep });
    // Configure at the body's bound would make its document one level deeper: refused, so its design stays editable.
    const atBodyBound = await post(`/v1/shops/${shop.alias}/configure`, `{"configVersion":0,"extra":${nested(JSON_LIMITS.depth - 1)}}`);
    expect(atBodyBound.json()).toEqual({ message: REALTIME_MESSAGES.tooDeep });
    // Brackets inside strings are text, not nesting.
    const slogan = '['.repeat(100);
    expect((await edit(owner.token, { [`${doc}/data/shop/slogan`]: slogan })).statusCode).toBe(200);
    const plain = await edit(owner.token, { [`${doc}/data/colors/primary`]: '#222222FF' });
    expect(plain.statusCode, plain.body).toBe(200);

    // The socket: the same bound, answered on the event's acknowledgement.
    const socket = await client(await listening(), owner.token);
    const refused = await socket
      .timeout(5000)
      .emitWithAck(REALTIME_EVENTS.update, { editId: editId(), updates: { [`${doc}/data/extra`]: JSON.parse(nested(3_000)) as unknown } });
    expect(refused).toEqual({ ok: false, status: 400, message: `The message is nested too deeply: at most ${JSON_LIMITS.depth} levels` });
    const big = await socket
      .timeout(5000)
      .emitWithAck(REALTIME_EVENTS.update, { editId: editId(), updates: { [`${doc}/data/shop/slogan`]: 'x'.repeat(JSON_LIMITS.bytes + 10) } });
    expect(big).toEqual({ ok: false, status: 413, message: 'The message is too large' });
    // The socket stays usable.
    expect(
      await socket.timeout(5000).emitWithAck(REALTIME_EVENTS.update, { editId: editId(), updates: { [`${doc}/data/colors/accent`]: '#333333FF' } }),
    ).toMatchObject({ ok: true });
    const stored = (await kit.database.db.select({ value: realtimeNodes.value }).from(realtimeNodes).where(eq(realtimeNodes.path, doc)))[0]?.value as {
      data: Record<string, unknown>;
    };
    // Nothing deeper than the bound was stored: the one nested value is the one at the bound.
    expect(stored.data).toMatchObject({
      extra: JSON.parse(nested(JSON_LIMITS.depth - 2)) as unknown,
      shop: { slogan },
      colors: { primary: '#222222FF', accent: '#333333FF', secondary: '#111111FF' },
    });
  });

  it('the local adapter keeps an edit refused for want of a sign-in, and delivers it once signed in', async () => {
    const owner = await kit.register();
    const shop = await createShop(owner);
    let token: string | null = null;
    const db = createLocalRealtime({ url: await listening(), token: () => token });
    try {
      await new Promise<void>((resolve) => {
        const stop = db.onConnection((up) => up && (stop(), resolve()));
      });
      const field = `${designPath(shop.alias, 0)}/data/colors/primary`;
      token = owner.token;
      await expect(db.set(field, '#0F0F0FFF', { editId: 'signin-edit-1' })).rejects.toBeInstanceOf(RealtimeUnreachable);
      await expect
        .poll(async () => (await db.set(field, '#0F0F0FFF', { editId: 'signin-edit-1' }).catch(() => null))?.revision ?? 0, { timeout: 5000 })
        .toBe(1);
      expect(await db.get(field)).toBe('#0F0F0FFF');
    } finally {
      db.close();
    }
  });

  it('GET /v1/realtime/preview-origin names the public origin phones open', async () => {
    const response = await kit.call('GET', '/v1/realtime/preview-origin', null);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { origin: BASE, sameNetwork: false } });
  });

  it('applies an edit id at most once, also when the same edit arrives twice at the same time', async () => {
    const owner = await kit.register();
    const shop = await createShop(owner);
    const doc = designPath(shop.alias, 0);
    const id = editId();
    const first = await edit(owner.token, { [`${doc}/data/colors/primary`]: '#111111FF' }, id);
    expect(first.json()).toMatchObject({ data: { revision: 1, duplicate: false } });
    await edit(owner.token, { [`${doc}/data/colors/primary`]: '#222222FF' });
    // A replay of the first edit (its acknowledgement was lost) must not undo the second.
    const replay = await edit(owner.token, { [`${doc}/data/colors/primary`]: '#111111FF' }, id);
    expect(replay.json()).toMatchObject({ data: { revision: 1, duplicate: true } });

    const twin = editId();
    const answers = await Promise.all([1, 2, 3].map(() => edit(owner.token, { [`${doc}/data/colors/accent`]: '#333333FF' }, twin)));
    expect(answers.map((answer) => answer.json<{ data: { duplicate: boolean } }>().data.duplicate).sort()).toEqual([false, true, true]);

    const socket = await client(await listening(), owner.token);
    const { snapshot } = (await socket.timeout(2000).emitWithAck(REALTIME_EVENTS.get, { path: doc })) as { snapshot: RealtimeSnapshot };
    expect(snapshot.revision).toBe(3);
    expect(snapshot.value).toEqual({ isDefault: true, version: 0, data: { colors: { primary: '#222222FF', accent: '#333333FF' } } });
  });

  it('an edit builds on the stored document, also after another writer changed it behind this process', async () => {
    const owner = await kit.register();
    const shop = await createShop(owner);
    const doc = designPath(shop.alias, 0);
    expect((await edit(owner.token, { [`${doc}/data/colors/primary`]: '#101010FF' })).json()).toMatchObject({ data: { revision: 1 } });
    expect((await edit(owner.token, { [`${doc}/data/colors/accent`]: '#202020FF' })).json()).toMatchObject({ data: { revision: 2 } });
    // Another writer: POST configure, as one more revision.
    const config = { configVersion: 0, colors: { primary: '#303030FF' }, buttons: { elevation: 4 } };
    expect((await kit.call('POST', `/v1/shops/${shop.alias}/configure`, owner.token, config)).statusCode).toBe(200);
    expect((await edit(owner.token, { [`${doc}/data/colors/accent`]: '#404040FF' })).json()).toMatchObject({ data: { revision: 4 } });
    // A writer that changed the row and left its revision as it was (a row recreated, say).
    await kit.database.db.execute(sql`UPDATE realtime_nodes SET value = jsonb_set(value, '{data,buttons,radius}', '7') WHERE path = ${doc}`);
    const id = editId();
    const last = await edit(owner.token, { [`${doc}/data/colors/secondary`]: '#505050FF' }, id);
    expect(last.json()).toMatchObject({ data: { revision: 5, duplicate: false } });

    const stored = {
      isDefault: true,
      version: 0,
      data: { configVersion: 0, colors: { primary: '#303030FF', accent: '#404040FF', secondary: '#505050FF' }, buttons: { elevation: 4, radius: 7 } },
    };
    const socket = await client(await listening(), owner.token);
    expect(await socket.timeout(2000).emitWithAck(REALTIME_EVENTS.get, { path: doc })).toMatchObject({ ok: true, snapshot: { revision: 5, value: stored } });
    expect((await kit.call('GET', `/v1/admin/shops/${shop.alias}`, owner.token)).json<{ data: AdminShop }>().data.config).toEqual(stored.data);
    // The edit id is claimed once, for the revision that applied it.
    expect(
      await kit.database.db.select({ revision: realtimeEdits.revision, fields: realtimeEdits.fields }).from(realtimeEdits).where(eq(realtimeEdits.editId, id)),
    ).toEqual([{ revision: 5, fields: ['colors/secondary'] }]);
    expect((await edit(owner.token, { [`${doc}/data/colors/secondary`]: '#505050FF' }, id)).json()).toMatchObject({ data: { revision: 5, duplicate: true } });

    // A document this process just wrote refuses a malformed edit as a new one does: nothing stored.
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ [`${doc}/data/colors/primary`]: 'not a colour' }, 400, `${REALTIME_MESSAGES.malformed}: colors.primary: Enter a colour`],
      [{ [`${doc}/data/buttons`]: 'flat' }, 400, `${REALTIME_MESSAGES.malformed}: buttons:`],
      [
        { [`${doc}/data/appTemplate/theme`]: 'template_z', [`${doc}/data/colors/accent`]: '#606060FF' },
        400,
        `${REALTIME_MESSAGES.malformed}: appTemplate.theme`,
      ],
      [{ [`${doc}/version`]: 7 }, 400, REALTIME_MESSAGES.version],
      [{ [`${doc}/data/shop/alias`]: 'someone-else' }, 400, 'another shop'],
      [{ [`${doc}/data/shop/slogan`]: 'x'.repeat(600 * 1024) }, 413, REALTIME_MESSAGES.tooLarge],
    ];
    for (const [updates, status, message] of refusals) {
      const response = await edit(owner.token, updates);
      expect(response.statusCode, `${JSON.stringify(Object.keys(updates))}: ${response.body}`).toBe(status);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect(await socket.timeout(2000).emitWithAck(REALTIME_EVENTS.get, { path: doc })).toMatchObject({ ok: true, snapshot: { revision: 5, value: stored } });
  });

  it("broadcasts every change to the document's subscribers, in order; POST configure stays in step", async () => {
    const owner = await kit.register();
    const shop = await createShop(owner);
    const doc = designPath(shop.alias, 0);
    const url = await listening();
    const writer = await client(url, owner.token);
    const watcher = await client(url, owner.token);
    const seen: RealtimeSnapshot[] = [];
    watcher.on(REALTIME_EVENTS.value, (snapshot: RealtimeSnapshot) => seen.push(snapshot));
    expect(await watcher.timeout(2000).emitWithAck(REALTIME_EVENTS.subscribe, { path: `${doc}/data` })).toMatchObject({ ok: true, snapshot: { revision: 0 } });

    // Sent without waiting: the server still applies them in the order they came.
    const acks = Array.from({ length: 20 }, (_, index) =>
      writer.timeout(5000).emitWithAck(REALTIME_EVENTS.update, { editId: editId(), updates: { [`${doc}/data/buttons/elevation`]: index } }),
    );
    const answers = (await Promise.all(acks)) as Array<{ ok: boolean; revision: number }>;
    expect(answers.map((answer) => answer.revision)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    await expect.poll(() => seen.length).toBe(20);
    expect(seen.map((snapshot) => snapshot.revision)).toEqual(answers.map((answer) => answer.revision));
    expect(seen.at(-1)?.value).toEqual({ isDefault: true, version: 0, data: { buttons: { elevation: 19 } } });

    const config = { configVersion: 0, colors: { primary: '#123456FF' } };
    expect((await kit.call('POST', `/v1/shops/${shop.alias}/configure`, owner.token, config)).statusCode).toBe(200);
    await expect.poll(() => seen.length).toBe(21);
    expect(seen.at(-1)).toEqual({ path: doc, value: { isDefault: true, version: 0, data: config }, revision: 21 });

    // An unsubscribed socket hears nothing more.
    await watcher.timeout(2000).emitWithAck(REALTIME_EVENTS.unsubscribe, { path: doc });
    await writer.timeout(2000).emitWithAck(REALTIME_EVENTS.update, { editId: editId(), updates: { [`${doc}/data/buttons/elevation`]: 3 } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toHaveLength(21);
  });
});

describe('design documents survive a restart', () => {
  it('PGlite in DATA_DIR keeps documents and applied edit ids', async () => {
    const dataDir = tempDir('portal-realtime-');
    const config = testConfig({ PUBLIC_URL: BASE });
    const open = () => openSeededDatabaseAt({ kind: 'pglite', dataDir });
    let database = await open();
    let app = await startApp(database, { config });
    const register = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/v1/auth/register',
          headers: { authorization: `Basic ${Buffer.from('portal-test:0123456789abcdef').toString('base64')}` },
          remoteAddress: '10.9.9.9',
          payload: {
            firstName: 'Ada',
            lastName: 'L',
            email: `restart-${process.pid}@example.com`,
            phoneNo: '+2348012345678',
            password: 'Passw0rd1',
            confirmPassword: 'Passw0rd1',
            agreed: true,
          },
        })
      ).json<{ data: AuthResult }>().data;
    const owner = await register();
    expect(owner?.token, 'registration').toBeTruthy();
    const headers = { authorization: `Bearer ${owner.token}` };
    const logo = (await app.inject({ method: 'POST', url: '/v1/shop-media', headers: { ...headers, 'content-type': 'image/png' }, payload: PNG })).json<{
      data: ShopMedia;
    }>().data.url;
    const currencies = (
      await app.inject({
        method: 'GET',
        url: '/v1/currencies',
        headers: { authorization: `Basic ${Buffer.from('portal-test:0123456789abcdef').toString('base64')}` },
      })
    ).json<{ data: Currency[] }>().data;
    const shop = (
      await app.inject({
        method: 'POST',
        url: '/v1/shops',
        headers,
        payload: {
          name: 'Restart Shop',
          logo,
          latitude: 1.5,
          longitude: 1.5,
          address: { name: 'A', description: 'B', latitude: 1.5, longitude: 1.5 },
          shopCurrency: { currencyId: currencies[0]?.id },
        },
      })
    ).json<{ data: Shop }>().data;
    const doc = designPath(shop.alias, 0);
    const id = editId();
    const payload = { editId: id, updates: { [`${doc}/data/colors/primary`]: '#ABCDEFFF' } };
    expect((await app.inject({ method: 'POST', url: '/v1/realtime/edits', headers, payload })).json()).toMatchObject({ data: { revision: 1 } });
    await app.close();
    await database.close();

    database = await open();
    app = await startApp(database, { config });
    // The edit id is remembered across the restart: its replay is a duplicate.
    expect((await app.inject({ method: 'POST', url: '/v1/realtime/edits', headers, payload })).json()).toMatchObject({
      data: { revision: 1, duplicate: true },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await client(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, owner.token);
    expect(await socket.timeout(2000).emitWithAck(REALTIME_EVENTS.get, { path: `${doc}/data/colors/primary` })).toMatchObject({
      ok: true,
      snapshot: { revision: 1, value: { data: { colors: { primary: '#ABCDEFFF' } } } },
    });
    socket.disconnect();
    await app.close();
    await database.close();
  }, 30_000);
});

describe.runIf(redisUp && kinds.includes('postgres'))('two server processes through Redis', () => {
  it('an edit written on one process reaches a subscriber of the other', async () => {
    const database = await openFreshDatabase('postgres');
    const env = { PUBLIC_URL: BASE, REDIS_URL: TEST_REDIS_URL };
    const apps = [await startApp(database, { config: testConfig(env) }), await startApp(database, { config: testConfig(env) })];
    try {
      const urls: string[] = [];
      for (const app of apps) {
        await app.listen({ port: 0, host: '127.0.0.1' });
        urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      }
      const { token, doc } = await merchantWithShop(apps[0] as AppInstance, 'Redis Shop', `10.9.${process.pid % 250}.8`);
      const watcher = await client(urls[1] ?? '', token);
      const seen: RealtimeSnapshot[] = [];
      watcher.on(REALTIME_EVENTS.value, (snapshot: RealtimeSnapshot) => seen.push(snapshot));
      await watcher.timeout(2000).emitWithAck(REALTIME_EVENTS.subscribe, { path: doc });
      const writer = await client(urls[0] ?? '', token);
      expect(
        await writer.timeout(2000).emitWithAck(REALTIME_EVENTS.update, { editId: editId(), updates: { [`${doc}/data/colors/primary`]: '#0A0B0CFF' } }),
      ).toMatchObject({ ok: true, revision: 1 });
      await expect.poll(() => seen.at(-1)?.revision).toBe(1);
      expect(seen.at(-1)?.value).toEqual({ isDefault: true, version: 0, data: { colors: { primary: '#0A0B0CFF' } } });
    } finally {
      closeSockets();
      for (const app of apps) await app.close();
      await database.close();
    }
  }, 30_000);
});

describe.runIf(kinds.includes('postgres'))('two server processes writing one PostgreSQL database', () => {
  it('edits through either process build on each other: no field lost, one revision each', async () => {
    const first = await openFreshDatabase('postgres');
    const second = await openSeededDatabaseAt({ kind: 'postgres', url: first.url ?? '' });
    const apps = [await startApp(first, { config: testConfig({ PUBLIC_URL: BASE }) }), await startApp(second, { config: testConfig({ PUBLIC_URL: BASE }) })];
    try {
      const [a, b] = apps as [AppInstance, AppInstance];
      const { headers, doc } = await merchantWithShop(a, 'Twin Shop', `10.9.${process.pid % 250}.7`);
      // Each process writes its own field, in turn, then both at once.
      const write = (app: typeof a, field: string, value: number) =>
        app.inject({ method: 'POST', url: '/v1/realtime/edits', headers, payload: { editId: editId(), updates: { [`${doc}/data/buttons/${field}`]: value } } });
      const revisions: number[] = [];
      for (let round = 0; round < 4; round += 1) {
        for (const [app, field] of [
          [a, 'elevation'],
          [b, 'radius'],
        ] as const)
          revisions.push((await write(app, field, round)).json<{ data: { revision: number } }>().data.revision);
      }
      const parallel = [
        [a, 'elevation', 10],
        [b, 'radius', 20],
        [a, 'elevation', 11],
        [b, 'radius', 21],
      ] as const;
      const together = (await Promise.all(parallel.map(([app, field, value]) => write(app, field, value)))).map(
        (answer) => answer.json<{ data: { revision: number } }>().data.revision,
      );
      revisions.push(...together);
      expect(revisions.sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
      // Each field holds the value of its last write in the server's order (its revision).
      const last = (field: string) =>
        parallel
          .map(([, name, value], index) => ({ name, value, revision: together[index] ?? 0 }))
          .filter(({ name }) => name === field)
          .sort((x, y) => y.revision - x.revision)[0]?.value;
      const [node] = await first.db
        .select({ value: realtimeNodes.value, revision: realtimeNodes.revision })
        .from(realtimeNodes)
        .where(eq(realtimeNodes.path, doc));
      expect(node).toEqual({
        revision: 12,
        value: { isDefault: true, version: 0, data: { buttons: { elevation: last('elevation'), radius: last('radius') } } },
      });
      expect(
        (await first.db.select({ revision: realtimeEdits.revision }).from(realtimeEdits).where(eq(realtimeEdits.path, doc)))
          .map((row) => row.revision)
          .sort((x, y) => x - y),
      ).toEqual(revisions);
    } finally {
      for (const app of apps) await app.close();
      await second.close();
      await first.close();
    }
  }, 30_000);
});
