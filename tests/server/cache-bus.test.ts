/**
 * Caches that stay true across processes (docs/features/caching.md): two servers on one
 * PostgreSQL database, a change made through A and read through B at once, over real HTTP. Run
 * once with the change bus on Redis alone and once on PostgreSQL LISTEN/NOTIFY alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@contract/constants';
import { PAYMENT_PATHS } from '@contract/payments/paths';
import type { PaymentsRemoteConfig } from '@contract/payments/schemas';
import type { Plan } from '@contract/plans/schemas';
import type { AppInstance } from '../../server/src/app';
import type { Config } from '../../server/src/config';
import type { DatabaseHandle } from '../../server/src/db/database';
import { plans, userRoles } from '../../server/src/db/schema';
import { openSeededDatabaseAt } from '../../server/src/seed';
import { basicAuth, databaseKinds, openFreshDatabase, redisAnswers, removeTempDirs, startApp, TEST_REDIS_URL, testConfig } from './harness';
import { registrationPayload, freshAddress } from './kit';

const kinds = await databaseKinds();
const redisUp = await redisAnswers();
afterAll(removeTempDirs);

/** The build's render bundle, stood in for by one that lists the served templates' names (as in portal.test.ts). */
const RENDER_BUNDLE = `
export async function renderPage(path, served) {
  const names = (served.queries[0] ? served.queries[0].data : []).map((t) => '<li>' + t.name + '</li>').join('');
  return { path: path.split('?')[0], title: 'Templates', description: 'The gallery.', html: '<ul aria-label="Templates">' + names + '</ul>', styles: '' };
}
`;

function writeDist(distDir: string): void {
  mkdirSync(path.join(distDir, '.vite', 'ssr'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(distDir, '.vite', 'ssr', 'render.js'), RENDER_BUNDLE);
  writeFileSync(path.join(distDir, '.vite', 'ssr', 'package.json'), '{ "type": "module" }');
}

/** How the two processes reach each other: Redis alone (no LISTEN connection), or LISTEN/NOTIFY alone (no REDIS_URL). */
const BUSES = [
  { name: 'Redis pub/sub', env: { REDIS_URL: TEST_REDIS_URL }, listen: false, runs: redisUp },
  { name: 'PostgreSQL LISTEN/NOTIFY', env: {}, listen: true, runs: true },
] as const;

describe.runIf(kinds.includes('postgres')).each(BUSES)('caches across two processes on PostgreSQL, through $name', ({ name, env, listen, runs }) => {
  const handles: DatabaseHandle[] = [];
  const apps: AppInstance[] = [];
  let database: DatabaseHandle & { url?: string };
  let config: Config;
  let a: string;
  let b: string;

  /** A server on the suite's database (a process of its own in production): its base URL. */
  async function serve(): Promise<string> {
    const handle = await openSeededDatabaseAt({ kind: 'postgres', url: database.url ?? '' });
    handles.push(handle);
    const app = await startApp(listen ? handle : { ...handle, dedicatedClient: undefined }, {
      config: testConfig({ ...env, PUBLIC_URL: config.PUBLIC_ORIGIN, DIST_DIR: config.DIST_DIR }),
    });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    if (!runs) return;
    database = await openFreshDatabase('postgres');
    config = testConfig({ PUBLIC_URL: 'https://portal.example' });
    writeDist(config.DIST_DIR);
    a = await serve();
    b = await serve();
  });

  afterAll(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const handle of handles.splice(0)) await handle.close();
    await database?.close();
  });

  const call = (base: string, method: string, url: string, token: string | null, body?: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: { authorization: token ? `Bearer ${token}` : basicAuth(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** A user registered through A (from an address of its own: registration is limited per address). */
  async function register(): Promise<{ token: string; id: number }> {
    const app = apps[0] as AppInstance;
    const response = await app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      headers: { authorization: basicAuth() },
      remoteAddress: freshAddress(),
      payload: registrationPayload(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { token, user } = response.json<{ data: { token: string; user: { id: number } } }>().data;
    return { token, id: user.id };
  }

  it.runIf(runs)('the payments remote config a SOVEREIGN puts through A is what B answers at once, every time', async () => {
    const sovereign = await register();
    await database.db.insert(userRoles).values({ userId: sovereign.id, roleId: ROLE.SOVEREIGN });
    const url = `/v1${PAYMENT_PATHS.remoteConfig}`;
    const read = async (base: string) => ((await (await call(base, 'GET', url, null)).json()) as { data: PaymentsRemoteConfig }).data.provider;
    const took: number[] = [];
    // B keeps the default it read.
    expect(await read(b)).toBe('paystack');
    for (const provider of [
      'stripe',
      'flutterwave',
      'paystack',
      'stripe',
      'paystack',
      'flutterwave',
      'stripe',
      'paystack',
      'flutterwave',
      'paystack',
    ] as const) {
      const started = performance.now();
      const put = await call(a, 'PUT', url, sovereign.token, { provider });
      took.push(performance.now() - started);
      expect(put.status, await put.clone().text()).toBe(200);
      expect(await read(b)).toBe(provider);
      expect(await read(a)).toBe(provider);
    }
    took.sort((x, y) => x - y);
    console.log(
      `${name}: a remote config PUT answered once B dropped its copy in ${took[took.length >> 1]?.toFixed(1)} ms (median of ${took.length}), at most ${took.at(-1)?.toFixed(1)} ms`,
    );
  });

  it.runIf(runs)('the plans B keeps are dropped when another process starts on a database its seed changed', async () => {
    const before = await call(b, 'GET', '/v1/plans', null);
    const etag = before.headers.get('etag') ?? '';
    expect(await call(b, 'GET', '/v1/plans', null).then((response) => response.headers.get('etag'))).toBe(etag);
    // A row B has cached changes (as a newer version's seed or an edit would), then a process starts.
    await database.db.update(plans).set({ name: 'Starter renamed' }).where(eq(plans.planCode, 'starter'));
    expect((await fetch(`${b}/v1/plans`, { headers: { authorization: basicAuth(), 'if-none-match': etag } })).status).toBe(304);
    await serve();
    const after = await fetch(`${b}/v1/plans`, { headers: { authorization: basicAuth(), 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { data: Plan[] }).data.map((plan) => plan.name)).toContain('Starter renamed');
  });

  it.runIf(runs)('/templates served by B lists a template created through A at once', async () => {
    const gallery = async (base: string) => (await fetch(`${base}/templates?category=autos`)).text();
    // B has rendered the page before the change: its render is keyed by the data it read.
    expect(await gallery(b)).toContain('<ul aria-label="Templates">');
    const owner = await register();
    const name = `Across Processes ${Date.now()}`;
    const created = await call(a, 'POST', '/v1/templates', owner.token, { name, category: 'autos', tags: ['cluster'] });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(await gallery(b)).toContain(`<li>${name}</li>`);
  });
});
