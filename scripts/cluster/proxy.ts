/**
 * The cluster's front address: a small HTTP proxy that spreads every request (round robin per
 * request, not per client) and every websocket upgrade across the server processes, adds
 * X-Forwarded-For, and routes around a process that died.
 *
 * node:http rather than http-proxy(-3): the one thing beyond plain forwarding is sending a
 * request again to the next process when the first refused or reset the connection before
 * answering, which needs the body kept and the target chosen per attempt; that is a loop around
 * http.request, and a library's single-target `web()` would still need both.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';

export interface ProxyOptions {
  /** The front port (0: any free port). */
  port: number;
  host?: string;
  /** The processes' ports on 127.0.0.1, in order; index i is process i. */
  targets: number[];
  /** How often a process marked down is asked for /healthz (ms). */
  healthIntervalMs?: number;
}

export interface Proxy {
  url: string;
  port: number;
  /** Takes process i out of rotation until its /healthz answers 200 again. */
  markDown(index: number): void;
  /** Whether process i is in rotation. */
  isUp(index: number): boolean;
  /** Open websockets to process i (a test kills the process holding a client's). */
  websockets(index: number): number;
  /** The Sec-WebSocket-Key of each open websocket to process i (which process holds a given client's). */
  websocketKeys(index: number): string[];
  close(): Promise<void>;
}

/** Failures before the process had the request (nothing connected): any request goes to the next process. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'EHOSTUNREACH']);
/** Failures after the request may have reached a handler: only a request that changes nothing goes again (as nginx does). */
const CUT = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function retryable(code: string | undefined, method: string | undefined): boolean {
  return NEVER_SENT.has(code ?? '') || (CUT.has(code ?? '') && SAFE_METHODS.has(method ?? 'GET'));
}

/** Headers of one connection, not of the message (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'];

function forwardedHeaders(request: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = { ...request.headers };
  const client = request.socket.remoteAddress ?? '';
  const previous = request.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = previous ? `${String(previous)}, ${client}` : client;
  headers['x-forwarded-proto'] ??= 'http';
  if (request.headers.host) headers['x-forwarded-host'] ??= request.headers.host;
  return headers;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = http.get({ host: '127.0.0.1', port, path: '/healthz', timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    probe.on('timeout', () => probe.destroy());
    probe.on('error', () => resolve(false));
  });
}

export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const { targets } = options;
  // Down until /healthz says otherwise: a process still starting gets no requests.
  const up = targets.map(() => false);
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const upgraded = new Set<Socket>();
  /** Each process's open websockets, with their handshake's Sec-WebSocket-Key. */
  const tunnels = targets.map(() => new Map<Socket, string>());

  /** The next process in rotation not tried yet; when none is up, one not tried (it may be back). */
  function pick(tried: Set<number>): number | undefined {
    for (const wantUp of [true, false]) {
      for (let step = 0; step < targets.length; step += 1) {
        const index = (next + step) % targets.length;
        if (!tried.has(index) && up[index] === wantUp) {
          next = (index + 1) % targets.length;
          return index;
        }
      }
    }
    return undefined;
  }

  function markDown(index: number): void {
    up[index] = false;
  }

  /** Resolves 'retry' when the process failed before sending a byte, 'done' otherwise. */
  function forward(index: number, request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<'done' | 'retry'> {
    return new Promise((resolve) => {
      const headers = forwardedHeaders(request);
      for (const name of HOP_BY_HOP) delete headers[name];
      if (body.length > 0 || request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined) {
        headers['content-length'] = String(body.length);
      }
      const upstream = http.request({ host: '127.0.0.1', port: targets[index], method: request.method, path: request.url, headers, agent }, (answer) => {
        const answerHeaders = { ...answer.headers };
        for (const name of HOP_BY_HOP) if (name !== 'transfer-encoding') delete answerHeaders[name];
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders);
        answer.pipe(response);
        answer.on('error', () => response.destroy());
        resolve('done');
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (response.headersSent) {
          response.destroy();
          return;
        }
        if (retryable(error.code, request.method)) {
          resolve('retry');
          return;
        }
        response.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `The server process failed: ${error.message}` }));
        resolve('done');
      });
      // A visitor who went away (a closed tab, an aborted fetch) frees the process too.
      response.on('close', () => {
        if (!response.writableFinished) upstream.destroy();
      });
      upstream.end(body);
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch {
      response.destroy();
      return;
    }
    const tried = new Set<number>();
    for (let index = pick(tried); index !== undefined; index = pick(tried)) {
      tried.add(index);
      if ((await forward(index, request, body, response)) === 'done') return;
      markDown(index);
    }
    response.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'No server process answered. Try again in a moment.' }));
  }

  /** Websockets: the raw upgrade request goes to one process, then bytes flow both ways. */
  function upgrade(request: IncomingMessage, client: Socket, head: Buffer, tried = new Set<number>()): void {
    const index = pick(tried);
    if (index === undefined) {
      client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    tried.add(index);
    const headers = forwardedHeaders(request);
    const lines = [`${request.method} ${request.url} HTTP/1.1`];
    for (const [name, value] of Object.entries(headers)) {
      for (const item of Array.isArray(value) ? value : [value ?? '']) lines.push(`${name}: ${item}`);
    }
    const upstream = net.connect({ host: '127.0.0.1', port: targets[index]! });
    let answered = false;
    upstream.on('connect', () => {
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length > 0) upstream.write(head);
    });
    upstream.once('data', (first: Buffer) => {
      answered = true;
      upgraded.add(client);
      tunnels[index]!.set(client, String(request.headers['sec-websocket-key'] ?? ''));
      client.on('close', () => {
        upgraded.delete(client);
        tunnels[index]!.delete(client);
      });
      client.write(first);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered && !client.destroyed && retryable(error.code, request.method)) {
        markDown(index);
        upstream.destroy();
        upgrade(request, client, head, tried);
        return;
      }
      client.destroy();
    });
    upstream.on('close', () => {
      if (answered) client.destroy();
    });
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  }

  const server = http.createServer((request, response) => void handle(request, response));
  server.on('upgrade', upgrade);
  server.on('clientError', (_error, socket) => socket.destroy());

  const checking = new Set<number>();
  const timer = setInterval(() => {
    targets.forEach((port, index) => {
      if (up[index] || checking.has(index)) return;
      checking.add(index);
      void healthy(port).then((ok) => {
        checking.delete(index);
        if (ok) up[index] = true;
      });
    });
  }, options.healthIntervalMs ?? 250);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://localhost:${port}`,
    port,
    markDown,
    isUp: (index) => up[index] ?? false,
    websockets: (index) => tunnels[index]?.size ?? 0,
    websocketKeys: (index) => [...(tunnels[index]?.values() ?? [])],
    close: async () => {
      clearInterval(timer);
      for (const socket of upgraded) socket.destroy();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      agent.destroy();
    },
  };
}
