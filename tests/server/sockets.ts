/**
 * socket.io clients for the server tests, as the portal connects (websocket only) but never
 * reconnecting; closeSockets() disconnects every one a test file opened.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

const open: Socket[] = [];

/** Connects to `url`, or rejects with the server's refusal (connect_error). */
export function connectSocket(url: string, options: Partial<ManagerOptions & SocketOptions> = {}): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, ...options });
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export function closeSockets(): void {
  for (const socket of open.splice(0)) socket.disconnect();
}
