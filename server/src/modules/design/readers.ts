/**
 * Who follows a shop's design documents over socket.io, re-checked when what allowed them may
 * have ended (the public link turned off, the preview key rotated, a collaborator removed): a
 * socket that may no longer read leaves the document's room and is told (rt:refused), so an open
 * phone preview says so instead of silently freezing.
 */
import type { Socket } from 'socket.io';
import { designPath, REALTIME_EVENTS } from '@contract/design/realtime';
import type { User } from '@contract/users/schemas';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/http-error';
import type { Realtime } from '../../realtime/socket';
import { mayReadDesign } from './sharing';

type ReaderData = { user?: User | null; designKeys?: Record<string, string> };

/** The preview keys a socket subscribed with, by shop alias. */
export function readerKeys(socket: Pick<Socket, 'data'>): Record<string, string> {
  const data = socket.data as ReaderData;
  data.designKeys ??= {};
  return data.designKeys;
}

const roomPrefix = (alias: string) => `design:${alias}/`;

/** `socket` leaves every design room of `alias` and is told why (rt:refused, per document). */
export function leaveDesignRooms(socket: Pick<Socket, 'rooms' | 'leave' | 'emit'>, alias: string, message: string): void {
  const prefix = roomPrefix(alias);
  for (const room of [...socket.rooms]) {
    if (!room.startsWith(prefix)) continue;
    socket.leave(room);
    socket.emit(REALTIME_EVENTS.refused, { path: designPath(alias, room.slice(prefix.length)), message });
  }
}

export async function dropUnreadableReaders(realtime: Realtime, db: Database, alias: string): Promise<void> {
  const sockets = await realtime.io.fetchSockets();
  for (const socket of sockets) {
    if (![...socket.rooms].some((room) => room.startsWith(roomPrefix(alias)))) continue;
    const data = socket.data as ReaderData;
    try {
      await mayReadDesign(db, data.user ?? null, alias, data.designKeys?.[alias]);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      leaveDesignRooms(socket, alias, error.message);
    }
  }
}
