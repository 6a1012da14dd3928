/**
 * Presence in a design (issue 14): who is in the design editor of `alias` now, and in which
 * section, over the server's socket.io (events in contract/collaborators/paths.ts). Also tells
 * when the caller's own rights on the shop change or end (a removed collaborator loses access at
 * once, the open editor included).
 */
import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { COLLAB_EVENTS } from '@contract/collaborators/paths';
import type { AccessRights } from '@contract/collaborators/schemas';
import { type PresenceMember, PRESENCE_EVENTS } from '@contract/design/presence';
import { getToken } from '@/lib/session/token';
import { openRealtimeLine } from '@/realtime/transport';

interface PresenceOptions {
  alias: string;
  /** The section the caller is in (its title, as the others see it). */
  section: string;
  /** The caller's rights changed (null: removed from the shop). */
  onAccess?: (rights: AccessRights | null) => void;
}

/**
 * Joins the design's presence in `section` (again, when the section changes). A join refused for
 * want of access (403, or 404: the app is gone) means the caller was removed, even when the
 * removal's collab:access event never reached this socket (it was reconnecting, or not yet
 * connected, when the removal happened).
 */
function joinPresence(socket: Socket, alias: string, section: string, onRemoved: () => void): void {
  socket.emit(PRESENCE_EVENTS.join, { alias, section }, (answer: { ok: boolean; status?: number } | undefined) => {
    if (answer && !answer.ok && (answer.status === 403 || answer.status === 404)) onRemoved();
  });
}

export function useDesignPresence({ alias, section, onAccess }: PresenceOptions): PresenceMember[] {
  const [members, setMembers] = useState<PresenceMember[]>([]);
  const socketRef = useRef<Socket | null>(null);
  const sectionRef = useRef(section);
  const onAccessRef = useRef(onAccess);
  useEffect(() => {
    onAccessRef.current = onAccess;
  }, [onAccess]);

  useEffect(() => {
    const token = getToken();
    if (!token) return;
    const line = openRealtimeLine({
      auth: () => ({ token }),
      onConnect: (socket) => joinPresence(socket, alias, sectionRef.current, () => onAccessRef.current?.(null)),
    });
    const socket = line.socket;
    socketRef.current = socket;
    socket.on(PRESENCE_EVENTS.update, (update: { alias: string; members: PresenceMember[] }) => {
      if (update.alias === alias) setMembers(update.members);
    });
    socket.on(COLLAB_EVENTS.access, (change: { alias: string; rights: AccessRights | null }) => {
      if (change.alias === alias) onAccessRef.current?.(change.rights);
    });
    return () => {
      socket.emit(PRESENCE_EVENTS.leave, { alias });
      line.close();
      socketRef.current = null;
      setMembers([]);
    };
  }, [alias]);

  useEffect(() => {
    sectionRef.current = section;
    const socket = socketRef.current;
    if (socket?.connected) joinPresence(socket, alias, section, () => onAccessRef.current?.(null));
  }, [alias, section]);

  return members;
}
