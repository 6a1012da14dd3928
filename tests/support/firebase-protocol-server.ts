/**
 * A local server that speaks the Firebase Realtime Database protocol (firebase-server from npm),
 * with the fix docs/toolchain.md describes: it does not answer the SDK's one-shot get() (action
 * `g`) by itself. Used by the firebase adapter's tests and by the bench.
 *
 * With `rules` (database.rules.json) it enforces them like the Firebase emulator does, through
 * firebase-server's rules engine (targaryen), with two mends:
 * - the admin credential `owner` (firebase-admin against an emulator) bypasses the rules, as in
 *   the emulator; firebase-server let it through as a signed-out client, which the rules refuse;
 * - each request is judged as its own connection's user: firebase-server's engine kept the auth
 *   of the last writer for a request without one.
 * Other credentials are ID tokens, read without a signature check as the emulator reads them.
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
interface RulesDatabase {
  root: unknown;
  with(updates: { rules?: object; data?: unknown; auth?: unknown }): RulesDatabase;
  as(auth: unknown): { read(path: string): { allowed: boolean } };
}
interface ProtocolServer {
  baseRef: Ref;
  targaryen: RulesDatabase;
  tokenValidator: { decode(token: string): object };
  authSecret: string | undefined;
  wss: { on(event: 'connection', listener: (ws: { on(event: 'message', listener: (raw: Buffer) => void): void; send(text: string): void }) => void): void };
  getSnap(ref: Ref): Promise<Snapshot>;
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
  /** The value stored at `path`, read past the rules. */
  value(path: string): Promise<unknown>;
  /** How many times clients asked for `path`'s data: listens (`q`) and one-shot gets (`g`). */
  reads(path: string): number;
  close(): Promise<void>;
}

/** The credential firebase-admin sends to an emulator. */
const ADMIN_CREDENTIAL = 'owner';
/** The auth of an admin connection: compared by identity, so no token can claim it. */
const ADMIN = Object.freeze({ admin: true });
const OPEN_RULES = { rules: { '.read': true, '.write': true } };

/** The claims of an ID token (its payload, unverified, as the emulator reads it). */
function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) throw new Error('expired');
  return claims;
}

/** Replaces the engine's database with one that judges each request as its own user (see the module comment). */
function judgeEachRequestAlone(server: ProtocolServer, rules: object): void {
  let current = server.targaryen.with({ rules });
  const fresh = (data: unknown, rulesDoc: object, auth: unknown) => {
    const Database = current.constructor as new (options: { rules: object; data: unknown; auth: unknown }) => RulesDatabase;
    return new Database({ rules: rulesDoc, data, auth });
  };
  Object.defineProperty(server, 'targaryen', {
    get: () => ({
      as: (auth: unknown) => (auth === ADMIN ? fresh(current.root, OPEN_RULES, null) : fresh(current.root, rules, auth ?? null)),
    }),
    set: (next: RulesDatabase) => {
      current = fresh(next.root, rules, null);
    },
  });
  server.authSecret = undefined;
  server.tokenValidator = {
    decode: (token: string) => (token === ADMIN_CREDENTIAL ? { d: ADMIN } : claimsOf(token)),
  };
}

export async function startFirebaseProtocolServer({ port = 0, rules }: { port?: number; rules?: object } = {}): Promise<FirebaseProtocolServer> {
  resolveHoistedV8Packages();
  const FirebaseServer = require('firebase-server') as new (options: { port: number; address: string }, name: string, data: object) => ProtocolServer;
  const server = new FirebaseServer({ port, address: '127.0.0.1' }, 'test', {});
  judgeEachRequestAlone(server, rules ?? OPEN_RULES);
  const reads = new Map<string, number>();
  server.wss.on('connection', (ws) => {
    // Who this connection signed in as, for its one-shot reads (firebase-server checks the rest).
    let auth: unknown = null;
    ws.on('message', (raw) => {
      let message: { t?: string; d?: { a?: string; r?: number; b?: { p?: string; cred?: string } } };
      try {
        message = JSON.parse(raw.toString()) as typeof message;
      } catch {
        return;
      }
      if (message.t !== 'd') return;
      if (message.d?.a === 'q' || message.d?.a === 'g') {
        const asked = (message.d.b?.p ?? '').replace(/^\/|\/$/g, '');
        reads.set(asked, (reads.get(asked) ?? 0) + 1);
      }
      if (message.d?.a === 'auth' || message.d?.a === 'gauth') {
        try {
          const decoded = server.tokenValidator.decode(message.d.b?.cred ?? '') as { d?: unknown; sub?: string; user_id?: string };
          auth = 'd' in decoded ? decoded.d : { uid: decoded.user_id ?? decoded.sub, token: decoded };
        } catch {
          auth = null;
        }
        return;
      }
      if (message.d?.a !== 'g') return;
      const path = (message.d.b?.p ?? '').replace(/^\//, '');
      const send = (body: object) => ws.send(JSON.stringify({ t: 'd', d: { r: message.d?.r, b: body } }));
      const read = server.targaryen.as(auth).read(path || '/');
      if (!read.allowed) return send({ s: 'permission_denied', d: 'Permission denied' });
      void server.getSnap(path ? server.baseRef.child(path) : server.baseRef).then((snapshot) => send({ s: 'ok', d: snapshot.exportVal() }));
    });
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  return {
    port: server.address().port,
    value: async (path) => (await server.getSnap(server.baseRef.child(path))).exportVal(),
    reads: (path) => reads.get(path) ?? 0,
    close: () => server.close(),
  };
}
