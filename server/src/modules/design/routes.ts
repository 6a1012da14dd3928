/**
 * The local realtime database over socket.io (events in contract/design/realtime.ts) and one
 * HTTP call for the service worker's Background Sync. Every change is broadcast to the
 * document's room; with REDIS_URL the room spans every server process (server/src/realtime).
 *
 *   rt:get       {path, key?}     -> ack {ok, snapshot} | {ok: false, message, status}
 *   rt:subscribe {path, key?}     -> the same, then rt:value on every change
 *   rt:unsubscribe {path}         -> ack {ok}
 *   rt:update    {editId, updates} -> ack {ok, revision, duplicate} | {ok: false, message}
 *   rt:refused   {path, message}  (server -> client) the socket may no longer read a document it
 *                                 followed (public link off, key rotated, collaborator removed)
 *
 * Reads: mayReadDesign (sharing.ts); `key` is the shop's preview key from
 * a QR code's URL. Template documents stay public.
 *
 * Presence (who is in a design, presence.ts) rides the same sockets.
 *
 * GET /v1/realtime/preview-origin: the origin a phone on the network opens (QR codes).
 * POST /v1/realtime/firebase-token: Firebase mode's sign-in (firebase-mirror.ts).
 */
import type { Socket } from 'socket.io';
import { envelopeOf } from '@contract/response';
import { designAddress, designRoom, REALTIME_EVENTS, REALTIME_MESSAGES, REALTIME_PATHS, type RealtimeSnapshot } from '@contract/design/realtime';
import {
  firebaseTokenAnswerSchema,
  firebaseTokenRequestSchema,
  previewOriginSchema,
  realtimeEditAnswerSchema,
  realtimeEditSchema,
} from '@contract/design/realtime-schemas';
import type { User } from '@contract/users/schemas';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import { previewOrigin } from '../../web/lan';
import { publishDesign } from './publish';
import { applyEdit, type EditOutcome, readDocument } from './service';
import { mayReadDesign } from './sharing';
import { attachPresence } from './presence';
import { readerKeys } from './readers';
import { readTemplateNode, templateRoom } from '../templates/index';
import { templateAddress } from '@contract/templates/paths';

type Ack = (answer: unknown) => void;
const ackOf = (value: unknown): Ack => (typeof value === 'function' ? (value as Ack) : () => {});
const pathOf = (payload: unknown): string => (payload !== null && typeof payload === 'object' ? String((payload as { path?: unknown }).path ?? '') : '');
const keyOf = (payload: unknown): string | undefined => {
  const key = payload !== null && typeof payload === 'object' ? (payload as { key?: unknown }).key : undefined;
  return typeof key === 'string' && key.length <= 64 ? key : undefined;
};

export const designModule: ModulePlugin = async (app, { config, db, guards, firebase }) => {
  const { realtime } = app;
  attachPresence(realtime, db);
  /** Edits of one document run one after another in this process (the row lock orders processes). */
  const queues = new Map<string, Promise<unknown>>();

  const edit = async (actor: User | null, payload: unknown): Promise<EditOutcome> => {
    const parsed = realtimeEditSchema.safeParse(payload);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? REALTIME_MESSAGES.editId);
    const doc = designAddress(Object.keys(parsed.data.updates)[0] ?? '')?.doc ?? '';
    const previous = queues.get(doc) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => applyEdit(db, actor, parsed.data));
    queues.set(doc, run);
    void run
      .finally(() => {
        if (queues.get(doc) === run) queues.delete(doc);
      })
      .catch(() => undefined);
    const outcome = await run;
    if (outcome.snapshot) await publishDesign({ realtime, firebase }, outcome.snapshot);
    return outcome;
  };

  const refusal = (error: unknown) => {
    if (error instanceof HttpError) return { ok: false, message: error.message };
    app.log.error({ err: error }, 'realtime write failed');
    return { ok: false, message: 'Internal server error' };
  };

  realtime.io.on('connection', (socket: Socket) => {
    const user = () => (socket.data.user as User | null) ?? null;
    const read = async (payload: unknown, ack: unknown, subscribe: boolean) => {
      const path = pathOf(payload);
      const address = designAddress(path);
      // Template documents (issue #11): public reads of published templates; they change only through the template calls.
      if (!address && templateAddress(path)) {
        let snapshot: RealtimeSnapshot;
        try {
          snapshot = await readTemplateNode(db, user(), path);
        } catch (error) {
          if (error instanceof HttpError) return ackOf(ack)({ ok: false, message: error.message, status: error.statusCode });
          snapshot = { path, value: null, revision: 0 };
        }
        if (subscribe) await socket.join(templateRoom(path));
        return ackOf(ack)({ ok: true, snapshot });
      }
      if (!address) return ackOf(ack)({ ok: false, message: REALTIME_MESSAGES.path });
      const key = keyOf(payload);
      try {
        await mayReadDesign(db, user(), address.alias, key);
      } catch (error) {
        if (error instanceof HttpError) return ackOf(ack)({ ok: false, message: error.message, status: error.statusCode });
        app.log.error({ err: error }, 'realtime read check failed');
        return ackOf(ack)({ ok: false, message: 'Internal server error', status: 500 });
      }
      if (subscribe) {
        // Kept for the re-check when the public link goes off or the key is rotated (readers.ts).
        if (key) readerKeys(socket)[address.alias] = key;
        await socket.join(designRoom(address));
      }
      let snapshot: RealtimeSnapshot | null = null;
      try {
        snapshot = await readDocument(db, address.doc);
      } catch (error) {
        app.log.error({ err: error }, 'realtime read failed');
      }
      // Read failures return null (spec section 7).
      ackOf(ack)({ ok: true, snapshot: snapshot ?? { path: address.doc, value: null, revision: 0 } });
    };
    socket.on(REALTIME_EVENTS.get, (payload: unknown, ack: unknown) => void read(payload, ack, false));
    socket.on(REALTIME_EVENTS.subscribe, (payload: unknown, ack: unknown) => void read(payload, ack, true));
    socket.on(REALTIME_EVENTS.unsubscribe, async (payload: unknown, ack: unknown) => {
      const address = designAddress(pathOf(payload));
      if (address) await socket.leave(designRoom(address));
      ackOf(ack)({ ok: true });
    });
    socket.on(REALTIME_EVENTS.update, async (payload: unknown, ack: unknown) => {
      try {
        const { revision, duplicate } = await edit(user(), payload);
        ackOf(ack)({ ok: true, revision, duplicate });
      } catch (error) {
        ackOf(ack)(refusal(error));
      }
    });
  });

  app.get(
    REALTIME_PATHS.previewOrigin,
    { onRequest: guards.requireClient, schema: { tags: ['realtime'], response: { 200: envelopeOf(previewOriginSchema) } } },
    async () => ok(previewOrigin(config)),
  );

  app.post(
    REALTIME_PATHS.edits,
    { onRequest: guards.requireUser, schema: { tags: ['realtime'], body: realtimeEditSchema, response: { 200: envelopeOf(realtimeEditAnswerSchema) } } },
    async (request) => {
      const { revision, duplicate } = await edit(signedInUser(request), request.body);
      return ok({ revision, duplicate });
    },
  );

  app.post(
    REALTIME_PATHS.firebaseToken,
    {
      onRequest: guards.requireClient,
      schema: {
        tags: ['realtime'],
        description:
          'Firebase mode: a custom token to sign in to the Firebase Realtime Database (database.rules.json reads the rights it names). 404 when Firebase is not configured.',
        body: firebaseTokenRequestSchema,
        response: { 200: envelopeOf(firebaseTokenAnswerSchema) },
      },
    },
    async (request) => {
      const { alias, key } = request.body;
      const preview = alias !== undefined && key !== undefined ? { alias, key } : undefined;
      return ok({ token: await firebase.customToken(request.user ?? null, preview) });
    },
  );
};
