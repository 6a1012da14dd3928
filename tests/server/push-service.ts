/**
 * A local Web Push service (web-push-testing, in-process): hands out subscriptions, decrypts what
 * it receives with the VAPID checks of a real one, and answers 410 for an expired subscription.
 */
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { freePort } from './harness';

const require = createRequire(import.meta.url);

interface TestingServer {
  startServer(): void;
  _server: Server;
}

export interface LocalPushService {
  origin: string;
  /** A subscription for `applicationServerKey`, as a browser's PushSubscription.toJSON() plus its clientHash. */
  subscribe(applicationServerKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string }>;
  /** The decrypted payloads received for a subscription so far. */
  messages(clientHash: string): Promise<string[]>;
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => object };
  const WebPushTestingServer = require('web-push-testing/src/server.js') as new (model: object, port: number) => TestingServer;
  const port = await freePort();
  const log = console.log;
  console.log = () => {}; // its "Server running" line
  const service = new WebPushTestingServer(new PushApiModel(), port);
  service.startServer();
  await new Promise<void>((resolve) => (service._server.listening ? resolve() : service._server.once('listening', () => resolve())));
  // Its own listen callback runs after ours.
  await new Promise((resolve) => setImmediate(resolve));
  console.log = log;
  const origin = `http://localhost:${port}`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
    return text.startsWith('{') ? (JSON.parse(text) as { data: unknown }) : { data: null };
  };
  return {
    origin,
    subscribe: async (applicationServerKey) =>
      (await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey })).data as Awaited<ReturnType<LocalPushService['subscribe']>>,
    messages: async (clientHash) => ((await post('/get-notifications', { clientHash })).data as { messages: string[] }).messages,
    expire: async (clientHash) => {
      await post(`/expire-subscription/${clientHash}`, {});
    },
    close: () => new Promise<void>((resolve) => service._server.close(() => resolve())),
  };
}
