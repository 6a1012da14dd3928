import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long the requests under way get to finish once the server closes. */
export const CLOSE_GRACE_MS = 10_000;

/**
 * Makes `server.close()` wait for the requests under way and nothing else. Node's close() also
 * waits for a connection that has not sent a request yet (a browser opens some ahead, a client
 * may never send one) until its headers timeout, a minute or more: a restart would hang that
 * long. The function returned, called when closing starts, ends at once every connection with
 * no request under way, ends the others as soon as their answer is sent, and destroys what is
 * still open after `graceMs`.
 */
export function trackConnections(server: Server, graceMs = CLOSE_GRACE_MS): () => void {
  /** Each open connection and how many of its requests are under way. */
  const underWay = new Map<Socket, number>();
  let closing = false;

  server.on('connection', (socket: Socket) => {
    underWay.set(socket, 0);
    socket.once('close', () => underWay.delete(socket));
  });
  server.on('request', (request, response) => {
    const { socket } = request;
    underWay.set(socket, (underWay.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = underWay.get(socket);
      if (left === undefined) return;
      underWay.set(socket, left - 1);
      // end() sends what is still buffered first, then closes.
      if (closing && left === 1) socket.end();
    });
  });

  return () => {
    if (closing) return;
    closing = true;
    for (const [socket, count] of underWay) if (count === 0) socket.end();
    const deadline = setTimeout(() => {
      for (const socket of underWay.keys()) socket.destroy();
    }, graceMs);
    deadline.unref();
    server.once('close', () => clearTimeout(deadline));
  };
}
