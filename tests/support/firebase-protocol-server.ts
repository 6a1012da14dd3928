/**
 * A local server that speaks the Firebase Realtime Database protocol (firebase-server from npm),
 * with the fix docs/toolchain.md describes: it does not answer the SDK's one-shot get() (action
 * `g`) by itself. Used by the firebase adapter's test and by the bench.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

interface Snapshot {
  exportVal(): unknown;
}
interface Ref {
  child(path: string): Ref;
}
interface ProtocolServer {
  baseRef: Ref;
  wss: { on(event: 'connection', listener: (ws: { on(event: 'message', listener: (raw: Buffer) => void): void; send(text: string): void }) => void): void };
  getSnap(ref: Ref): Promise<Snapshot>;
  setAuthSecret(secret: string): void;
  address(): AddressInfo;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/**
 * npm hoists firebase 8's @firebase/auth (firebase-server's) to the top, where @firebase/app is
 * the portal's firebase 12: point those hoisted v8 packages at firebase-server's own v8 app.
 */
function resolveHoistedV8Packages(): void {
  const Module = require('node:module') as { _resolveFilename: (request: string, parent: { filename?: string } | undefined, ...rest: unknown[]) => string };
  const serverDir = path.dirname(require.resolve('firebase-server/package.json'));
  const v8App = require.resolve('@firebase/app', { paths: [path.join(serverDir, 'node_modules', 'firebase')] });
  const original = Module._resolveFilename;
  Module._resolveFilename = function (request, parent, ...rest) {
    const from = parent?.filename ?? '';
    if (request === '@firebase/app' && from.includes(`${path.sep}node_modules${path.sep}@firebase${path.sep}`) && !from.includes(serverDir)) {
      const version = (require(path.join(from.split(`${path.sep}dist${path.sep}`)[0] ?? '', 'package.json')) as { version: string }).version;
      if (version.startsWith('0.')) return v8App;
    }
    return original.call(this, request, parent, ...rest);
  };
}

export interface FirebaseProtocolServer {
  port: number;
  close(): Promise<void>;
}

export async function startFirebaseProtocolServer(port = 0): Promise<FirebaseProtocolServer> {
  resolveHoistedV8Packages();
  const FirebaseServer = require('firebase-server') as new (options: { port: number; address: string }, name: string, data: object) => ProtocolServer;
  const server = new FirebaseServer({ port, address: '127.0.0.1' }, 'test', {});
  server.setAuthSecret('owner');
  server.wss.on('connection', (ws) =>
    ws.on('message', (raw) => {
      let message: { t?: string; d?: { a?: string; r?: number; b?: { p?: string } } };
      try {
        message = JSON.parse(raw.toString()) as typeof message;
      } catch {
        return;
      }
      if (message.t !== 'd' || message.d?.a !== 'g') return;
      const path = (message.d.b?.p ?? '').replace(/^\//, '');
      void server.getSnap(path ? server.baseRef.child(path) : server.baseRef).then((snapshot) => {
        ws.send(JSON.stringify({ t: 'd', d: { r: message.d?.r, b: { s: 'ok', d: snapshot.exportVal() } } }));
      });
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { port: server.address().port, close: () => server.close() };
}
