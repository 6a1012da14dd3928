/**
 * Notifications through HTTP on a fresh database: the recipient's list, count and update with
 * their refusals, the fan-out to the user's open portals (socket.io room, and across two server
 * processes through Redis), engine releases, and Web Push against a local push service.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@contract/constants';
import { NOTIFICATION_EVENT } from '@contract/notifications/paths';
import type { Notification } from '@contract/notifications/schemas';
import type { AppInstance } from '../../server/src/app';
import type { AppDeps } from '../../server/src/deps';
import { userRoles, users } from '../../server/src/db/schema';
import { useApp, type Kit } from './kit';
import { closeSockets, connectSocket } from './sockets';
import { TEST_REDIS_URL, basicAuth, databaseKinds, openFreshDatabase, redisAnswers, removeTempDirs, startApp, testConfig } from './harness';
import { startLocalPushService, type LocalPushService } from './push-service';

const kinds = await databaseKinds();
const redisUp = await redisAnswers();
afterAll(() => {
  closeSockets();
  removeTempDirs();
});

const LIST = '/v1/portal/notifications/list';
const COUNT = '/v1/portal/notifications/count';
const RELEASES = '/v1/engine/releases';

/** A socket signed in as the token's user, joined to its user room. */
async function portalSocket(url: string, token: string, userId: number): Promise<Socket> {
  const socket = await connectSocket(url, { auth: { token } });
  expect(await socket.timeout(2000).emitWithAck('join', `user:${userId}`)).toEqual({ ok: true });
  return socket;
}

function nextNotification(socket: Socket): Promise<Notification> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no notification event')), 3000);
    socket.once(NOTIFICATION_EVENT, (notification: Notification) => {
      clearTimeout(timer);
      resolve(notification);
    });
  });
}

async function listen(app: AppInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.each(kinds)('notifications on %s', (kind) => {
  let notifications: AppDeps['notifications'];
  const kit: Kit = useApp(kind, { configure: (_app, deps) => void (notifications = deps.notifications) });

  async function sovereign() {
    const session = await kit.register();
    await kit.database.db.insert(userRoles).values({ userId: session.user.id, roleId: ROLE.SOVEREIGN });
    return session;
  }

  it('lists, counts and updates only the caller’s own notifications, newest first, with status and type filters', async () => {
    const { user, token } = await kit.register();
    const other = await kit.register();
    const build = await notifications.notify(user.id, {
      type: 'app-build',
      title: 'Your app is ready',
      body: 'Build 3 finished',
      meta: { shopAlias: 'acme', shopName: 'Acme' },
    });
    const due = await notifications.notify(user.id, { type: 'payment-due', title: 'Payment due' });
    await notifications.notify(other.user.id, { type: 'payment-due', title: 'Not yours' });

    expect(build).toMatchObject({ notificationId: build.id, status: 'open', meta: { shopAlias: 'acme', shopName: 'Acme', inviteToken: null } });
    const list = (await kit.call('GET', LIST, token)).json<{ data: Notification[] }>().data;
    expect(list.map((n) => n.id)).toEqual([due.id, build.id]);
    expect((await kit.call('GET', `${LIST}?type=app-build`, token)).json<{ data: Notification[] }>().data.map((n) => n.id)).toEqual([build.id]);
    expect((await kit.call('GET', COUNT, token)).json()).toEqual({ message: 'OK', data: { count: 2 } });

    const resolved = await kit.call('PUT', `/v1/portal/notifications/${build.id}`, token, { status: 'resolved' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<{ data: Notification }>().data).toMatchObject({ id: build.id, status: 'resolved' });
    expect((await kit.call('GET', COUNT, token)).json<{ data: { count: number } }>().data.count).toBe(1);
    expect((await kit.call('GET', `${COUNT}?status=resolved`, token)).json<{ data: { count: number } }>().data.count).toBe(1);
    expect((await kit.call('GET', `${LIST}?status=open`, token)).json<{ data: Notification[] }>().data.map((n) => n.id)).toEqual([due.id]);
    expect((await kit.call('GET', `${LIST}?status=resolved`, token)).json<{ data: Notification[] }>().data.map((n) => n.id)).toEqual([build.id]);
  });

  it("refuses someone else's notification (404, unchanged), unknown status or type (400), no session (401)", async () => {
    const owner = await kit.register();
    const stranger = await kit.register();
    const mine = await notifications.notify(owner.user.id, { type: 'invite', title: 'Join Acme', meta: { inviteToken: 'tok', shopAlias: 'acme' } });

    const foreign = await kit.call('PUT', `/v1/portal/notifications/${mine.id}`, stranger.token, { status: 'resolved' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Notification not found' });
    expect((await kit.call('GET', LIST, stranger.token)).json<{ data: Notification[] }>().data).toEqual([]);
    expect((await kit.call('GET', LIST, owner.token)).json<{ data: Notification[] }>().data[0]).toMatchObject({ id: mine.id, status: 'open' });

    const badStatus = await kit.call('PUT', `/v1/portal/notifications/${mine.id}`, owner.token, { status: 'archived' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json<{ message: string }>().message).toContain('status must be one of open, resolved');
    expect((await kit.call('GET', `${LIST}?status=closed`, owner.token)).statusCode).toBe(400);
    const badType = await kit.call('GET', `${LIST}?type=spam`, owner.token);
    expect(badType.statusCode).toBe(400);
    expect(badType.json<{ message: string }>().message).toContain('type must be one of invite, app-build, payment-due, payment-failed, release');
    expect((await kit.call('PUT', '/v1/portal/notifications/abc', owner.token, { status: 'open' })).statusCode).toBe(400);
    expect((await kit.call('PUT', '/v1/portal/notifications/99999999999', owner.token, { status: 'open' })).statusCode).toBe(400);
    expect((await kit.call('PUT', '/v1/portal/notifications/999999', owner.token, { status: 'open' })).statusCode).toBe(404);
    expect((await kit.call('GET', LIST, null)).statusCode).toBe(401);
    expect((await kit.call('GET', COUNT, null)).statusCode).toBe(401);
    expect((await kit.call('GET', '/v1/other/notifications/list', owner.token)).statusCode).toBe(404);
    // Parallel updates of the same notification all answer with the one row.
    const parallel = await Promise.all(
      ['resolved', 'open', 'resolved'].map((status) => kit.call('PUT', `/v1/portal/notifications/${mine.id}`, owner.token, { status })),
    );
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200]);
  });

  it("fans out a created or updated notification at once to the recipient's open portals only", async () => {
    const url = await listen(kit.app);
    const ada = await kit.register();
    const bob = await kit.register();
    const adaPortal = await portalSocket(url, ada.token, ada.user.id);
    const adaSecondPortal = await portalSocket(url, ada.token, ada.user.id);
    const bobPortal = await portalSocket(url, bob.token, bob.user.id);
    let bobGot = 0;
    bobPortal.on(NOTIFICATION_EVENT, () => (bobGot += 1));

    const arriving = Promise.all([nextNotification(adaPortal), nextNotification(adaSecondPortal)]);
    const created = await notifications.notify(ada.user.id, { type: 'payment-failed', title: 'Payment failed', meta: { shopAlias: 'acme' } });
    expect(await arriving).toEqual([created, created]);

    const updated = nextNotification(adaSecondPortal);
    await kit.call('PUT', `/v1/portal/notifications/${created.id}`, ada.token, { status: 'resolved' });
    expect(await updated).toMatchObject({ id: created.id, status: 'resolved' });
    expect(bobGot).toBe(0);
  });

  it('a SOVEREIGN publishes an engine release that notifies every merchant; others may only read', async () => {
    const merchant = await kit.register();
    const admin = await sovereign();
    const refused = await kit.call('POST', RELEASES, merchant.token, { version: '9.9.9' });
    expect(refused.statusCode).toBe(403);
    expect((await kit.call('POST', RELEASES, null, { version: '9.9.9' })).statusCode).toBe(401);
    expect((await kit.call('POST', RELEASES, admin.token, { version: '' })).statusCode).toBe(400);
    expect((await kit.call('POST', RELEASES, admin.token, { version: 'x'.repeat(65) })).statusCode).toBe(400);
    expect((await kit.call('POST', RELEASES, admin.token, { version: '1.0\u0000' })).statusCode).toBe(400);

    const everyone = (await kit.database.db.select({ id: users.id }).from(users)).length;
    const published = await kit.call('POST', RELEASES, admin.token, { version: '2.4.0', notes: 'Faster builds' });
    expect(published.statusCode, published.body).toBe(200);
    const { release, notified } = published.json<{ data: { release: { id: number; version: string; appType: string }; notified: number } }>().data;
    expect(release).toMatchObject({ version: '2.4.0', appType: 'merchant-app' });
    expect(notified).toBe(everyone);
    const [latest] = (await kit.call('GET', `${LIST}?type=release`, merchant.token)).json<{ data: Notification[] }>().data;
    expect(latest).toMatchObject({ type: 'release', status: 'open', title: 'Engine 2.4.0 is out', body: 'Faster builds' });

    expect((await kit.call('POST', RELEASES, admin.token, { version: '2.4.0' })).statusCode).toBe(409);
    const releases = (await kit.call('GET', RELEASES, merchant.token)).json<{ data: { version: string }[] }>().data;
    expect(releases[0]?.version).toBe('2.4.0');
    expect((await kit.call('GET', RELEASES, null)).statusCode).toBe(401);
  });
});

describe('Web Push to a local push service', () => {
  let push: LocalPushService;
  let notifications: AppDeps['notifications'];
  beforeAll(async () => {
    push = await startLocalPushService();
  });
  afterAll(async () => push?.close());
  const kit: Kit = useApp('pglite', {
    prepare: (config) => void (config.PUSH_INSECURE_ORIGINS = [push.origin]),
    configure: (_app, deps) => void (notifications = deps.notifications),
  });

  async function subscribedUser() {
    const session = await kit.register();
    const config = (await kit.call('GET', '/v1/portal/notifications/push-config', null)).json<{ data: { kind: string; vapidPublicKey: string } }>().data;
    expect(config.kind).toBe('webpush');
    const { clientHash, ...subscription } = await push.subscribe(config.vapidPublicKey);
    const saved = await kit.call('PUT', `/v1/user/${session.user.id}`, session.token, { fcmId: JSON.stringify(subscription) });
    expect(saved.statusCode, saved.body).toBe(200);
    return { ...session, clientHash, fcmId: JSON.stringify(subscription) };
  }

  const storedFcmId = async (userId: number) => (await kit.database.db.select({ fcmId: users.fcmId }).from(users).where(eq(users.id, userId)))[0]?.fcmId;

  it('VAPID keys are generated once into DATA_DIR and reused', async () => {
    const first = (await kit.call('GET', '/v1/portal/notifications/push-config', null)).json<{ data: { vapidPublicKey: string } }>().data;
    const again = await startApp(kit.database, { config: { ...kit.config } });
    const second = (await again.inject({ method: 'GET', url: '/v1/portal/notifications/push-config', headers: { authorization: basicAuth() } })).json<{
      data: { vapidPublicKey: string };
    }>().data;
    await again.close();
    expect(second.vapidPublicKey).toBe(first.vapidPublicKey);
  });

  it('sends a data message the push service decrypts: title, body, route and type', async () => {
    const ada = await subscribedUser();
    const created = await notifications.notify(ada.user.id, { type: 'app-build', title: 'Your app is ready', body: 'Build 3', meta: { shopAlias: 'acme' } });
    await notifications.push.idle();
    const messages = await push.messages(ada.clientHash);
    expect(messages.map((m) => JSON.parse(m))).toEqual([
      { title: 'Your app is ready', body: 'Build 3', url: '/apps/acme', type: 'app-build', notificationId: created.id },
    ]);
  });

  it('removes an expired subscription (410) and keeps a new one saved meanwhile', async () => {
    const ada = await subscribedUser();
    await push.expire(ada.clientHash);
    await notifications.notify(ada.user.id, { type: 'payment-due', title: 'Payment due' });
    await notifications.push.idle();
    expect(await storedFcmId(ada.user.id)).toBeNull();

    const bob = await subscribedUser();
    await push.expire(bob.clientHash);
    const replacement = await subscribedUser();
    await kit.call('PUT', `/v1/user/${bob.user.id}`, bob.token, { fcmId: replacement.fcmId });
    // The old subscription fails after the user saved a new one: the new one stays.
    expect(await notifications.push.send(bob.user.id, bob.fcmId, { title: 't', body: '', url: '/', type: 'release', notificationId: 1 })).toBe('expired');
    expect(await storedFcmId(bob.user.id)).toBe(replacement.fcmId);
  });

  it('never sends to an http push service it was not told about', async () => {
    const session = await kit.register();
    const stranger = JSON.stringify({ endpoint: 'http://127.0.0.1:9/notify/x', keys: { p256dh: 'x', auth: 'y' } });
    await kit.call('PUT', `/v1/user/${session.user.id}`, session.token, { fcmId: stranger });
    expect(await notifications.push.send(session.user.id, stranger, { title: 't', body: '', url: '/', type: 'release', notificationId: 1 })).toBe('skipped');
    expect(await storedFcmId(session.user.id)).toBe(stranger);
  });
});

describe.skipIf(!redisUp)('two server processes with Redis', () => {
  it('a notification created on one reaches a portal connected to the other', async () => {
    const database = await openFreshDatabase('pglite');
    let first: AppDeps['notifications'] | undefined;
    const env = { PUBLIC_URL: 'https://portal.example', REDIS_URL: TEST_REDIS_URL };
    const a = await startApp(database, { config: testConfig(env), configure: (_app, deps) => void (first = deps.notifications) });
    const b = await startApp(database, { config: testConfig(env) });
    try {
      const registered = await b.inject({
        method: 'POST',
        url: '/v1/auth/register',
        remoteAddress: '203.0.113.9',
        headers: { authorization: basicAuth() },
        payload: {
          firstName: 'Ada',
          lastName: 'L',
          email: `redis-${process.pid}@example.com`,
          phoneNo: '+2348012345678',
          password: 'Passw0rd1',
          confirmPassword: 'Passw0rd1',
          grant_type: 'email',
        },
      });
      expect(registered.statusCode, registered.body).toBe(200);
      const { user, token } = registered.json<{ data: { user: { id: number }; token: string } }>().data;
      const socket = await portalSocket(await listen(b), token, user.id);
      const arriving = nextNotification(socket);
      const created = await first!.notify(user.id, { type: 'release', title: 'Engine 3 is out' });
      expect(await arriving).toEqual(created);
    } finally {
      closeSockets();
      await a.close();
      await b.close();
      await database.close();
    }
  });
});
