/**
 * Support chat through HTTP on a fresh database: every call with bad input and a wrong device,
 * room rights (device, merchant, agent, reviewer), dedup of resent messages, history paging,
 * flood limits, the socket events (NEW_MESSAGE, IS_TYPING, admin-online), an answer to an
 * absent merchant becoming a notification, and two processes sharing rooms through Redis.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_REVIEW_AUTH_HEADER, CHAT_EVENTS, CHAT_LIMITS, CHAT_ROOMS } from '@contract/chat/paths';
import type { ChatMessage, InboxRoom, SupportRoom, TypingEvent } from '@contract/chat/schemas';
import { ROLE } from '@contract/constants';
import type { AppInstance } from '../../server/src/app';
import { currencies, notifications, shops, userRoles } from '../../server/src/db/schema';
import { useApp, type Kit } from './kit';
import { closeSockets, connectSocket } from './sockets';
import {
  TEST_CLIENT_CREDENTIAL,
  TEST_REDIS_URL,
  basicAuth,
  databaseKinds,
  openFreshDatabase,
  redisAnswers,
  removeTempDirs,
  startApp,
  testConfig,
} from './harness';

const kinds = await databaseKinds();
const redisUp = await redisAnswers();
afterAll(() => {
  closeSockets();
  removeTempDirs();
});

const ROOMS = '/v1/portal/chat/rooms';
const room = (roomId: string, rest: string) => `/v1/portal/rooms/${roomId}/${rest}`;
let deviceCounter = 0;
const newDevice = () => `device-${process.pid}-${++deviceCounter}-abcdef`;

async function listen(app: AppInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function socketFor(url: string, auth: { token?: string; deviceId?: string }): Promise<Socket> {
  return connectSocket(url, { auth });
}

function next<T>(socket: Socket, event: string, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe.each(kinds)('support chat on %s', (kind) => {
  const kit: Kit = useApp(kind);

  async function agent() {
    const session = await kit.register();
    await kit.database.db.insert(userRoles).values({ userId: session.user.id, roleId: ROLE.SOVEREIGN });
    return session;
  }

  async function newRoom(deviceId: string, token: string | null = null): Promise<SupportRoom> {
    const response = await kit.call('POST', `${ROOMS}?deviceId=${deviceId}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SupportRoom }>().data;
  }

  const send = (roomId: string, deviceId: string, content: unknown, clientId: unknown, token: string | null = null) =>
    kit.call('POST', room(roomId, 'new-message'), token, { room: roomId, deviceId, content, clientId });

  const history = async (roomId: string, deviceId: string, query = '', token: string | null = null) => {
    const response = await kit.call('GET', `${room(roomId, 'chats')}?deviceId=${deviceId}${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: ChatMessage[] }>().data;
  };

  it('creates and lists a device’s rooms; other devices see none of them', async () => {
    const device = newDevice();
    expect((await kit.call('GET', `${ROOMS}?deviceId=${device}`, null)).json()).toEqual({ message: 'OK', data: [] });
    const created = await newRoom(device);
    expect(created).toMatchObject({ deviceId: device, unread: 0, lastMessageAt: null, subscribed: true });
    const listed = (await kit.call('GET', `${ROOMS}?deviceId=${device}`, null)).json<{ data: SupportRoom[] }>().data;
    expect(listed.map((r) => r.roomId)).toEqual([created.roomId]);
    expect((await kit.call('GET', `${ROOMS}?deviceId=${newDevice()}`, null)).json<{ data: SupportRoom[] }>().data).toEqual([]);
  });

  it('refuses missing credentials, bad device ids and unknown rooms', async () => {
    expect((await kit.app.inject({ method: 'GET', url: `${ROOMS}?deviceId=${newDevice()}` })).statusCode).toBe(401);
    for (const deviceId of ['', 'short', 'x'.repeat(129), 'bad%20device%20id', '<script>alert(1)</script>']) {
      const response = await kit.call('GET', `${ROOMS}?deviceId=${encodeURIComponent(deviceId)}`, null);
      expect(response.statusCode, deviceId).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/deviceId/);
    }
    expect((await kit.call('POST', ROOMS, null)).statusCode).toBe(400);
    const device = newDevice();
    expect((await kit.call('GET', `${room('not-a-room', 'chats')}?deviceId=${device}`, null)).statusCode).toBe(400);
    const unknown = await kit.call('GET', `${room('00000000-0000-0000-0000-000000000000', 'chats')}?deviceId=${device}`, null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Chat room not found' });
  });

  it('refuses empty, over-long, binary and mismatched messages, and another device on every call', async () => {
    const device = newDevice();
    const { roomId } = await newRoom(device);
    const cases: [unknown, RegExp][] = [
      ['', /content is required/],
      ['   ', /content is required/],
      ['x'.repeat(CHAT_LIMITS.content + 1), /at most 2000/],
      ['bin\u0000ary', /control characters/],
      ['bell\u0007', /control characters/],
      [42, /content/],
    ];
    for (const [content, message] of cases) {
      const response = await send(roomId, device, content, 'c1');
      expect(response.statusCode, String(content)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect((await send(roomId, device, 'hi', 'bad client id!')).statusCode).toBe(400);
    expect((await kit.call('POST', room(roomId, 'new-message'), null, { room: 'another', deviceId: device, content: 'hi', clientId: 'c1' })).json()).toEqual({
      message: 'room must be the room of the path',
    });
    expect((await kit.call('POST', room(roomId, 'is-typing'), null, { room: roomId, deviceId: device, isTyping: 'yes' })).statusCode).toBe(400);

    const stranger = newDevice();
    const refusals = [
      await send(roomId, stranger, 'hi', 'c2'),
      await kit.call('GET', `${room(roomId, 'chats')}?deviceId=${stranger}`, null),
      await kit.call('POST', `${room(roomId, 'subscribe')}?deviceId=${stranger}&userId=1`, null),
      await kit.call('GET', `${room(roomId, 'unsubscribe')}?deviceId=${stranger}&userId=1`, null),
      await kit.call('POST', room(roomId, 'is-typing'), null, { room: roomId, deviceId: stranger, isTyping: true }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You may not use this chat room' });
    }
    expect(await history(roomId, device)).toEqual([]);
  });

  it('stores HTML as text, and a resent message once', async () => {
    const device = newDevice();
    const { roomId } = await newRoom(device);
    const html = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const first = await send(roomId, device, html, 'client-1');
    expect(first.statusCode).toBe(200);
    const again = await send(roomId, device, html, 'client-1');
    expect(again.json<{ message: string }>().message).toBe('Already received');
    expect(again.json<{ data: ChatMessage }>().data.id).toBe(first.json<{ data: ChatMessage }>().data.id);
    // Parallel resends of one client id: still one message.
    await Promise.all(Array.from({ length: 5 }, () => send(roomId, device, 'parallel', 'client-2')));
    const messages = await history(roomId, device);
    expect(messages.map((m) => [m.content, m.clientId, m.sender, m.roomMember.deviceId])).toEqual([
      [html, 'client-1', 'merchant', device],
      ['parallel', 'client-2', 'merchant', device],
    ]);
  });

  it("takes the spec's payload (room, deviceId, content) without a clientId: each such message is a new one, with a clientId the server made", async () => {
    const device = newDevice();
    const { roomId } = await newRoom(device);
    const spec = () => kit.call('POST', room(roomId, 'new-message'), null, { room: roomId, deviceId: device, content: 'no client id' });
    const first = await spec();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ message: string }>().message).toBe('OK');
    const second = await spec();
    expect(second.statusCode).toBe(200);
    const [a, b] = [first.json<{ data: ChatMessage }>().data, second.json<{ data: ChatMessage }>().data];
    expect(a.clientId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(b.id).not.toBe(a.id);
    expect(b.clientId).not.toBe(a.clientId);
    expect((await history(roomId, device)).map((m) => m.content)).toEqual(['no client id', 'no client id']);
  });

  it('pages history 100 at a time from page 0 (the newest), each page oldest first', async () => {
    const device = newDevice();
    const { roomId, id } = await newRoom(device);
    const { chatMessages } = await import('../../server/src/db/schema');
    await kit.database.db
      .insert(chatMessages)
      .values(Array.from({ length: 230 }, (_, i) => ({ roomId: id, clientId: `seed-${i}`, deviceId: device, sender: 'merchant', content: `message ${i}` })));
    const page0 = await history(roomId, device);
    expect(page0).toHaveLength(100);
    expect(page0[0]?.content).toBe('message 130');
    expect(page0.at(-1)?.content).toBe('message 229');
    const page2 = await history(roomId, device, '&page=2&limit=100');
    expect(page2.map((m) => m.content)).toEqual(Array.from({ length: 30 }, (_, i) => `message ${i}`));
    expect(await history(roomId, device, '&page=3')).toEqual([]);
    expect((await history(roomId, device, '&page=1&limit=10')).map((m) => m.content)[0]).toBe('message 210');
    for (const query of ['&limit=101', '&limit=0', '&page=-1', '&page=abc']) {
      expect((await kit.call('GET', `${room(roomId, 'chats')}?deviceId=${device}${query}`, null)).statusCode, query).toBe(400);
    }
  });

  it('makes a room the merchant’s once they use it: history follows them, the device alone no longer reads it', async () => {
    const device = newDevice();
    const { roomId } = await newRoom(device);
    await send(roomId, device, 'before login', 'a1');
    const merchant = await kit.register();
    const rooms = (await kit.call('GET', `${ROOMS}?deviceId=${device}`, merchant.token)).json<{ data: SupportRoom[] }>().data;
    expect(rooms.map((r) => r.roomId)).toEqual([roomId]);
    // Another device of the same merchant sees the room and its history.
    const laptop = newDevice();
    expect((await kit.call('GET', `${ROOMS}?deviceId=${laptop}`, merchant.token)).json<{ data: SupportRoom[] }>().data.map((r) => r.roomId)).toEqual([roomId]);
    expect((await history(roomId, laptop, '', merchant.token)).map((m) => m.content)).toEqual(['before login']);
    // Signed out, the device no longer reads the merchant's room; another merchant neither.
    expect((await kit.call('GET', `${room(roomId, 'chats')}?deviceId=${device}`, null)).statusCode).toBe(403);
    const other = await kit.register();
    expect((await kit.call('GET', `${room(roomId, 'chats')}?deviceId=${device}`, other.token)).statusCode).toBe(403);
    expect((await kit.call('GET', `${ROOMS}?deviceId=${device}`, null)).json<{ data: SupportRoom[] }>().data).toEqual([]);
  });

  it('lets agents use every room; the inbox lists rooms by last activity with unread counts and the merchant', async () => {
    const support = await agent();
    const merchant = await kit.register({ firstName: 'Ada', lastName: 'Obi' });
    const device = newDevice();
    const older = await newRoom(newDevice());
    const { roomId } = await newRoom(device, merchant.token);
    await send(older.roomId, older.deviceId, 'older', 'o1');
    await send(roomId, device, 'help me', 'm1', merchant.token);
    await send(roomId, device, 'please', 'm2', merchant.token);

    expect((await kit.call('GET', '/v1/portal/chat/inbox', merchant.token)).statusCode).toBe(403);
    expect((await kit.call('GET', '/v1/portal/chat/inbox', null)).statusCode).toBe(401);
    const inbox = (await kit.call('GET', '/v1/portal/chat/inbox', support.token)).json<{ data: InboxRoom[] }>().data;
    const mine = inbox.findIndex((r) => r.roomId === roomId);
    expect(mine).toBeLessThan(inbox.findIndex((r) => r.roomId === older.roomId));
    expect(inbox[mine]).toMatchObject({ unread: 2, lastMessage: 'please', merchant: { id: merchant.user.id, name: 'Ada Obi', email: merchant.user.email } });

    const agentDevice = newDevice();
    expect((await history(roomId, agentDevice, '', support.token)).length).toBe(2);
    const answer = await send(roomId, agentDevice, 'Hello Ada', 'g1', support.token);
    expect(answer.json<{ data: ChatMessage }>().data.sender).toBe('agent');
    expect((await kit.call('GET', '/v1/portal/chat/inbox', support.token)).json<{ data: InboxRoom[] }>().data.find((r) => r.roomId === roomId)?.unread).toBe(0);
    // The merchant has one unread answer until they read the newest page.
    const before = (await kit.call('GET', `${ROOMS}?deviceId=${device}`, merchant.token)).json<{ data: SupportRoom[] }>().data[0];
    expect(before?.unread).toBe(1);
    await history(roomId, device, '', merchant.token);
    expect((await kit.call('GET', `${ROOMS}?deviceId=${device}`, merchant.token)).json<{ data: SupportRoom[] }>().data[0]?.unread).toBe(0);
    // Nobody had the room open: the answer became a notification.
    const stored = await kit.database.db.select().from(notifications).where(eq(notifications.userId, merchant.user.id));
    expect(stored.map((n) => [n.type, n.title, n.body])).toEqual([['support-reply', 'Support replied', 'Hello Ada']]);
  });

  it('limits floods per device', async () => {
    const device = newDevice();
    const { roomId } = await newRoom(device);
    const responses = await Promise.all(Array.from({ length: CHAT_LIMITS.messagesPerMinute + 5 }, (_, i) => send(roomId, device, `m${i}`, `f${i}`)));
    const limited = responses.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(5);
    expect(limited[0]?.json()).toEqual({ message: 'Too many messages: please wait a moment' });
    expect(limited[0]?.headers['retry-after']).toBeDefined();
    expect(await history(roomId, device)).toHaveLength(CHAT_LIMITS.messagesPerMinute);
  });

  it('subscribes the live preview app through the review auth header and the owner’s token', async () => {
    const owner = await kit.register();
    const [currency] = await kit.database.db.select().from(currencies).limit(1);
    const currencyId = currency?.id ?? (await kit.database.db.insert(currencies).values({ code: 'USD', name: 'US Dollar', symbol: '$' }).returning())[0]!.id;
    const alias = `shop-${kind}-${process.pid}`;
    const address = { name: 'Lagos', description: 'Lagos', latitude: 1, longitude: 1 };
    await kit.database.db.insert(shops).values({
      alias,
      slugName: alias,
      name: alias,
      ownerUserId: owner.user.id,
      appBucketName: alias,
      logo: 'logo.png',
      latitude: 1,
      longitude: 1,
      address,
      currencyId,
    });
    const phone = newDevice();
    const url = (token: string, deviceId = phone, shop = alias) =>
      `/v1/shop/${shop}/design/reviews/subscribe?token=${encodeURIComponent(token)}&deviceId=${deviceId}`;
    const review = (path: string, header: string | null = TEST_CLIENT_CREDENTIAL) =>
      kit.app.inject({ method: 'POST', url: path, headers: header === null ? {} : { [APP_REVIEW_AUTH_HEADER]: header } });

    expect((await review(url(owner.token), null)).json()).toEqual({ message: 'The app review auth header is missing or wrong' });
    expect((await review(url(owner.token), 'wrong:credential')).statusCode).toBe(401);
    expect((await review(url('not-a-token'))).json()).toEqual({ message: 'The review token is not valid' });
    expect((await review(url(owner.token, 'bad'))).statusCode).toBe(400);
    const stranger = await kit.register();
    expect((await review(url(stranger.token))).statusCode).toBe(404);
    expect((await review(url(owner.token, phone, 'no-such-shop'))).statusCode).toBe(404);

    const subscribed = await review(url(owner.token));
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const { roomId } = subscribed.json<{ data: SupportRoom }>().data;
    // The phone (signed out) now uses the owner's room; the owner sees what it sends.
    expect((await send(roomId, phone, 'The cart page looks off', 'r1')).statusCode).toBe(200);
    expect((await kit.call('GET', `${ROOMS}?deviceId=${phone}`, null)).json<{ data: SupportRoom[] }>().data.map((r) => r.roomId)).toEqual([roomId]);
    expect((await history(roomId, newDevice(), '', owner.token)).map((m) => m.content)).toEqual(['The cart page looks off']);
  });

  it('authorises socket joins, delivers NEW_MESSAGE and IS_TYPING, announces admin-online, and honours unsubscribe', async () => {
    const url = await listen(kit.app);
    const device = newDevice();
    const { roomId } = await newRoom(device);
    const support = await agent();

    const merchantSocket = await socketFor(url, { deviceId: device });
    const strangerSocket = await socketFor(url, { deviceId: newDevice() });
    expect(await strangerSocket.timeout(2000).emitWithAck('join', CHAT_ROOMS.room(roomId))).toEqual({ ok: false, message: 'You may not join this room' });
    expect(await strangerSocket.timeout(2000).emitWithAck('join', CHAT_ROOMS.agents)).toEqual({ ok: false, message: 'You may not join this room' });
    expect(await merchantSocket.timeout(2000).emitWithAck('join', CHAT_ROOMS.room(roomId))).toEqual({ ok: true });
    const offline = next<{ online: boolean }>(merchantSocket, CHAT_EVENTS.adminOnline);
    expect(await merchantSocket.timeout(2000).emitWithAck('join', CHAT_ROOMS.presence)).toEqual({ ok: true });
    expect(await offline).toEqual({ online: false });

    const agentSocket = await socketFor(url, { token: support.token, deviceId: newDevice() });
    const online = next<{ online: boolean }>(merchantSocket, CHAT_EVENTS.adminOnline);
    expect(await agentSocket.timeout(2000).emitWithAck('join', CHAT_ROOMS.agents)).toEqual({ ok: true });
    expect(await online).toEqual({ online: true });

    const delivered = next<ChatMessage>(agentSocket, CHAT_EVENTS.newMessage);
    const echoed = next<ChatMessage>(merchantSocket, CHAT_EVENTS.newMessage);
    await send(roomId, device, 'live', 'live-1');
    expect((await delivered).content).toBe('live');
    expect((await echoed).clientId).toBe('live-1');

    const typing = next<TypingEvent>(merchantSocket, CHAT_EVENTS.isTyping);
    await kit.call('POST', room(roomId, 'is-typing'), support.token, { room: roomId, deviceId: 'agent-device-1', isTyping: true });
    expect(await typing).toEqual({ room: roomId, deviceId: 'agent-device-1', isTyping: true, sender: 'agent' });

    // An answer while the merchant is connected is no notification.
    const answered = next<ChatMessage>(merchantSocket, CHAT_EVENTS.newMessage);
    await send(roomId, 'agent-device-1', 'hi there', 'g-live', support.token);
    expect((await answered).sender).toBe('agent');

    const leaving = next<{ online: boolean }>(merchantSocket, CHAT_EVENTS.adminOnline);
    agentSocket.disconnect();
    expect(await leaving).toEqual({ online: false });

    // Unsubscribed: the device's socket leaves and may not join again until it subscribes.
    expect((await kit.call('GET', `${room(roomId, 'unsubscribe')}?deviceId=${device}`, null)).json<{ data: SupportRoom }>().data.subscribed).toBe(false);
    const silent = next<ChatMessage>(merchantSocket, CHAT_EVENTS.newMessage, 500);
    await send(roomId, device, 'unheard', 'u1');
    await expect(silent).rejects.toThrow(/no NEW_MESSAGE/);
    expect(await merchantSocket.timeout(2000).emitWithAck('join', CHAT_ROOMS.room(roomId))).toEqual({ ok: false, message: 'You may not join this room' });
    expect((await kit.call('POST', `${room(roomId, 'subscribe')}?deviceId=${device}`, null)).json<{ data: SupportRoom }>().data.subscribed).toBe(true);
    expect(await merchantSocket.timeout(2000).emitWithAck('join', CHAT_ROOMS.room(roomId))).toEqual({ ok: true });
  });
});

describe.skipIf(!redisUp || !kinds.includes('postgres'))('support chat across two processes with Redis', () => {
  it('delivers a message posted on one process to a socket on the other', async () => {
    const database = await openFreshDatabase('postgres');
    const config = testConfig({ REDIS_URL: TEST_REDIS_URL });
    const [a, b] = [await startApp(database, { config }), await startApp(database, { config })];
    try {
      const device = newDevice();
      const created = await a.inject({ method: 'POST', url: `${ROOMS}?deviceId=${device}`, headers: { authorization: basicAuth() } });
      const { roomId } = created.json<{ data: SupportRoom }>().data;
      const socket = await socketFor(await listen(b), { deviceId: device });
      expect(await socket.timeout(2000).emitWithAck('join', CHAT_ROOMS.room(roomId))).toEqual({ ok: true });
      const delivered = next<ChatMessage>(socket, CHAT_EVENTS.newMessage);
      const response = await a.inject({
        method: 'POST',
        url: room(roomId, 'new-message'),
        headers: { authorization: basicAuth() },
        payload: { room: roomId, deviceId: device, content: 'across', clientId: 'x1' },
      });
      expect(response.statusCode).toBe(200);
      expect((await delivered).content).toBe('across');
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });
});
