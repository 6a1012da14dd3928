/**
 * The app through HTTP (app.inject) on a fresh database: envelope, errors, auth guards,
 * catalogue, seed and the static portal. Runs on PGlite and, when it answers, PostgreSQL.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Plan, SuperCategory } from '@contract/catalog';
import { HERO } from '@contract/brand';
import { ROLE, SAMPLE_SUPER_CATEGORIES } from '@contract/constants';
import type { AppDeps, AppInstance } from '../../server/src/app';
import { AUTH_MESSAGES } from '../../server/src/auth/guards';
import { signUserToken } from '../../server/src/auth/tokens';
import type { Config } from '../../server/src/config';
import type { DatabaseHandle } from '../../server/src/db/database';
import { plans, superCategories, userRoles, users } from '../../server/src/db/schema';
import { SEED_PLANS, seed } from '../../server/src/db/seed';
import { ok } from '../../server/src/http/envelope';
import { HttpError } from '../../server/src/http/http-error';
import { precompressDist } from '../../server/src/web/precompress';
import { basicAuth, databaseKinds, openFreshDatabase, removeTempDirs, startApp, testConfig } from './harness';

const kinds = await databaseKinds();

/** Routes only this test registers, through the app factory's configure hook. */
function testRoutes(app: AppInstance, { guards }: AppDeps): void {
  app.post(
    '/v1/test/echo',
    {
      preHandler: guards.requireClient,
      schema: {
        body: z.strictObject({ email: z.string(), age: z.number().int().optional() }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).optional() }),
      },
    },
    async (request) => ok({ email: request.body.email, age: request.body.age ?? null, limit: request.query.limit ?? null }),
  );
  app.get('/v1/test/me', { preHandler: guards.requireUser }, async (request) => ok({ id: request.user?.id }));
  app.get('/v1/test/sovereign', { preHandler: guards.requireRole(ROLE.SOVEREIGN) }, async () => ok('welcome'));
  app.get('/v1/test/refused', async () => {
    throw new HttpError(409, 'That shop name is taken');
  });
  app.get('/v1/test/crash', async () => {
    throw new Error('db password is hunter2');
  });
}

const INDEX_HTML = `<!doctype html><html><head><meta charset="utf-8" />
<meta name="portal-client-credential" content="" /><title>Portal</title>
<link rel="stylesheet" crossorigin href="/assets/index-AbC123.css"></head>
<body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></body></html>`;

function writeDist(distDir: string): void {
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(distDir, 'assets', 'index-AbC123.js'), `console.log(${JSON.stringify('portal '.repeat(400))});\n`);
  writeFileSync(path.join(distDir, 'assets', 'index-AbC123.css'), '@font-face{font-family:Roboto}');
  writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"Portal"}\n');
  writeFileSync(path.join(distDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  mkdirSync(path.join(distDir, '.vite'), { recursive: true });
  writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
}

/** A build manifest: the entry and two split route components sharing a chunk. */
const MANIFEST = {
  'index.html': { file: 'assets/index-AbC123.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_PlanList-2.js': { file: 'assets/PlanList-2.js', imports: ['_react-1.js'] },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-3.js', imports: ['index.html', '_PlanList-2.js'] },
  'src/routes/templates/$templateId/edit.tsx?tsr-split=component': { file: 'assets/edit-4.js', imports: ['index.html'] },
};

afterAll(removeTempDirs);

describe.each(kinds)('the app on %s', (kind) => {
  let database: DatabaseHandle;
  let config: Config;
  let app: AppInstance;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    config = testConfig();
    writeDist(config.DIST_DIR);
    await precompressDist(config.DIST_DIR);
    app = await startApp(database, { config, configure: testRoutes });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function createUser(email: string, roleIds: number[] = []): Promise<number> {
    const [row] = await database.db.insert(users).values({ firstName: 'Ada', lastName: 'Lovelace', email }).returning({ id: users.id });
    if (!row) throw new Error('insert returned nothing');
    for (const roleId of roleIds) await database.db.insert(userRoles).values({ userId: row.id, roleId });
    return row.id;
  }

  describe('GET /healthz', () => {
    it('answers 200 with the envelope while the database answers, without credentials', async () => {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'OK', data: { db: 'up' } });
    });

    it('answers 503 when the database does not', async () => {
      const failing: DatabaseHandle = { ...database, ping: () => Promise.reject(new Error('connection refused')), close: async () => {} };
      const downApp = await startApp(failing);
      try {
        const response = await downApp.inject({ method: 'GET', url: '/healthz' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ message: 'Database unavailable' });
      } finally {
        await downApp.close();
      }
    });
  });

  describe('catalogue', () => {
    it('GET /v1/plans lists the seeded plans by amount, in the contract shape', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/plans', headers: { authorization: basicAuth() } });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ message: string; data: Plan[] }>();
      expect(body.message).toBe('OK');
      expect(body.data.length).toBeGreaterThanOrEqual(3);
      for (const plan of body.data) {
        expect(Object.keys(plan).sort()).toEqual(['amount', 'currencyCode', 'description', 'id', 'name', 'planCode']);
        expect(Number.isInteger(plan.amount) && plan.amount > 0).toBe(true);
        expect(plan.currencyCode).toBe('USD');
      }
      const amounts = body.data.map((plan) => plan.amount);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      expect(body.data.map((plan) => plan.planCode)).toEqual(['starter', 'growth', 'scale']);
    });

    it('GET /v1/super-categories lists the 11 sample super-categories with ids 1 to 11', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/super-categories', headers: { authorization: basicAuth() } });
      expect(response.statusCode).toBe(200);
      const { data } = response.json<{ data: SuperCategory[] }>();
      expect(data).toEqual(SAMPLE_SUPER_CATEGORIES.map((name, index) => ({ id: index + 1, name })));
    });

    it('seeding again adds nothing and keeps rows changed since', async () => {
      await database.db.update(plans).set({ name: 'Starter (renamed)' }).where(eq(plans.planCode, 'starter'));
      await seed(database.db);
      await seed(database.db);
      const [planCount] = await database.db.select({ n: count() }).from(plans);
      const [categoryCount] = await database.db.select({ n: count() }).from(superCategories);
      expect(planCount?.n).toBe(SEED_PLANS.length);
      expect(categoryCount?.n).toBe(11);
      const [starter] = await database.db.select().from(plans).where(eq(plans.planCode, 'starter'));
      expect(starter?.name).toBe('Starter (renamed)');
    });
  });

  it('the users table refuses an email that is not stored lower-cased', async () => {
    await expect(database.db.insert(users).values({ firstName: 'Ada', lastName: 'L', email: `Ada-${kind}@Example.com` })).rejects.toThrow();
  });

  describe('auth', () => {
    it('refuses a call with no credential', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/plans' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.clientCredential });
      // No WWW-Authenticate: a browser must not pop up its own login box.
      expect(response.headers['www-authenticate']).toBeUndefined();
    });

    it('refuses a wrong or garbled Basic credential', async () => {
      for (const authorization of [basicAuth('portal-test:wrong'), 'Basic !!!', 'Digest abc', basicAuth(`${'portal-test:0123456789abcdef'}x`)]) {
        const response = await app.inject({ method: 'GET', url: '/v1/plans', headers: { authorization } });
        expect(response.statusCode, authorization).toBe(401);
      }
    });

    it('accepts a valid bearer token instead of the client credential', async () => {
      const userId = await createUser(`bearer-${kind}@example.com`);
      const token = await signUserToken(config, userId);
      const plansResponse = await app.inject({ method: 'GET', url: '/v1/plans', headers: { authorization: `Bearer ${token}` } });
      expect(plansResponse.statusCode).toBe(200);
      const me = await app.inject({ method: 'GET', url: '/v1/test/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.json()).toEqual({ message: 'OK', data: { id: userId } });
    });

    it('answers 401 with the session message for an expired, forged or orphaned token', async () => {
      const userId = await createUser(`expired-${kind}@example.com`);
      const expired = await signUserToken(config, userId, -10);
      const forged = await signUserToken({ ...config, JWT_SECRET: 'another-secret-that-is-long-enough-to-sign' }, userId);
      const orphan = await signUserToken(config, 999_999);
      for (const token of [expired, forged, orphan, 'not.a.jwt']) {
        for (const url of ['/v1/plans', '/v1/test/me']) {
          const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
          expect(response.statusCode).toBe(401);
          expect(response.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
        }
      }
    });

    it('a user route refuses the anonymous client credential', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/test/me', headers: { authorization: basicAuth() } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.loginRequired });
    });

    it('requireRole(SOVEREIGN) refuses other users with 403 and lets a sovereign in', async () => {
      const plain = await signUserToken(config, await createUser(`plain-${kind}@example.com`, [2]));
      const sovereign = await signUserToken(config, await createUser(`sovereign-${kind}@example.com`, [ROLE.SOVEREIGN]));
      const refused = await app.inject({ method: 'GET', url: '/v1/test/sovereign', headers: { authorization: `Bearer ${plain}` } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: AUTH_MESSAGES.forbidden });
      const allowed = await app.inject({ method: 'GET', url: '/v1/test/sovereign', headers: { authorization: `Bearer ${sovereign}` } });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toEqual({ message: 'OK', data: 'welcome' });
    });
  });

  describe('bad input and failures', () => {
    const post = (payload: string, url = '/v1/test/echo', contentType = 'application/json') =>
      app.inject({ method: 'POST', url, payload, headers: { authorization: basicAuth(), 'content-type': contentType } });

    it('accepts a valid body and echoes it in the envelope', async () => {
      const response = await post(JSON.stringify({ email: 'a@b.co', age: 3 }), '/v1/test/echo?limit=5');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'OK', data: { email: 'a@b.co', age: 3, limit: 5 } });
    });

    it('malformed JSON -> 400 "Malformed JSON body"', async () => {
      const response = await post('{"email": ');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Malformed JSON body' });
    });

    it('wrong types, missing fields and unknown fields -> 400 with a readable sentence', async () => {
      const wrongType = await post(JSON.stringify({ email: 5 }));
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toEqual({ message: 'email must be a string' });

      const notInteger = await post(JSON.stringify({ email: 'a@b.co', age: 'old' }));
      expect(notInteger.json()).toEqual({ message: 'age must be a number' });

      const missing = await post(JSON.stringify({}));
      expect(missing.json()).toEqual({ message: 'email is required' });

      const unknown = await post(JSON.stringify({ email: 'a@b.co', admin: true }));
      expect(unknown.json()).toEqual({ message: 'The request body has unknown field: admin' });

      const noBody = await app.inject({ method: 'POST', url: '/v1/test/echo', headers: { authorization: basicAuth() } });
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json()).toEqual({ message: 'The request body is required' });

      const badQuery = await post(JSON.stringify({ email: 'a@b.co' }), '/v1/test/echo?limit=many');
      expect(badQuery.statusCode).toBe(400);
      expect(badQuery.json()).toEqual({ message: 'Query parameter limit must be a number' });
    });

    it('a body over the limit -> 413, another content type -> 415', async () => {
      const tooLarge = await post(JSON.stringify({ email: 'x'.repeat(1_100_000) }));
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toEqual({ message: 'The request body is too large' });
      const text = await post('email=a', '/v1/test/echo', 'application/x-www-form-urlencoded');
      expect(text.statusCode).toBe(415);
      expect(text.json<{ message: string }>().message).toMatch(/content type/i);
    });

    it('unknown /v1 routes -> JSON 404 for every method', async () => {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
        const response = await app.inject({ method, url: '/v1/no-such-thing', headers: { authorization: basicAuth() } });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.json()).toEqual({ message: 'Not found' });
      }
    });

    it("a service's HttpError keeps its status and message", async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/test/refused' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'That shop name is taken' });
    });

    it('an unexpected error -> 500 "Internal server error" with nothing leaked', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/test/crash' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal server error' });
      expect(response.body).not.toContain('hunter2');
    });
  });

  describe('static portal', () => {
    it('serves index.html with the client credential for every app route, never cached', async () => {
      for (const url of ['/', '/index.html', '/templates/42/edit', '/new-app/setup?ref=abc', '/no/such/page']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain(`<meta name="portal-client-credential" content="${config.CLIENT_CREDENTIAL}" />`);
      }
    });

    it("preloads the requested route's own chunks, and keeps the build manifest private", async () => {
      const preloads = async (url: string) =>
        [...(await app.inject({ method: 'GET', url })).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
      expect(await preloads('/')).toEqual(['/assets/routes-3.js', '/assets/PlanList-2.js']);
      expect(await preloads('/templates/42/edit')).toEqual(['/assets/edit-4.js']);
      expect(await preloads('/no/such/page')).toEqual([]);
      // The service worker precaches /index.html for every route: it names no route's chunks.
      expect(await preloads('/index.html')).toEqual([]);
      expect((await app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
    });

    it('paints the homepage from the HTML alone: its first screen inside #root, the font faces inlined', async () => {
      const home = (await app.inject({ method: 'GET', url: '/?ref=abc' })).body;
      expect(home).toContain(`<h1>${HERO.title}</h1>`);
      expect(home).toContain('<style>@font-face{font-family:Roboto}</style>');
      expect(home).not.toContain('index-AbC123.css');
      for (const url of ['/pricing', '/index.html']) {
        const page = (await app.inject({ method: 'GET', url })).body;
        expect(page, url).toContain('<div id="root"></div>');
        expect(page, url).toContain('<style>@font-face{font-family:Roboto}</style>');
      }
    });

    it('caches hashed assets forever and revalidates the service worker and manifest', async () => {
      const asset = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/sw.js', '/manifest.webmanifest']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe('no-cache');
      }
      const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    });

    it('sends the pre-compressed asset to a client that accepts brotli', async () => {
      const response = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    });

    it('answers 404 for a missing file and never serves index.html for API paths', async () => {
      for (const url of ['/missing.png', '/assets/gone-123.js', '/v1/unknown', '/uploads/x', '/socket.io-like.txt']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found' });
      }
    });

    it('without a built portal the API still answers and app routes say what to do', async () => {
      const bare = await startApp(database);
      try {
        expect((await bare.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        const page = await bare.inject({ method: 'GET', url: '/pricing' });
        expect(page.statusCode).toBe(503);
        expect(page.json<{ message: string }>().message).toMatch(/not built/);
      } finally {
        await bare.close();
      }
    });
  });
});
