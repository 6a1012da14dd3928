/**
 * The merchant's live support chat (spec sections 3, 4, 7, 8): the device's rooms loaded once (one
 * created when there is none), their history, the socket (websocket with polling fallback) that
 * brings NEW_MESSAGE, IS_TYPING and admin-online, and the outbox of messages typed offline. On
 * every (re)connect it joins every room again and fetches what it missed. Loading failures are
 * only logged, in the spec's words.
 */
import { CHAT_EVENTS, CHAT_ROOMS } from '@contract/chat/paths';
import type { AdminOnlineEvent, ChatMessage, SupportRoom, TypingEvent } from '@contract/chat/schemas';
import { CONSTANTS } from '@contract/constants';
import { ApiError } from '@/api/client';
import { openRealtimeLine, type RealtimeLine } from '@/realtime/transport';
import { createRoom } from './api/create-room';
import { getChats } from './api/get-chats';
import { getRooms } from './api/get-rooms';
import { sendMessage } from './api/send-message';
import { sendTyping } from './api/send-typing';
import { subscribeRoom } from './api/subscribe-room';
import { mergeMessages, type ShownMessage } from './messages';
import { putOutbox, readOutbox, takeOutbox } from './outbox';

interface ChatState {
  ready: boolean;
  room: SupportRoom | null;
  messages: ShownMessage[];
  /** Whether older history may exist (the last page read was full). */
  hasOlder: boolean;
  /** Spec section 3 local state: support-is-typing and chat-collapsed (default collapsed). */
  supportIsTyping: boolean;
  collapsed: boolean;
  adminOnline: boolean;
  unread: number;
}

const INITIAL: ChatState = { ready: false, room: null, messages: [], hasOlder: false, supportIsTyping: false, collapsed: true, adminOnline: false, unread: 0 };

const newClientId = () => crypto.randomUUID();

/** The room a merchant talks in: the latest active of theirs. */
function activeRoom(rooms: SupportRoom[]): SupportRoom | null {
  return [...rooms].sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? '') || b.id - a.id)[0] ?? null;
}

export class ChatStore {
  private state: ChatState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private line: RealtimeLine | null = null;
  private rooms: SupportRoom[] = [];
  private page = 0;
  private typingTimer: ReturnType<typeof setTimeout> | undefined;
  private supportTypingTimer: ReturnType<typeof setTimeout> | undefined;
  private typingSent = false;
  private flushing = false;
  private stopped = false;

  constructor(
    private readonly deviceId: string,
    private readonly session: { token: string | null; userId: number | null },
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.state;

  private set(patch: Partial<ChatState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Spec section 4: rooms loaded once by device id; one created when none exists. */
  async start(): Promise<void> {
    try {
      this.rooms = await getRooms(this.deviceId);
      if (this.rooms.length === 0) this.rooms = [await createRoom(this.deviceId)];
    } catch (error) {
      console.error('Failed to load chat rooms', error);
      return;
    }
    if (this.stopped) return;
    const room = activeRoom(this.rooms);
    this.set({ ready: true, room, unread: this.rooms.reduce((sum, r) => sum + r.unread, 0) });
    await this.restoreOutbox();
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.typingTimer);
    clearTimeout(this.supportTypingTimer);
    this.line?.close();
    window.removeEventListener('online', this.flush);
  }

  private connect() {
    this.line = openRealtimeLine({
      auth: () => ({ token: this.session.token, deviceId: this.deviceId }),
      onConnect: () => void this.resubscribe(),
      label: 'Chat',
    });
    const socket = this.line.socket;
    socket.on(CHAT_EVENTS.newMessage, (message: ChatMessage) => this.receive(message));
    socket.on(CHAT_EVENTS.isTyping, (event: TypingEvent) => this.typingEvent(event));
    socket.on(CHAT_EVENTS.adminOnline, (event: AdminOnlineEvent) => this.set({ adminOnline: event.online }));
    window.addEventListener('online', this.flush);
  }

  /** Spec section 7: on (re)connect, every room again; then whatever came meanwhile, and the outbox. */
  private async resubscribe() {
    const socket = this.line?.socket;
    if (!socket) return;
    for (const room of this.rooms) {
      try {
        await subscribeRoom(room.roomId, this.deviceId, this.session.userId);
      } catch (error) {
        console.error('Subscribing to the chat room failed', error instanceof ApiError ? error.status : error);
      }
      const answer = (await socket.emitWithAck('join', CHAT_ROOMS.room(room.roomId)).catch(() => null)) as { ok: boolean } | null;
      if (!answer?.ok) console.error('Subscribing to the chat room failed', answer);
    }
    socket.emit('join', CHAT_ROOMS.presence);
    await this.loadNewest();
    void this.flush();
  }

  private async loadNewest() {
    const room = this.state.room;
    if (!room) return;
    try {
      const newest = await getChats(room.roomId, this.deviceId, 0);
      const hasOlder = this.page === 0 ? newest.length === CONSTANTS.chatHistoryPageSize : this.state.hasOlder;
      this.set({ messages: mergeMessages(this.state.messages, newest), hasOlder });
      if (!this.state.collapsed) this.set({ unread: 0 });
    } catch (error) {
      console.error('Error while getting chats', error);
    }
  }

  /** Older history, 100 at a time. */
  async loadOlder(): Promise<void> {
    const room = this.state.room;
    if (!room) return;
    try {
      const older = await getChats(room.roomId, this.deviceId, this.page + 1);
      this.page += 1;
      this.set({ messages: mergeMessages(older, this.state.messages), hasOlder: older.length === CONSTANTS.chatHistoryPageSize });
    } catch (error) {
      console.error('Error while getting chats', error);
    }
  }

  private receive(message: ChatMessage) {
    if (!this.rooms.some((room) => room.roomId === message.room)) return;
    const known = this.state.messages.some((m) => m.clientId === message.clientId && m.id > 0);
    this.set({ messages: mergeMessages(this.state.messages, [message]) });
    if (known || message.sender !== 'agent') return;
    // Spec section 4: inserting a message expands the panel. The button counts it until then.
    const wasCollapsed = this.state.collapsed;
    this.set({ supportIsTyping: false, unread: this.state.unread + 1 });
    if (wasCollapsed) this.setCollapsed(false);
    else void this.markRead();
  }

  private typingEvent(event: TypingEvent) {
    if (event.sender !== 'agent' || !this.rooms.some((room) => room.roomId === event.room)) return;
    clearTimeout(this.supportTypingTimer);
    this.set({ supportIsTyping: event.isTyping });
    // A lost "stopped typing" still ends the indicator.
    if (event.isTyping) this.supportTypingTimer = setTimeout(() => this.set({ supportIsTyping: false }), CONSTANTS.typingDebounceMs * 2);
  }

  private async markRead() {
    this.set({ unread: 0 });
    await this.loadNewest();
  }

  setCollapsed(collapsed: boolean): void {
    this.set({ collapsed });
    if (!collapsed) void this.markRead();
  }

  /** A keystroke: typing on, and off 3 s after the last one (spec sections 4 and 9). */
  typed(): void {
    const room = this.state.room;
    if (!room) return;
    if (!this.typingSent) {
      this.typingSent = true;
      sendTyping({ room: room.roomId, deviceId: this.deviceId, isTyping: true }).catch(() => {});
    }
    clearTimeout(this.typingTimer);
    this.typingTimer = setTimeout(() => this.stopTyping(), CONSTANTS.typingDebounceMs);
  }

  private stopTyping() {
    clearTimeout(this.typingTimer);
    const room = this.state.room;
    if (!this.typingSent || !room) return;
    this.typingSent = false;
    sendTyping({ room: room.roomId, deviceId: this.deviceId, isTyping: false }).catch(() => {});
  }

  /** Shown at once as pending, kept in the outbox until the server has it. */
  async send(content: string): Promise<void> {
    const room = this.state.room;
    const text = content.trim();
    if (!room || !text) return;
    this.stopTyping();
    const entry = { room: room.roomId, deviceId: this.deviceId, content: text, clientId: newClientId(), createdAt: new Date().toISOString() };
    this.set({ messages: mergeMessages(this.state.messages, [this.pendingOf(entry)]) });
    await putOutbox(entry);
    await this.flush();
  }

  private pendingOf(entry: { room: string; content: string; clientId: string; createdAt: string }): ShownMessage {
    return {
      id: 0,
      clientId: entry.clientId,
      room: entry.room,
      content: entry.content,
      sender: 'merchant',
      createdAt: entry.createdAt,
      roomMember: { deviceId: this.deviceId },
      pending: true,
    };
  }

  private async restoreOutbox() {
    const waiting = (await readOutbox()).filter((entry) => entry.deviceId === this.deviceId && this.rooms.some((room) => room.roomId === entry.room));
    if (waiting.length > 0)
      this.set({
        messages: mergeMessages(
          this.state.messages,
          waiting.map((entry) => this.pendingOf(entry)),
        ),
      });
  }

  /** Sends what waits, oldest first; stops at the first that gets no answer (still offline). */
  flush = async (): Promise<void> => {
    if (this.flushing) return;
    this.flushing = true;
    try {
      for (const entry of await readOutbox()) {
        if (entry.deviceId !== this.deviceId) continue;
        try {
          const stored = await sendMessage({ room: entry.room, deviceId: entry.deviceId, content: entry.content, clientId: entry.clientId });
          this.set({ messages: mergeMessages(this.state.messages, [stored]) });
          await takeOutbox(entry.clientId);
        } catch (error) {
          if (error instanceof ApiError && error.status !== 0 && error.status !== 429 && error.status < 500) {
            // Refused for good (too long, room gone): shown as failed, not retried.
            await takeOutbox(entry.clientId);
            this.set({ messages: this.state.messages.map((m) => (m.clientId === entry.clientId ? { ...m, pending: false, failed: error.message } : m)) });
            continue;
          }
          break;
        }
      }
    } finally {
      this.flushing = false;
    }
  };
}
