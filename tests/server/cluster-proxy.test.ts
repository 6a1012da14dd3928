/**
 * The cluster's front proxy (scripts/cluster/proxy.ts) against real HTTP servers: each request
 * lands on the next process, bodies and the visitor's address go through, a process that refuses
 * or resets before answering is skipped (the request is answered by another) until its /healthz
 * answers again, and websockets (socket.io's) are carried both ways.
 */
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server as SocketServer } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { startProxy, type Proxy } from '../../scripts/cluster/proxy';

/** A stand-in process: answers its index, the body and X-Forwarded-For; /reset drops the connection unanswered. */
function backend(index: number, port = 0): Promise<Server> {
  const server = http.createServer((request, response) => {
    if (request.url === '/reset' && index === 0) {
      request.socket.destroy();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ index, body, forwardedFor: request.headers['x-forwarded-for'] }));
    });
  });
  new SocketServer(server, { transports: ['websocket'] }).on('connection', (socket) =>
    socket.on('ping', (text: string, answer: (reply: string) => void) => answer(`${index}:${text}`)),
  );
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

async function get(proxy: Proxy, path = '/', init?: RequestInit): Promise<{ index: number; body: string; forwardedFor: string }> {
  const response = await fetch(`${proxy.url}${path}`, init);
  expect(response.status).toBe(200);
  return (await response.json()) as { index: number; body: string; forwardedFor: string };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let backends: Server[];
let proxy: Proxy;

beforeAll(async () => {
  backends = await Promise.all([0, 1, 2].map((index) => backend(index)));
  proxy = await startProxy({ port: 0, host: '127.0.0.1', targets: backends.map(portOf), healthIntervalMs: 50 });
  await until(() => [0, 1, 2].every((index) => proxy.isUp(index)));
});

afterAll(async () => {
  await proxy.close();
  await Promise.all(backends.map(close));
});

describe('cluster proxy', () => {
  it('sends each request to the next process, one client included', async () => {
    const seen = [];
    for (let request = 0; request < 6; request += 1) seen.push((await get(proxy)).index);
    expect(seen.slice(0, 3).sort()).toEqual([0, 1, 2]);
    expect(seen.slice(3)).toEqual(seen.slice(0, 3));
  });

  it("passes the body on and appends the visitor's address to X-Forwarded-For", async () => {
    const answer = await get(proxy, '/echo', { method: 'POST', body: 'hello', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(answer.body).toBe('hello');
    expect(answer.forwardedFor).toBe('203.0.113.7, 127.0.0.1');
  });

  it('sends a read to another process when one resets the connection before answering, but never a write again', async () => {
    // Only process 0 resets: whichever process is next, every read is answered.
    for (let request = 0; request < 3; request += 1) expect((await get(proxy, '/reset')).index).not.toBe(0);
    await until(() => proxy.isUp(0));
    // A write process 0 may have applied before the reset is answered 502, not sent to another process.
    const statuses: number[] = [];
    for (let request = 0; request < 3; request += 1) {
      const response = await fetch(`${proxy.url}/reset`, { method: 'POST', body: 'once' });
      statuses.push(response.status);
      const answer = (await response.json()) as { index?: number; message?: string };
      if (response.status === 200) expect(answer.index).not.toBe(0);
      else expect(answer.message).toMatch(/^The server process failed/);
    }
    expect(statuses.filter((status) => status === 502)).toHaveLength(1);
  });

  it('skips a process that refuses connections, and takes it back once its /healthz answers', async () => {
    await until(() => proxy.isUp(0));
    const port = portOf(backends[0]!);
    await close(backends[0]!);
    const seen = new Set<number>();
    for (let request = 0; request < 6; request += 1) seen.add((await get(proxy)).index);
    expect([...seen].sort()).toEqual([1, 2]);
    expect(proxy.isUp(0)).toBe(false);

    backends[0] = await backend(0, port);
    await until(() => proxy.isUp(0));
    for (let request = 0; request < 3; request += 1) seen.add((await get(proxy)).index);
    expect(seen.has(0)).toBe(true);
  });

  it('carries websockets both ways, each new one to the next process, around a dead one', async () => {
    // socket.io over websocket only, as the portal connects first.
    const talk = () =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(proxy.url, { transports: ['websocket'], reconnection: false });
        socket.on('connect', () =>
          socket.emit('ping', 'ping', (reply: string) => {
            resolve(reply);
            socket.close();
          }),
        );
        socket.on('connect_error', reject);
      });
    const answers = [await talk(), await talk(), await talk()];
    expect(answers.map((answer) => answer.split(':')[0]).sort()).toEqual(['0', '1', '2']);
    expect(answers.every((answer) => answer.endsWith(':ping'))).toBe(true);

    const port = portOf(backends[1]!);
    await close(backends[1]!);
    const after = [await talk(), await talk(), await talk()];
    expect(after.some((answer) => answer.startsWith('1:'))).toBe(false);
    backends[1] = await backend(1, port);
  });
});
