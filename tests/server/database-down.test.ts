/**
 * PostgreSQL restarted under load (docs/features/caching.md, "When PostgreSQL is down"): the
 * server reaches its database through a TCP proxy of this test, which is cut (every connection
 * dropped, new ones refused) as a restart would, then restored. Meanwhile every call that needs
 * the database answers 503 with a sentence, none hangs or answers 500, and the server recovers by
 * itself within seconds. The machine's PostgreSQL is never touched.
 */
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../server/src/app';
import type { DatabaseHandle } from '../../server/src/db/database';
import { openSeededDatabaseAt } from '../../server/src/seed';
import { basicAuth, databaseKinds, openFreshDatabase, removeTempDirs, startApp, testConfig } from './harness';
import { PASSWORD, registrationPayload } from './kit';

const kinds = await databaseKinds();

/** A TCP proxy to `target`; `cut()` drops every connection and refuses new ones until `restore()`. */
async function tcpProxy(target: { host: string; port: number }) {
  const open = new Set<Socket>();
  let refusing = false;
  const server: Server = createServer((client) => {
    if (refusing) return client.destroy();
    const upstream = connect(target);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        open.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => {
      refusing = true;
      for (const socket of open) socket.destroy();
    },
    restore: () => {
      refusing = false;
    },
    close: () => {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(kinds.includes('postgres'))('PostgreSQL restarted under load', () => {
  let direct: DatabaseHandle & { url?: string };
  let proxied: DatabaseHandle;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let app: AppInstance;
  let base: string;
  let token: string;
  let email: string;

  beforeAll(async () => {
    direct = await openFreshDatabase('postgres');
    const url = new URL(direct.url ?? '');
    proxy = await tcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    proxied = await openSeededDatabaseAt({ kind: 'postgres', url: url.toString() }, () => {});
    app = await startApp(proxied, { config: testConfig() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const payload = registrationPayload();
    email = payload.email;
    const registered = await call('POST', '/v1/auth/register', null, payload);
    token = ((await registered.json()) as { data: { token: string } }).data.token;
  });

  afterAll(async () => {
    // The proxy goes first: a connection it still holds cannot keep the server from closing.
    await proxy?.close();
    await app?.close();
    await proxied?.close();
    await direct?.close();
    removeTempDirs();
  });

  /** A call that must answer within 10 s (longer than any timeout of the pool). */
  const call = (method: string, url: string, bearer: string | null, body?: unknown) =>
    fetch(`${base}${url}`, {
      method,
      signal: AbortSignal.timeout(10_000),
      headers: { authorization: bearer ? `Bearer ${bearer}` : basicAuth(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** A public and a signed-in read that each need the database. */
  const reads = () => [call('GET', '/v1/templates', null), call('GET', '/v1/user/me', token)];
  /** The reads and a login (logins are limited per address: not in the load). */
  const needsTheDatabase = () => [...reads(), call('POST', '/v1/auth/login', null, { grant_type: 'email', email, password: PASSWORD })];

  it('answers 503 with a sentence while the database is away, never 500 nor a hang, and recovers by itself', async () => {
    for (const response of await Promise.all(needsTheDatabase())) expect(response.status).toBe(200);
    expect((await call('GET', '/v1/plans', null)).status).toBe(200);

    // Load throughout: a stream of calls from before the cut until after the recovery.
    const statuses: number[] = [];
    let loading = true;
    const load = (async () => {
      // A call that fails without an answer (a hang, a reset) counts as 0.
      while (loading)
        for (const status of await Promise.all(
          reads().map((answer) =>
            answer.then(
              (r) => r.status,
              () => 0,
            ),
          ),
        ))
          statuses.push(status);
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));

    proxy.cut();
    const cutAt = Date.now();
    const health = await call('GET', '/healthz', null);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ message: 'Database unavailable' });
    for (const response of await Promise.all(needsTheDatabase())) {
      expect(response.status, response.url).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({ message: 'The database is unavailable: try again in a moment.' });
    }
    // A public read kept in memory still answers.
    expect((await call('GET', '/v1/plans', null)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1500 - (Date.now() - cutAt))));

    proxy.restore();
    const restoredAt = Date.now();
    while ((await call('GET', '/healthz', null)).status !== 200) {
      expect(Date.now() - restoredAt, 'recovered within 5 s').toBeLessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const recoveredMs = Date.now() - restoredAt;
    for (const response of await Promise.all(needsTheDatabase())) expect(response.status, response.url).toBe(200);
    loading = false;
    await load;

    // The change bus's LISTEN connection (cut too) is made again by itself.
    const listeners = async () =>
      (
        (await direct.executeSql("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'portal-changes'"))
          .rows[0] as { n: number }
      ).n;
    const listenedAgainBy = Date.now() + 6000;
    while ((await listeners()) !== 1) {
      expect(Date.now(), 'the change listener is back within 6 s').toBeLessThan(listenedAgainBy);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    console.log(
      `database cut 1.5 s: ${statuses.length} calls under load, ${statuses.filter((s) => s === 503).length} answered 503; healthy ${recoveredMs} ms after the restore`,
    );
    expect(new Set(statuses)).toEqual(new Set([200, 503]));
  });
});
