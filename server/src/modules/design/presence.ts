/**
 * Presence (socket.io): who is in a design's editor, in which section. Each socket keeps the
 * sections it joined in `socket.data.presence`; every change sends the room its members.
 */
import type { Socket } from 'socket.io';
import { presenceRoom, PRESENCE_EVENTS, type PresenceMember } from '@contract/design/presence';
import { ALIAS_PATTERN } from '@contract/shops/alias';
import type { User } from '@contract/users/schemas';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/http-error';
import type { Realtime } from '../../realtime/socket';
import { checkShopAccess } from '../../shop-access/access';

const PRESENCE_COLOURS = ['#D32F2F', '#7B1FA2', '#1976D2', '#00796B', '#F57C00', '#5D4037', '#C2185B', '#303F9F'];
const initialsOf = (user: User) => `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?';

export async function broadcastPresence(realtime: Realtime, shopAlias: string): Promise<void> {
  const sockets = await realtime.io.in(presenceRoom(shopAlias)).fetchSockets();
  const members = new Map<number, PresenceMember>();
  for (const socket of sockets) {
    const data = socket.data as { user?: User | null; presence?: Record<string, string> };
    const section = data.presence?.[shopAlias];
    if (!data.user || section === undefined) continue;
    members.set(data.user.id, {
      userId: data.user.id,
      name: `${data.user.firstName} ${data.user.lastName}`.trim(),
      initials: initialsOf(data.user),
      picture: data.user.profilePix ?? '',
      section,
      colour: PRESENCE_COLOURS[data.user.id % PRESENCE_COLOURS.length] ?? '#1976D2',
    });
  }
  realtime.emitToRoom(presenceRoom(shopAlias), PRESENCE_EVENTS.update, { alias: shopAlias, members: [...members.values()] });
}

/** `socket` is no longer in the design of `shopAlias` (its rights were removed); the caller broadcasts. */
export function leavePresence(socket: Pick<Socket, 'rooms' | 'leave' | 'data'>, shopAlias: string): void {
  if (socket.rooms.has(presenceRoom(shopAlias))) socket.leave(presenceRoom(shopAlias));
  const presence = (socket.data as { presence?: Record<string, string> }).presence;
  if (presence) delete presence[shopAlias];
}

/** Answers presence:join and presence:leave on every socket (joining needs the read right on the shop). */
export function attachPresence(realtime: Realtime, db: Database): void {
  realtime.io.on('connection', (socket: Socket) => {
    const data = socket.data as { user?: User | null; presence?: Record<string, string> };
    socket.on(PRESENCE_EVENTS.join, async (payload: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : () => {};
      const body = (payload ?? {}) as { alias?: unknown; section?: unknown };
      const shopAlias = typeof body.alias === 'string' ? body.alias : '';
      const section = typeof body.section === 'string' ? body.section.slice(0, 40) : '';
      if (!data.user) return reply({ ok: false, message: 'Sign in to join this design' });
      if (!ALIAS_PATTERN.test(shopAlias)) return reply({ ok: false, message: 'Unknown shop' });
      try {
        await checkShopAccess(db, data.user, shopAlias, 'read');
      } catch (error) {
        // `status` 403/404: the caller has no access (any more); the editor leaves on it.
        return reply(
          error instanceof HttpError
            ? { ok: false, message: error.message, status: error.statusCode }
            : { ok: false, message: 'Internal server error', status: 500 },
        );
      }
      data.presence = { ...data.presence, [shopAlias]: section };
      await socket.join(presenceRoom(shopAlias));
      reply({ ok: true });
      await broadcastPresence(realtime, shopAlias);
    });
    socket.on(PRESENCE_EVENTS.leave, async (payload: unknown) => {
      const shopAlias = typeof (payload as { alias?: unknown } | null)?.alias === 'string' ? String((payload as { alias: string }).alias) : '';
      if (!data.presence || !(shopAlias in data.presence)) return;
      delete data.presence[shopAlias];
      await socket.leave(presenceRoom(shopAlias));
      await broadcastPresence(realtime, shopAlias);
    });
    socket.on('disconnect', () => {
      for (const shopAlias of Object.keys(data.presence ?? {})) void broadcastPresence(realtime, shopAlias).catch(() => undefined);
    });
  });
}
