/**
 * The auth module through HTTP on a fresh database (PGlite, and PostgreSQL when it answers):
 * registration, login and its lockout scheme, session tokens, password reset, Facebook sign-in.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuthResult } from '@contract/auth/schemas';
import type { User } from '@contract/users/schemas';
import { AUTH_MESSAGES } from '../../server/src/auth/guards';
import { LIMITS } from '../../server/src/auth/limits';
import { signUserToken } from '../../server/src/auth/tokens';
import { accountTokens, users } from '../../server/src/db/schema';
import { AUTH_MODULE_MESSAGES } from '../../server/src/modules/auth/messages';
import { BASE, PASSWORD, freshAddress, registrationPayload, uniqueEmail, useApp } from './kit';
import { basicAuth, databaseKinds, removeTempDirs, startApp, testConfig } from './harness';
import { afterAll } from 'vitest';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

describe.each(kinds)('auth on %s', (kind) => {
  const kit = useApp(kind, { env: { FACEBOOK_APP_ID: '1234', FACEBOOK_APP_SECRET: 'secret' } });
  const registration = (fields: Record<string, unknown> = {}) => registrationPayload({ firstName: 'A', lastName: 'B', ...fields });
  const login = (email: string, password: string, address = '127.0.0.1') =>
    kit.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { authorization: basicAuth() },
      remoteAddress: address,
      payload: { grant_type: 'email', email, password },
    });

  describe('registration', () => {
    it('creates an unverified user with a referral code, a 0 credit and a verification e-mail', async () => {
      const email = uniqueEmail('Mixed.Case');
      const { user, token } = await kit.register({ email: email.toUpperCase() });
      expect(Object.keys(user).sort()).toEqual(
        [
          'avatar',
          'deviceId',
          'email',
          'facebookId',
          'fcmId',
          'firstName',
          'id',
          'lastName',
          'phoneNo',
          'profilePix',
          'referralCode',
          'requiresVerification',
          'role',
          'userroles',
        ].sort(),
      );
      expect(user).toMatchObject({ email: email.toLowerCase(), role: 'user', requiresVerification: true, userroles: [], facebookId: null });
      expect(user.referralCode).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(await kit.creditValue(user.id)).toBe(0);
      const [mail] = kit.mails(user.email);
      expect(mail?.subject).toBe('Verify your email');
      expect(mail?.links[0]).toMatch(new RegExp(`^${BASE}/email/verify\\?token=[\\w-]{20,}$`));
      const [row] = await kit.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      expect(row?.hash).toMatch(/^\$argon2id\$/);

      const me = await kit.call('GET', '/v1/user/me', token);
      expect(me.json()).toEqual({ message: 'OK', data: user });
    });

    it('answers Success and refuses a second account for the same e-mail', async () => {
      const payload = registration();
      const first = await kit.call('POST', '/v1/auth/register', null, payload);
      expect(first.json().message).toBe('Success');
      const second = await kit.call('POST', '/v1/auth/register', null, { ...payload, email: payload.email.toUpperCase() });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: AUTH_MODULE_MESSAGES.emailTaken });
    });

    it('answers 400 with the contract messages for bad input, and 401 without the client credential', async () => {
      const base = registration();
      const cases: [Record<string, unknown>, string][] = [
        [{ ...base, password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters with a letter and a number'],
        [{ ...base, confirmPassword: 'Other0000' }, 'Passwords do not match'],
        [{ ...base, email: 'not-an-email' }, 'Please enter a valid email address'],
        [{ ...base, phoneNo: '12' }, 'Please enter a valid phone number'],
        [{ ...base, firstName: '  ' }, 'First Name is required'],
      ];
      for (const [payload, message] of cases) {
        const response = await kit.call('POST', '/v1/auth/register', null, payload, {});
        expect(response.statusCode, message).toBe(400);
        expect(response.json()).toEqual({ message });
      }
      const anonymous = await kit.app.inject({ method: 'POST', url: '/v1/auth/register', payload: base });
      expect(anonymous.statusCode).toBe(401);
    });

    it('ignores a picture in the payload: pictures are set only through the upload route', async () => {
      const { user } = await kit.register({ profilePix: '/uploads/avatars/0123456789abcdef0123456789abcdef.png', avatar: 'https://evil.example/x.png' });
      expect(user.profilePix).toBeNull();
      expect(user.avatar).toBeNull();
    });

    it(`allows ${LIMITS.registrationsPerAddress.limit} registrations an hour per address, then 429`, async () => {
      const address = freshAddress();
      const attempt = () =>
        kit.app.inject({ method: 'POST', url: '/v1/auth/register', headers: { authorization: basicAuth() }, remoteAddress: address, payload: registration() });
      for (let i = 0; i < LIMITS.registrationsPerAddress.limit; i += 1) expect((await attempt()).statusCode).toBe(200);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toMatch(/^Too many accounts created from this address\. Please try again in \d+ minutes\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      // Another address still registers.
      expect((await kit.call('POST', '/v1/auth/register', null, registration())).statusCode).toBe(200);
    });
  });

  describe('login', () => {
    it('logs in with the right password and gives the same 401 for a wrong e-mail or password', async () => {
      const { user } = await kit.register();
      const address = freshAddress();
      const good = await login(user.email.toUpperCase(), PASSWORD, address);
      expect(good.statusCode).toBe(200);
      const result = good.json<{ data: AuthResult }>().data;
      expect(result.user).toEqual(user);
      expect((await kit.call('GET', '/v1/user/me', result.token)).statusCode).toBe(200);

      const wrongPassword = await login(user.email, 'Wrong0000', address);
      const wrongEmail = await login(uniqueEmail('nobody'), PASSWORD, address);
      for (const response of [wrongPassword, wrongEmail]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Invalid email or password' });
      }
    });

    it('answers 429 with Retry-After after 5 attempts for one account from one address; a success clears the count', async () => {
      const { user } = await kit.register();
      const address = freshAddress();
      for (let i = 0; i < 4; i += 1) expect((await login(user.email, 'Wrong0000', address)).statusCode).toBe(401);
      expect((await login(user.email, PASSWORD, address)).statusCode).toBe(200);
      for (let i = 0; i < 5; i += 1) expect((await login(user.email, 'Wrong0000', address)).statusCode).toBe(401);
      const blocked = await login(user.email, PASSWORD, address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: 'Too many login attempts. Please try again in 15 minutes.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    });

    it('a stranger locking one address out does not lock the owner out of another', async () => {
      const { user } = await kit.register();
      const stranger = freshAddress();
      for (let i = 0; i < 5; i += 1) expect((await login(user.email, 'Guess0000', stranger)).statusCode).toBe(401);
      expect((await login(user.email, PASSWORD, stranger)).statusCode).toBe(429);
      expect((await login(user.email, PASSWORD, freshAddress())).statusCode).toBe(200);
    });

    it('the account-wide limit spares an address the owner logged in from before', async () => {
      const { user } = await kit.register();
      const home = freshAddress();
      expect((await login(user.email, PASSWORD, home)).statusCode).toBe(200);
      // A botnet: many addresses, a few guesses each, until the account-wide limit is spent.
      const guesses = LIMITS.loginPerAccount.limit;
      for (let i = 0; i < guesses; i += 5) {
        const address = freshAddress();
        await Promise.all(Array.from({ length: 5 }, () => login(user.email, 'Guess0000', address)));
      }
      expect((await login(user.email, PASSWORD, freshAddress())).statusCode).toBe(429);
      expect((await login(user.email, PASSWORD, home)).statusCode).toBe(200);
    });

    it('60 parallel wrong logins: exactly 5 reach the password check for one account, 20 for one address', async () => {
      const { user } = await kit.register();
      const address = freshAddress();
      const sameAccount = await Promise.all(Array.from({ length: 60 }, () => login(user.email, 'Wrong0000', address)));
      const count = (responses: { statusCode: number }[], status: number) => responses.filter((r) => r.statusCode === status).length;
      expect(count(sameAccount, 401)).toBe(LIMITS.loginPerAccountAddress.limit);
      expect(count(sameAccount, 429)).toBe(60 - LIMITS.loginPerAccountAddress.limit);

      const other = freshAddress();
      const manyAccounts = await Promise.all(Array.from({ length: 60 }, () => login(uniqueEmail('guess'), 'Wrong0000', other)));
      expect(count(manyAccounts, 401)).toBe(LIMITS.loginPerAddress.limit);
      expect(count(manyAccounts, 429)).toBe(60 - LIMITS.loginPerAddress.limit);
    });

    it('counts failures per visitor address behind a trusted proxy (TRUST_PROXY)', async () => {
      const proxied = await startApp(kit.database, { config: testConfig({ TRUST_PROXY: 'loopback' }) });
      try {
        const attempt = (forwardedFor: string) =>
          proxied.inject({
            method: 'POST',
            url: '/v1/auth/login',
            headers: { authorization: basicAuth(), 'x-forwarded-for': forwardedFor },
            payload: { grant_type: 'email', email: uniqueEmail('guess'), password: 'Wrong0000' },
          });
        for (let i = 0; i < 20; i += 1) expect((await attempt('203.0.113.7')).statusCode).toBe(401);
        expect((await attempt('203.0.113.7')).statusCode).toBe(429);
        // Another visitor behind the same proxy is not blocked.
        expect((await attempt('203.0.113.8')).statusCode).toBe(401);
      } finally {
        await proxied.close();
      }
    });
  });

  describe('session tokens', () => {
    it('verify-token answers the user for a good token and 401 otherwise', async () => {
      const { user, token } = await kit.register();
      const good = await kit.call('POST', '/v1/auth/verify-token', null, { token });
      expect(good.json()).toEqual({ message: 'OK', data: { valid: true, user } });
      const expired = await kit.call('POST', '/v1/auth/verify-token', null, { token: await signUserToken(kit.config, user.id, 0, -10) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
    });

    it('user routes answer 401 without a token and with an expired one', async () => {
      const { user } = await kit.register();
      const missing = await kit.app.inject({ method: 'GET', url: '/v1/user/me' });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ message: AUTH_MESSAGES.loginRequired });
      const expired = await kit.call('GET', '/v1/user/me', await signUserToken(kit.config, user.id, 0, -10));
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ message: AUTH_MESSAGES.sessionExpired });
    });
  });

  describe('password reset', () => {
    it('answers the same for unknown e-mails and mails nothing for them', async () => {
      const unknown = uniqueEmail('ghost');
      const { user } = await kit.register();
      const answers = await Promise.all(
        [unknown, user.email].map((email) => kit.call('POST', '/v1/auth/forgot-password', null, { email, platform: 'portal' })),
      );
      for (const response of answers) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: 'A password reset link has been sent to the email provided', data: null });
      }
      expect(kit.mails(unknown)).toEqual([]);
      expect(kit.mails(user.email).map((mail) => mail.subject)).toContain('Reset your password');
    });

    it('resets once, ends every earlier session (even one of the same second), and refuses reused or expired links', async () => {
      const { user, token: oldToken } = await kit.register();
      await kit.call('POST', '/v1/auth/forgot-password', null, { email: user.email });
      const resetToken = kit.tokenFrom(user.email, '/password/reset');
      // A session opened just before the reset, in the same second.
      const sameSecond = (await kit.call('POST', '/v1/auth/login', null, { grant_type: 'email', email: user.email, password: PASSWORD })).json<{
        data: AuthResult;
      }>().data.token;
      const newPassword = 'N3wPassword';
      const reset = await kit.call('POST', '/v1/auth/reset-password', null, { token: resetToken, password: newPassword, confirmPassword: newPassword });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ message: 'Your password has been reset. You can now log in.', data: null });

      const reused = await kit.call('POST', '/v1/auth/reset-password', null, { token: resetToken, password: 'An0therOne', confirmPassword: 'An0therOne' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({ message: 'This reset link is invalid or has expired. Please request a new one.' });

      for (const token of [oldToken, sameSecond]) expect((await kit.call('GET', '/v1/user/me', token)).statusCode).toBe(401);
      const oldLogin = await kit.call('POST', '/v1/auth/login', null, { grant_type: 'email', email: user.email, password: PASSWORD });
      expect(oldLogin.statusCode).toBe(401);
      const loggedIn = await kit.call('POST', '/v1/auth/login', null, { grant_type: 'email', email: user.email, password: newPassword });
      expect(loggedIn.statusCode).toBe(200);
      const me = await kit.call('GET', '/v1/user/me', loggedIn.json<{ data: AuthResult }>().data.token);
      expect(me.statusCode).toBe(200);
      expect(me.json<{ data: User }>().data.requiresVerification).toBe(true);

      await kit.call('POST', '/v1/auth/forgot-password', null, { email: user.email });
      const expiring = kit.tokenFrom(user.email, '/password/reset');
      expect(expiring).not.toBe(resetToken);
      await kit.database.db
        .update(accountTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(accountTokens.userId, user.id));
      const expired = await kit.call('POST', '/v1/auth/reset-password', null, { token: expiring, password: 'An0therOne', confirmPassword: 'An0therOne' });
      expect(expired.statusCode).toBe(400);
    });

    it('a reset spends the other open reset links of the user', async () => {
      const { user } = await kit.register();
      await kit.call('POST', '/v1/auth/forgot-password', null, { email: user.email });
      const first = kit.tokenFrom(user.email, '/password/reset');
      await kit.call('POST', '/v1/auth/forgot-password', null, { email: user.email });
      const second = kit.tokenFrom(user.email, '/password/reset');
      expect(
        (await kit.call('POST', '/v1/auth/reset-password', null, { token: second, password: 'N3wPassword', confirmPassword: 'N3wPassword' })).statusCode,
      ).toBe(200);
      expect(
        (await kit.call('POST', '/v1/auth/reset-password', null, { token: first, password: 'N3wPassword', confirmPassword: 'N3wPassword' })).statusCode,
      ).toBe(400);
    });
  });

  describe('Facebook sign-in', () => {
    const facebookRegistration = (id: string, accessToken = `fb-${id}`) => ({
      firstName: 'Typed',
      lastName: 'Name',
      email: uniqueEmail('typed'),
      phoneNo: id,
      password: 'ab1cd',
      grant_type: 'facebook',
      facebookId: id,
      accessToken,
      profilePix: 'https://typed.example/not-the-provider.jpg',
    });

    it('registers from the verified profile (its picture, not a typed one), verified and without a password, then logs in', async () => {
      const id = `u${Date.now()}${kind}`;
      const registered = await kit.call('POST', '/v1/auth/register', null, facebookRegistration(id));
      expect(registered.statusCode, registered.body).toBe(200);
      const { user } = registered.json<{ data: AuthResult }>().data;
      expect(user).toMatchObject({
        firstName: 'Fiona',
        lastName: 'Book',
        email: `${id.toLowerCase()}@facebook.example`,
        phoneNo: id,
        facebookId: id,
        requiresVerification: false,
        profilePix: `https://pics.example/${id}.jpg`,
      });
      const [row] = await kit.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      expect(row?.hash).toBeNull();

      const loggedIn = await kit.call('POST', '/v1/auth/login', null, { grant_type: 'facebook', facebookId: id, accessToken: `fb-${id}` });
      expect(loggedIn.json<{ data: AuthResult }>().data.user).toEqual(user);
      const unlinked = await kit.call('POST', '/v1/auth/login', null, { grant_type: 'facebook', facebookId: 'other', accessToken: 'fb-other' });
      expect(unlinked.statusCode).toBe(404);
      expect(unlinked.json()).toEqual({ message: 'No account is linked to this Facebook login. Please register.' });
      const mismatch = await kit.call('POST', '/v1/auth/register', null, facebookRegistration('someone', 'fb-else'));
      expect(mismatch.statusCode).toBe(401);
      expect(mismatch.json()).toEqual({ message: 'Login failed' });
      const badToken = await kit.call('POST', '/v1/auth/login', null, { grant_type: 'facebook', facebookId: id, accessToken: 'garbage' });
      expect(badToken.statusCode).toBe(401);
    });

    it('answers 400 when Facebook is not configured', async () => {
      const plain = await startApp(kit.database);
      try {
        const response = await plain.inject({
          method: 'POST',
          url: '/v1/auth/login',
          headers: { authorization: basicAuth() },
          payload: { grant_type: 'facebook', facebookId: 'x', accessToken: 'fb-x' },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: 'Facebook sign-in is not available.' });
      } finally {
        await plain.close();
      }
    });
  });
});
