/**
 * Bad input is a clear 4xx, never a 500: control characters and NUL are refused by the contract's
 * text fields on every route, and a value the database refuses (SQLSTATE class 22) is a 400.
 * Logs never carry an argon2 hash or the parameters of a failed query.
 */
import { hash } from '@node-rs/argon2';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppDeps, AppInstance } from '../../server/src/app';
import type { DatabaseHandle } from '../../server/src/db/database';
import { users } from '../../server/src/db/schema';
import { DATA_ERROR_MESSAGE } from '../../server/src/http/errors';
import { ok } from '../../server/src/http/envelope';
import { PASSWORD, PHONE, freshAddress, uniqueEmail } from './kit';
import { basicAuth, captureLogs, databaseKinds, openFreshDatabase, removeTempDirs, startApp, testConfig } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

/** A route that stores what it is sent without a schema: the database has the last word. */
function rawInsert(app: AppInstance, { db }: AppDeps): void {
  app.post('/v1/test/raw-user', async (request) => {
    const body = request.body as { firstName: string };
    const [row] = await db
      .insert(users)
      .values({ firstName: body.firstName, lastName: 'L', email: uniqueEmail('raw'), passwordHash: await hash(PASSWORD) })
      .returning({ id: users.id });
    return ok(row);
  });
}

describe.each(kinds)('control characters on %s', (kind) => {
  let database: DatabaseHandle;
  let app: AppInstance;
  const logs = captureLogs();

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('a NUL byte in any string field of the 7 routes is a 400 with a clear message, and nothing is logged with a hash', async () => {
    database = await openFreshDatabase(kind);
    app = await startApp(database, { config: testConfig({ LOG_LEVEL: 'info' }), log: logs.options, configure: rawInsert });
    const registered = await app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      headers: { authorization: basicAuth() },
      remoteAddress: freshAddress(),
      payload: { firstName: 'Ada', lastName: 'L', email: uniqueEmail(), phoneNo: PHONE, password: PASSWORD, confirmPassword: PASSWORD },
    });
    const { user, token } = registered.json<{ data: { user: { id: number; email: string }; token: string } }>().data;
    const nul = 'Ada\u0000';
    const cases: [string, string, Record<string, unknown>, boolean, string][] = [
      [
        'POST',
        '/v1/auth/register',
        { firstName: nul, lastName: 'L', email: uniqueEmail(), phoneNo: PHONE, password: PASSWORD, confirmPassword: PASSWORD },
        false,
        'First Name must not contain control characters or NUL bytes',
      ],
      [
        'POST',
        '/v1/auth/register',
        { firstName: 'Ada', lastName: 'L', email: uniqueEmail(), phoneNo: PHONE, password: `${PASSWORD}\u0000`, confirmPassword: `${PASSWORD}\u0000` },
        false,
        'Password must not contain control characters or NUL bytes',
      ],
      [
        'POST',
        '/v1/auth/login',
        { grant_type: 'email', email: `a\u0000@example.com`, password: PASSWORD },
        false,
        'Email must not contain control characters or NUL bytes',
      ],
      ['POST', '/v1/auth/forgot-password', { email: `a\u0000@example.com` }, false, 'Email must not contain control characters or NUL bytes'],
      ['PUT', `/v1/user/${user.id}`, { lastName: nul }, true, 'Last Name must not contain control characters or NUL bytes'],
      ['PUT', `/v1/user/${user.id}`, { deviceId: 'd\u0000' }, true, 'deviceId must not contain control characters or NUL bytes'],
      ['POST', '/v1/users/find', { email: `${user.email}\u0000` }, true, 'Email must not contain control characters or NUL bytes'],
      [
        'POST',
        '/v1/customers',
        { firstName: 'A', lastName: 'B', email: user.email, phoneNo: PHONE, address: 'x\u0000' },
        true,
        'Address must not contain control characters other than tab and newline',
      ],
      ['POST', '/v1/referrals', { referredByCode: 'ABC\u0000' }, true, 'referredByCode must not contain control characters or NUL bytes'],
      [
        'POST',
        '/v1/auth/register',
        { firstName: 'Ada\u0085', lastName: 'L', email: uniqueEmail(), phoneNo: PHONE, password: PASSWORD, confirmPassword: PASSWORD },
        false,
        'First Name must not contain control characters or NUL bytes',
      ],
    ];
    for (const [method, url, payload, signedIn, message] of cases) {
      const response = await app.inject({
        method: method as 'POST',
        url,
        headers: { authorization: signedIn ? `Bearer ${token}` : basicAuth() },
        remoteAddress: freshAddress(),
        payload,
      });
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json(), url).toEqual({ message });
    }

    // Past the schemas, the database's own refusal is a 400 too, and its log line holds no values.
    const refused = await app.inject({ method: 'POST', url: '/v1/test/raw-user', payload: { firstName: nul } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: DATA_ERROR_MESSAGE });
    const text = logs.text();
    expect(text).toContain('the database refused a value of the request');
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(PASSWORD);
  });
});
