/**
 * Support chat (spec section 7): `/v1/portal/chat/rooms`, `/v1/portal/rooms/{roomId}/...`, the
 * agent inbox, and the live preview app's review subscription. Calls carry the client credential
 * or a session (a session makes the merchant or the agent); `deviceId` names the device. The
 * socket.io room kinds `chat`, `chat-agents` and `chat-presence` are authorised here too.
 */
import { APP_REVIEW_AUTH_HEADER, CHAT_EVENTS, CHAT_PATHS, CHAT_ROOMS } from '@contract/chat/paths';
import {
  CHAT_MESSAGES,
  chatMessageSchema,
  chatsQuerySchema,
  deviceQuerySchema,
  inboxRoomSchema,
  isTypingSchema,
  newMessageSchema,
  reviewsSubscribeQuerySchema,
  roomIdParamsSchema,
  subscribeQuerySchema,
  supportRoomSchema,
  type AdminOnlineEvent,
} from '@contract/chat/schemas';
import { ROLE } from '@contract/constants';
import { envelopeOf, noData } from '@contract/response';
import { ALIAS_PATTERN } from '@contract/shops/alias';
import type { onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { isClientCredential } from '../../auth/credentials';
import { describeGuard, loadSessionUser, type SessionUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import { createChat, isAgent } from './service';

export const chatModule: ModulePlugin = async (app, { guards, db, config, notifications }) => {
  const tags = ['chat'];
  const { realtime } = app;
  const chat = createChat({ db, realtime, notifications, log: app.log });
  const caller = (request: { user: SessionUser | null }, deviceId: string) => ({ user: request.user, deviceId });
  const client = guards.requireClient;

  app.get(
    CHAT_PATHS.rooms,
    { onRequest: client, schema: { tags, querystring: deviceQuerySchema, response: { 200: envelopeOf(z.array(supportRoomSchema)) } } },
    async (request) => ok(await chat.listRooms(caller(request, request.query.deviceId))),
  );

  app.post(
    CHAT_PATHS.rooms,
    { onRequest: client, schema: { tags, querystring: deviceQuerySchema, response: { 200: envelopeOf(supportRoomSchema) } } },
    async (request) => ok(await chat.createRoom(caller(request, request.query.deviceId))),
  );

  app.get(
    CHAT_PATHS.chats,
    {
      onRequest: client,
      schema: { tags, params: roomIdParamsSchema, querystring: chatsQuerySchema, response: { 200: envelopeOf(z.array(chatMessageSchema)) } },
    },
    async (request) => {
      const { deviceId, page, limit } = request.query;
      return ok(await chat.history(caller(request, deviceId), request.params.roomId, page, limit));
    },
  );

  app.get(
    CHAT_PATHS.unsubscribe,
    { onRequest: client, schema: { tags, params: roomIdParamsSchema, querystring: subscribeQuerySchema, response: { 200: envelopeOf(supportRoomSchema) } } },
    async (request) => ok(await chat.setSubscribed(caller(request, request.query.deviceId), request.params.roomId, false)),
  );

  app.post(
    CHAT_PATHS.subscribe,
    { onRequest: client, schema: { tags, params: roomIdParamsSchema, querystring: subscribeQuerySchema, response: { 200: envelopeOf(supportRoomSchema) } } },
    async (request) => ok(await chat.setSubscribed(caller(request, request.query.deviceId), request.params.roomId, true)),
  );

  app.post(
    CHAT_PATHS.newMessage,
    { onRequest: client, schema: { tags, params: roomIdParamsSchema, body: newMessageSchema, response: { 200: envelopeOf(chatMessageSchema) } } },
    async (request) => {
      const { message, created } = await chat.send(caller(request, request.body.deviceId), request.params.roomId, request.body);
      return ok(message, created ? 'OK' : 'Already received');
    },
  );

  app.post(
    CHAT_PATHS.isTyping,
    { onRequest: client, schema: { tags, params: roomIdParamsSchema, body: isTypingSchema, response: { 200: envelopeOf(noData) } } },
    async (request) => {
      await chat.typing(caller(request, request.body.deviceId), request.params.roomId, request.body);
      return ok(null);
    },
  );

  app.get(
    CHAT_PATHS.inbox,
    { onRequest: guards.requireRole(ROLE.SOVEREIGN), schema: { tags, response: { 200: envelopeOf(z.array(inboxRoomSchema)) } } },
    async () => ok(await chat.inbox()),
  );

  // The live preview app: its own header carries the client credential, `token` the shop
  // owner's (or an agent's) session; the phone joins the owner's support room as a reviewer.
  const reviewApp = describeGuard<onRequestAsyncHookHandler>(
    async (request) => {
      const header = request.headers[APP_REVIEW_AUTH_HEADER];
      if (typeof header !== 'string' || !isClientCredential(header, config.CLIENT_CREDENTIAL)) throw new HttpError(401, CHAT_MESSAGES.reviewAuth);
    },
    [{ reviewApp: [] }],
  );
  app.post(
    CHAT_PATHS.reviewsSubscribe,
    {
      onRequest: reviewApp,
      schema: {
        tags,
        params: z.object({ alias: z.string().max(100).regex(ALIAS_PATTERN, { error: CHAT_MESSAGES.shopNotFound }) }),
        querystring: reviewsSubscribeQuerySchema,
        response: { 200: envelopeOf(supportRoomSchema) },
      },
    },
    async (request) => {
      const owner = await loadSessionUser({ config, db }, request.query.token);
      if (!owner) throw new HttpError(401, CHAT_MESSAGES.reviewToken);
      return ok(await chat.reviewSubscribe(owner, request.params.alias, request.query.deviceId));
    },
  );

  // Socket rooms: a support room (its device, its merchant, agents), the agents' inbox, and presence.
  realtime.authorizeRooms('chat', ({ user, socket }, roomId) => chat.mayJoin(user, (socket.handshake.auth as { deviceId?: unknown }).deviceId, roomId));
  realtime.authorizeRooms('chat-agents', ({ user }, id) => id === 'inbox' && isAgent(user));
  realtime.authorizeRooms('chat-presence', (_request, id) => id === 'all');

  /** admin-online: whether any agent has the inbox open, on any process. */
  const agentsOnline = async () => (await realtime.io.in(CHAT_ROOMS.agents).fetchSockets()).length > 0;
  const announce = (target: string) => {
    agentsOnline().then(
      (online) => realtime.io.to(target).emit(CHAT_EVENTS.adminOnline, { online } satisfies AdminOnlineEvent),
      (error: unknown) => app.log.warn({ err: error }, 'chat: presence check failed'),
    );
  };
  const adapter = realtime.io.of('/').adapter;
  adapter.on('join-room', (room: string, socketId: string) => {
    if (room === CHAT_ROOMS.agents) announce(CHAT_ROOMS.presence);
    else if (room === CHAT_ROOMS.presence) announce(socketId);
  });
  adapter.on('leave-room', (room: string) => {
    if (room === CHAT_ROOMS.agents) announce(CHAT_ROOMS.presence);
  });
};
