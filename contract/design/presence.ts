/** Presence: who is in a design's editor, in which section (over the realtime store's socket.io connection). */

/** Socket events of presence. */
export const PRESENCE_EVENTS = {
  /** client -> server {alias, section}: I am in this design, in this section; ack {ok, message?}. */
  join: 'presence:join',
  /** client -> server {alias}: I left. */
  leave: 'presence:leave',
  /** server -> client {alias, members: PresenceMember[]}. */
  update: 'presence:update',
} as const;

/** The socket.io room of a design's presence. */
export const presenceRoom = (alias: string) => `presence:${alias}`;

/** A member of a design's presence (who is in the editor, in which section). */
export interface PresenceMember {
  userId: number;
  name: string;
  initials: string;
  picture: string;
  section: string;
  colour: string;
}
