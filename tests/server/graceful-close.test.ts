/**
 * Closing the server (a restart, a deploy) waits for the requests under way and for nothing else
 * (server/src/graceful-close.ts): a connection that never sent a request no longer holds it for
 * Node's headers timeout, and a request that never ends is cut after the grace period.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { trackConnections } from '../../server/src/graceful-close';
import { basicAuth, openFreshDatabase, removeTempDirs, startApp } from './harness';

afterAll(removeTempDirs);

/** A connection that sends nothing, as a browser's preconnection does; resolves once open. */
function silentConnection(port: number) {
  return new Promise<ReturnType<typeof connect>>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', () => undefined);
  });
}

/** GET `path` on its own connection: the status and the whole body, or the error that cut it. */
function get(port: number, path: string) {
  return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const req = httpRequest({ port, host: '127.0.0.1', path, headers: { authorization: basicAuth() } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', (error) => resolve({ error: error.message }));
    });
    req.on('error', (error) => resolve({ error: error.message }));
    req.end();
  });
}

const listening = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

describe('closing the server', () => {
  it('does not wait for connections without a request, and lets a request under way finish', async () => {
    const database = await openFreshDatabase('pglite');
    let release = () => {};
    const app = await startApp(database, {
      configure: (instance) => {
        instance.get('/slow', () => new Promise((resolve) => (release = () => resolve({ done: true }))));
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    try {
      const silent = await silentConnection(port);
      expect(await get(port, '/healthz')).toMatchObject({ status: 200 });
      const slow = get(port, '/slow');
      await new Promise((resolve) => setTimeout(resolve, 100));

      const startedAt = Date.now();
      const closed = app.close();
      // The silent connection is ended at once.
      await new Promise((resolve) => silent.once('close', resolve));
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      expect(await slow).toEqual({ status: 200, body: '{"done":true}' });
      await closed;
      expect(Date.now() - startedAt, 'closed without waiting for the silent connection').toBeLessThan(3000);
    } finally {
      await database.close();
    }
  });

  it('cuts a request that never ends once the grace period is over', async () => {
    const server = createServer(() => {
      // Never answered.
    });
    const closeConnections = trackConnections(server, 300);
    const port = await listening(server);
    const hanging = get(port, '/');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const startedAt = Date.now();
    closeConnections();
    await new Promise((resolve) => server.close(resolve));
    const tookMs = Date.now() - startedAt;
    expect(tookMs).toBeGreaterThanOrEqual(250);
    expect(tookMs).toBeLessThan(2000);
    expect(await hanging).toHaveProperty('error');
  });
});
