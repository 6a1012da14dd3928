/**
 * Session tokens: `exp`, `iat`, `sub` and `sv` are required, `sub` must be a positive int4, and
 * anything else is a 401 on every user route, never a 500.
 */
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../server/src/auth/guards';
import { signUserToken, verifyUserToken } from '../../server/src/auth/tokens';
import { TEST_JWT_SECRET, databaseKinds, removeTempDirs } from './harness';
import { useApp } from './kit';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

const key = new TextEncoder().encode(TEST_JWT_SECRET);
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the server's own key, with exactly the claims given. */
function forge(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
}

describe.each(kinds)('session tokens on %s', (kind) => {
  const kit = useApp(kind);

  it('refuses tokens without exp, iat or sv, and any sub that is not a positive int4, with a 401 on every user route', async () => {
    const { user } = await kit.register();
    const sub = String(user.id);
    const tokens = {
      'no exp': await forge({ sub, iat: now(), sv: 0 }),
      'no iat': await forge({ sub, exp: now() + 60, sv: 0 }),
      'no sv (issued before session versions)': await forge({ sub, iat: now(), exp: now() + 60 }),
      'sub beyond int4': await forge({ sub: '2147483648', iat: now(), exp: now() + 60, sv: 0 }),
      'huge sub': await forge({ sub: '99999999999999999999999', iat: now(), exp: now() + 60, sv: 0 }),
      'negative sub': await forge({ sub: '-1', iat: now(), exp: now() + 60, sv: 0 }),
      'numeric sub': await forge({ sub: user.id, iat: now(), exp: now() + 60, sv: 0 }),
      'sub with a fraction': await forge({ sub: `${sub}.5`, iat: now(), exp: now() + 60, sv: 0 }),
      'older session version': await forge({ sub, iat: now(), exp: now() + 60, sv: -1 }),
    };
    const routes: [string, string][] = [
      ['GET', '/v1/user/me'],
      ['PUT', `/v1/user/${user.id}`],
      ['POST', '/v1/users/find'],
      ['POST', '/v1/credits'],
      ['GET', '/v1/customers/me'],
      ['GET', '/v1/referrals'],
      ['DELETE', '/v1/invites-history'],
      ['GET', '/v1/plans'],
    ];
    for (const [name, token] of Object.entries(tokens)) {
      for (const [method, url] of routes) {
        const response = await kit.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` } });
        expect(response.statusCode, `${name}: ${method} ${url}`).toBe(401);
        expect(response.json(), name).toEqual({ message: AUTH_MESSAGES.sessionExpired });
      }
      expect((await kit.call('POST', '/v1/auth/verify-token', null, { token })).statusCode, name).toBe(401);
    }
    // The same claims, complete, are accepted.
    const good = await forge({ sub, iat: now(), exp: now() + 60, sv: 0 });
    expect((await kit.call('GET', '/v1/user/me', good)).statusCode).toBe(200);
  });

  it('signUserToken and verifyUserToken round-trip the id and session version', async () => {
    const session = await verifyUserToken(kit.config, await signUserToken(kit.config, 42, 3));
    expect(session).toMatchObject({ userId: 42, sessionVersion: 3 });
  });
});
