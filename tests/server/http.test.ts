/**
 * What every route shares, through HTTP on a fresh database: the envelope, the auth guards, bad
 * input and failures (always a readable 4xx, never a 500 for bad input), and response schemas
 * that let only declared fields out.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLE } from '@contract/constants';
import { envelopeOf } from '@contract/response';
import type { AppDeps, AppInstance } from '../../server/src/app';
import { AUTH_MESSAGES } from '../../server/src/auth/guards';
import { signUserToken } from '../../server/src/auth/tokens';
import { userRoles, users } from '../../server/src/db/schema';
import { ok } from '../../server/src/http/envelope';
import { HttpError } from '../../server/src/http/http-error';
import { basicAuth, databaseKinds, removeTempDirs } from './harness';
import { useApp } from './kit';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

/** Routes only this test registers, through the app factory's configure hook. */
function testRoutes(app: AppInstance, deps: AppDeps): void {
  const { guards } = deps;
  app.post(
    '/v1/test/echo',
    {
      onRequest: guards.requireClient,
      schema: {
        body: z.strictObject({ email: z.string(), age: z.number().int().optional() }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).optional() }),
      },
    },
    async (request) => ok({ email: request.body.email, age: request.body.age ?? null, limit: request.query.limit ?? null }),
  );
  app.get('/v1/test/me', { onRequest: guards.requireUser }, async (request) => ok({ id: request.user?.id }));
  app.get('/v1/test/sovereign', { onRequest: guards.requireRole(ROLE.SOVEREIGN) }, async () => ok('welcome'));
  app.get('/v1/test/refused', async () => {
    throw new HttpError(409, 'That shop name is taken');
  });
  app.get('/v1/test/crash', async () => {
    throw new Error('db password is hunter2');
  });
  // Reads a whole users row: the response schema lets only the declared fields out.
  app.get('/v1/test/row', { schema: { response: { 200: envelopeOf(z.object({ id: z.number(), email: z.string() })) } } }, async () => {
    const [row] = await deps.db.select().from(users).limit(1);
    return ok(row as unknown as { id: number; email: string });
  });
  app.get('/v1/test/wrong-shape', { schema: { response: { 200: envelopeOf(z.object({ id: z.number() })) } } }, async () =>
    ok({ id: 'not a number' } as unknown as { id: number }),
  );
}

describe.each(kinds)('the API on %s', (kind) => {
  const kit = useApp(kind, { configure: testRoutes });

  async function createUser(email: string, roleIds: number[] = []): Promise<number> {
    const [row] = await kit.database.db.insert(users).values({ firstName: 'Ada', lastName: 'Lovelace', email }).returning({ id: users.id });
    if (!row) throw new Error('insert returned nothing');
    for (const roleId of roleIds) await kit.database.db.insert(userRoles).values({ userId: row.id, roleId });
    return row.id;
  }

  it('the users table refuses an email that is not stored lower-cased', async () => {
    await expect(kit.database.db.insert(users).values({ firstName: 'Ada', lastName: 'L', email: `Ada-${kind}@Example.com` })).rejects.toThrow();
  });

  describe('auth', () => {
    it('refuses a call with no credential', async () => {
      const response = await kit.app.inject({ method: 'GET', url: '/v1/plans' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.clientCredential });
      // No WWW-Authenticate: a browser must not pop up its own login box.
      expect(response.headers['www-authenticate']).toBeUndefined();
    });

    it('refuses a wrong or garbled Basic credential', async () => {
      for (const authorization of [basicAuth('portal-test:wrong'), 'Basic !!!', 'Digest abc', basicAuth(`${'portal-test:0123456789abcdef'}x`)]) {
        const response = await kit.app.inject({ method: 'GET', url: '/v1/plans', headers: { authorization } });
        expect(response.statusCode, authorization).toBe(401);
      }
    });

    it('accepts a valid bearer token instead of the client credential', async () => {
      const userId = await createUser(`bearer-${kind}@example.com`);
      const token = await signUserToken(kit.config, userId, 0);
      const plansResponse = await kit.app.inject({ method: 'GET', url: '/v1/plans', headers: { authorization: `Bearer ${token}` } });
      expect(plansResponse.statusCode).toBe(200);
      const me = await kit.app.inject({ method: 'GET', url: '/v1/test/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.json()).toEqual({ message: 'OK', data: { id: userId } });
    });

    it('answers 401 with the session message for an expired, forged or orphaned token', async () => {
      const userId = await createUser(`expired-${kind}@example.com`);
      const expired = await signUserToken(kit.config, userId, 0, -10);
      const forged = await signUserToken({ ...kit.config, JWT_SECRET: 'another-secret-that-is-long-enough-to-sign' }, userId, 0);
      const orphan = await signUserToken(kit.config, 999_999, 0);
      for (const token of [expired, forged, orphan, 'not.a.jwt']) {
        for (const url of ['/v1/plans', '/v1/test/me']) {
          const response = await kit.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
          expect(response.statusCode).toBe(401);
          expect(response.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
        }
      }
    });

    it('a user route refuses the anonymous client credential', async () => {
      const response = await kit.app.inject({ method: 'GET', url: '/v1/test/me', headers: { authorization: basicAuth() } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.loginRequired });
    });

    it('requireRole(SOVEREIGN) refuses other users with 403 and lets a sovereign in', async () => {
      const plain = await signUserToken(kit.config, await createUser(`plain-${kind}@example.com`, [2]), 0);
      const sovereign = await signUserToken(kit.config, await createUser(`sovereign-${kind}@example.com`, [ROLE.SOVEREIGN]), 0);
      const refused = await kit.app.inject({ method: 'GET', url: '/v1/test/sovereign', headers: { authorization: `Bearer ${plain}` } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: AUTH_MESSAGES.forbidden });
      const allowed = await kit.app.inject({ method: 'GET', url: '/v1/test/sovereign', headers: { authorization: `Bearer ${sovereign}` } });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toEqual({ message: 'OK', data: 'welcome' });
    });
  });

  describe('bad input and failures', () => {
    const post = (payload: string, url = '/v1/test/echo', contentType = 'application/json') =>
      kit.app.inject({ method: 'POST', url, payload, headers: { authorization: basicAuth(), 'content-type': contentType } });

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

      const noBody = await kit.app.inject({ method: 'POST', url: '/v1/test/echo', headers: { authorization: basicAuth() } });
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
        const response = await kit.app.inject({ method, url: '/v1/no-such-thing', headers: { authorization: basicAuth() } });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.json()).toEqual({ message: 'Not found' });
      }
    });

    it("a service's HttpError keeps its status and message", async () => {
      const response = await kit.app.inject({ method: 'GET', url: '/v1/test/refused' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'That shop name is taken' });
    });

    it('an unexpected error -> 500 "Internal server error" with nothing leaked', async () => {
      const response = await kit.app.inject({ method: 'GET', url: '/v1/test/crash' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal server error' });
      expect(response.body).not.toContain('hunter2');
    });
  });

  describe('response schemas', () => {
    it('send only the declared fields: a row read whole never leaks its password hash', async () => {
      await createUser(`row-${kind}@example.com`);
      await kit.database.db.update(users).set({ passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' });
      const response = await kit.app.inject({ method: 'GET', url: '/v1/test/row' });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json<{ data: object }>().data).sort()).toEqual(['email', 'id']);
      expect(response.body).not.toContain('argon2');
      expect(response.body).not.toMatch(/sessionVersion|referralCode/);
    });

    it('an answer that does not match its schema is a 500, never sent half-right', async () => {
      const response = await kit.app.inject({ method: 'GET', url: '/v1/test/wrong-shape' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal server error' });
    });
  });
});
