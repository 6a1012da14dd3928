/**
 * The portal's one way onto the server's socket.io (server/src/realtime/socket.ts): chat, the
 * support inbox, notifications, design presence and the local realtime adapter open their line
 * here. It owns what they must all get right:
 * - the Origin rule: the line goes to the page's own origin (the server accepts browsers from
 *   the public origin or the origin the request came to), on /socket.io, websocket first with a
 *   polling fallback;
 * - auth: the handshake's `auth` is read at each (re)connection, so a token that changed is sent;
 * - reconnect: socket.io retries network failures by itself but leaves a line the server closed
 *   (a restart's io.close()) closed; this one tries again after RECONNECT_DELAY_MS;
 * - resubscribe: `onConnect` runs on every (re)connection, where a feature joins its rooms again
 *   and fetches what it missed.
 * Each feature keeps its own line: the server ties presence, an agent being online and a chat
 * device to one socket's handshake and lifetime.
 */
import { io, type Socket } from 'socket.io-client';

/** How soon a line the server closed tries again (socket.io's own backoff then takes over). */
const RECONNECT_DELAY_MS = 1000;

interface RealtimeLineOptions {
  /** The handshake's auth (token, device id), read at each (re)connection. */
  auth: () => Record<string, unknown>;
  /** Runs on every (re)connection: join the rooms again, fetch what came meanwhile. */
  onConnect?: (socket: Socket) => void;
  /** Names the line in the warning logged when a connection attempt fails (none: not logged). */
  label?: string;
  /** The server's origin; the page's own by default (tests on Node name theirs). */
  url?: string;
}

export interface RealtimeLine {
  socket: Socket;
  /** Closes the line for good: no reconnect follows. */
  close(): void;
}

export function openRealtimeLine({ auth, onConnect, label, url }: RealtimeLineOptions): RealtimeLine {
  let closed = false;
  const options = { path: '/socket.io', transports: ['websocket', 'polling'], auth: (callback: (data: object) => void) => callback(auth()) };
  // Without a url socket.io connects to the page's own origin.
  const socket = url ? io(url, options) : io(options);
  if (onConnect) socket.on('connect', () => onConnect(socket));
  if (label) socket.on('connect_error', (error) => console.warn(`${label} connection failed`, error.message));
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect' && !closed) setTimeout(() => !closed && socket.connect(), RECONNECT_DELAY_MS);
  });
  return {
    socket,
    close: () => {
      closed = true;
      socket.close();
    },
  };
}
