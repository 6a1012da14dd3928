/**
 * The accounts feature through HTTP (app.inject) on a fresh database: registration, login and
 * its rate limit, one-time links (read from the e-mail outbox), profile, pictures, referrals,
 * customers, credits, invite history and Facebook sign-in. Runs on PGlite and PostgreSQL.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult, Credit, Customer, Referral, ReferralSummary, User } from '@contract/accounts';
import { PROFILE_PICTURE_MAX_BYTES, REFERRAL_REWARD_MINOR_UNITS } from '@contract/accounts';
import { ROLE } from '@contract/constants';
import type { AppInstance } from '../../server/src/app';
import { AUTH_MESSAGES } from '../../server/src/auth/guards';
import type { SocialProfile, SocialVerifier } from '../../server/src/auth/social';
import { signUserToken } from '../../server/src/auth/tokens';
import type { Config } from '../../server/src/config';
import type { DatabaseHandle } from '../../server/src/db/database';
import { accountTokens, credits, inviteHistory, userRoles, users } from '../../server/src/db/schema';
import { ACCOUNT_MESSAGES } from '../../server/src/modules/accounts/messages';
import { grantRole } from '../../server/src/modules/accounts/service';
import { basicAuth, databaseKinds, openFreshDatabase, removeTempDirs, startApp, testConfig } from './harness';

const kinds = await databaseKinds();
const BASE = 'https://portal.example';
const PASSWORD = 'Passw0rd1';
const PHONE = '+2348012345678';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

afterAll(removeTempDirs);

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** A fake Facebook: the access token "fb-<id>" belongs to the profile with that id. */
const fakeFacebook: SocialVerifier = {
  async verifyFacebook(accessToken) {
    const id = /^fb-(\w+)$/.exec(accessToken)?.[1];
    if (!id) return null;
    return { id, firstName: 'Fiona', lastName: 'Book', email: `${id}@facebook.example`, picture: `https://pics.example/${id}.jpg` } satisfies SocialProfile;
  },
};

describe.each(kinds)('accounts on %s', (kind) => {
  let database: DatabaseHandle;
  let config: Config;
  let app: AppInstance;
  let counter = 0;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    config = testConfig({ PUBLIC_URL: BASE, FACEBOOK_APP_ID: '1234', FACEBOOK_APP_SECRET: 'secret' });
    app = await startApp(database, { config, socialVerifier: fakeFacebook });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const uniqueEmail = (name = 'user') => `${name}${++counter}@example.com`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  function mails(to: string): OutboxMail[] {
    if (!existsSync(config.OUTBOX_DIR)) return [];
    return readdirSync(config.OUTBOX_DIR)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => JSON.parse(readFileSync(path.join(config.OUTBOX_DIR, file), 'utf8')) as OutboxMail)
      .filter((mail) => mail.to === to);
  }

  /** The token of the newest link to `pathname` e-mailed to `to`. */
  function tokenFrom(to: string, pathname: string): string {
    const link = mails(to)
      .flatMap((mail) => mail.links)
      .filter((url) => url.startsWith(`${BASE}${pathname}?token=`))
      .at(-1);
    if (!link) throw new Error(`no ${pathname} link e-mailed to ${to}`);
    return new URL(link).searchParams.get('token') ?? '';
  }

  async function register(fields: Record<string, unknown> = {}): Promise<AuthResult> {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      headers: { authorization: basicAuth() },
      payload: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: uniqueEmail(),
        phoneNo: PHONE,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        grant_type: 'email',
        ...fields,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: AuthResult }>().data;
  }

  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) {
    const headers = token ? bearer(token) : { authorization: basicAuth() };
    return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  async function verify(email: string): Promise<void> {
    const response = await call('POST', '/v1/emails/verify', null, { token: tokenFrom(email, '/email/verify') });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function creditValue(userId: number): Promise<number> {
    const [row] = await database.db.select({ value: credits.value }).from(credits).where(eq(credits.userId, userId));
    return row?.value ?? -1;
  }

  describe('registration', () => {
    it('creates an unverified user with a referral code, a 0 credit and a verification e-mail', async () => {
      const email = uniqueEmail('Mixed.Case');
      const { user, token } = await register({ email: email.toUpperCase() });
      expect(Object.keys(user).sort()).toEqual(
        ['avatar', 'deviceId', 'email', 'facebookId', 'fcmId', 'firstName', 'id', 'lastName', 'phoneNo', 'profilePix', 'referralCode', 'requiresVerification', 'role', 'userroles'].sort(),
      );
      expect(user).toMatchObject({ email: email.toLowerCase(), role: 'user', requiresVerification: true, userroles: [], facebookId: null });
      expect(user.referralCode).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(await creditValue(user.id)).toBe(0);
      const [mail] = mails(user.email);
      expect(mail?.subject).toBe('Verify your email');
      expect(mail?.links[0]).toMatch(new RegExp(`^${BASE}/email/verify\\?token=[\\w-]{20,}$`));
      const [row] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      expect(row?.hash).toMatch(/^\$argon2id\$/);

      const me = await call('GET', '/v1/user/me', token);
      expect(me.json()).toEqual({ message: 'OK', data: user });
    });

    it('answers Success and refuses a second account for the same e-mail', async () => {
      const email = uniqueEmail();
      const payload = { firstName: 'A', lastName: 'B', email, phoneNo: PHONE, password: PASSWORD, confirmPassword: PASSWORD, grant_type: 'email' };
      const first = await call('POST', '/v1/auth/register', null, payload);
      expect(first.json().message).toBe('Success');
      const second = await call('POST', '/v1/auth/register', null, { ...payload, email: email.toUpperCase() });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: ACCOUNT_MESSAGES.emailTaken });
    });

    it('answers 400 with the contract messages for bad input, and 401 without the client credential', async () => {
      const base = { firstName: 'A', lastName: 'B', email: uniqueEmail(), phoneNo: PHONE, password: PASSWORD, confirmPassword: PASSWORD };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...base, password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters with a letter and a number'],
        [{ ...base, confirmPassword: 'Other0000' }, 'Passwords do not match'],
        [{ ...base, email: 'not-an-email' }, 'Please enter a valid email address'],
        [{ ...base, phoneNo: '12' }, 'Please enter a valid phone number'],
        [{ ...base, firstName: '  ' }, 'First Name is required'],
      ];
      for (const [payload, message] of cases) {
        const response = await call('POST', '/v1/auth/register', null, payload);
        expect(response.statusCode, message).toBe(400);
        expect(response.json()).toEqual({ message });
      }
      const anonymous = await app.inject({ method: 'POST', url: '/v1/auth/register', payload: base });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('login', () => {
    it('logs in with the right password and gives the same 401 for a wrong e-mail or password', async () => {
      const { user } = await register();
      const good = await call('POST', '/v1/auth/login', null, { grant_type: 'email', email: user.email.toUpperCase(), password: PASSWORD });
      expect(good.statusCode).toBe(200);
      const result = good.json<{ data: AuthResult }>().data;
      expect(result.user).toEqual(user);
      expect((await call('GET', '/v1/user/me', result.token)).statusCode).toBe(200);

      const wrongPassword = await call('POST', '/v1/auth/login', null, { grant_type: 'email', email: user.email, password: 'Wrong0000' });
      const wrongEmail = await call('POST', '/v1/auth/login', null, { grant_type: 'email', email: uniqueEmail('nobody'), password: PASSWORD });
      for (const response of [wrongPassword, wrongEmail]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Invalid email or password' });
      }
    });

    it('answers 429 with Retry-After after 5 failures for one e-mail; a success clears the count', async () => {
      const { user } = await register();
      const attempt = (password: string) => call('POST', '/v1/auth/login', null, { grant_type: 'email', email: user.email, password });
      for (let i = 0; i < 4; i += 1) expect((await attempt('Wrong0000')).statusCode).toBe(401);
      expect((await attempt(PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 5; i += 1) expect((await attempt('Wrong0000')).statusCode).toBe(401);
      const blocked = await attempt(PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: 'Too many login attempts. Please try again in 15 minutes.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    });

    it('counts failures per visitor address behind a trusted proxy (TRUST_PROXY)', async () => {
      const proxied = await startApp(database, { config: testConfig({ TRUST_PROXY: 'loopback' }) });
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

    it('verify-token answers the user for a good token and 401 otherwise', async () => {
      const { user, token } = await register();
      const good = await call('POST', '/v1/auth/verify-token', null, { token });
      expect(good.json()).toEqual({ message: 'OK', data: { valid: true, user } });
      const expired = await call('POST', '/v1/auth/verify-token', null, { token: await signUserToken(config, user.id, -10) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
    });

    it('user routes answer 401 without a token and with an expired one', async () => {
      const { user } = await register();
      const missing = await app.inject({ method: 'GET', url: '/v1/user/me' });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ message: AUTH_MESSAGES.loginRequired });
      const expired = await call('GET', '/v1/user/me', await signUserToken(config, user.id, -10));
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ message: AUTH_MESSAGES.sessionExpired });
    });
  });

  describe('password reset', () => {
    it('answers the same for unknown e-mails and mails nothing for them', async () => {
      const unknown = uniqueEmail('ghost');
      const { user } = await register();
      const answers = await Promise.all([unknown, user.email].map((email) => call('POST', '/v1/auth/forgot-password', null, { email, platform: 'portal' })));
      for (const response of answers) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: 'A password reset link has been sent to the email provided', data: null });
      }
      expect(mails(unknown)).toEqual([]);
      expect(mails(user.email).map((mail) => mail.subject)).toContain('Reset your password');
    });

    it('resets once, ends older sessions, and refuses reused or expired links', async () => {
      const { user, token: oldToken } = await register();
      // The cut-off has whole seconds: let the old session be from an earlier second.
      await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));
      await call('POST', '/v1/auth/forgot-password', null, { email: user.email });
      const resetToken = tokenFrom(user.email, '/password/reset');
      const newPassword = 'N3wPassword';
      const reset = await call('POST', '/v1/auth/reset-password', null, { token: resetToken, password: newPassword, confirmPassword: newPassword });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ message: 'Your password has been reset. You can now log in.', data: null });

      const reused = await call('POST', '/v1/auth/reset-password', null, { token: resetToken, password: 'An0therOne', confirmPassword: 'An0therOne' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({ message: 'This reset link is invalid or has expired. Please request a new one.' });

      expect((await call('GET', '/v1/user/me', oldToken)).statusCode).toBe(401);
      const oldLogin = await call('POST', '/v1/auth/login', null, { grant_type: 'email', email: user.email, password: PASSWORD });
      expect(oldLogin.statusCode).toBe(401);
      const login = await call('POST', '/v1/auth/login', null, { grant_type: 'email', email: user.email, password: newPassword });
      expect(login.statusCode).toBe(200);
      const me = await call('GET', '/v1/user/me', login.json<{ data: AuthResult }>().data.token);
      expect(me.statusCode).toBe(200);
      expect(me.json<{ data: User }>().data.requiresVerification).toBe(true);

      await call('POST', '/v1/auth/forgot-password', null, { email: user.email });
      const expiring = tokenFrom(user.email, '/password/reset');
      expect(expiring).not.toBe(resetToken);
      await database.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accountTokens.userId, user.id));
      const expired = await call('POST', '/v1/auth/reset-password', null, { token: expiring, password: 'An0therOne', confirmPassword: 'An0therOne' });
      expect(expired.statusCode).toBe(400);
    });

    it('a reset spends the other open reset links of the user', async () => {
      const { user } = await register();
      await call('POST', '/v1/auth/forgot-password', null, { email: user.email });
      const first = tokenFrom(user.email, '/password/reset');
      await call('POST', '/v1/auth/forgot-password', null, { email: user.email });
      const second = tokenFrom(user.email, '/password/reset');
      expect((await call('POST', '/v1/auth/reset-password', null, { token: second, password: 'N3wPassword', confirmPassword: 'N3wPassword' })).statusCode).toBe(200);
      expect((await call('POST', '/v1/auth/reset-password', null, { token: first, password: 'N3wPassword', confirmPassword: 'N3wPassword' })).statusCode).toBe(400);
    });
  });

  describe('profile', () => {
    it('the user updates themself; another user gets 403; a SOVEREIGN may update anyone', async () => {
      const { user, token } = await register();
      const updated = await call('PUT', `/v1/user/${user.id}`, token, { fcmId: 'fcm-1', firstName: 'Augusta' });
      expect(updated.statusCode).toBe(200);
      expect(updated.json<{ data: User }>().data).toEqual({ ...user, fcmId: 'fcm-1', firstName: 'Augusta' });

      const other = await register();
      const refused = await call('PUT', `/v1/user/${user.id}`, other.token, { fcmId: 'x' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'You do not have permission to do this.' });

      await database.db.insert(userRoles).values({ userId: other.user.id, roleId: ROLE.SOVEREIGN });
      const bySovereign = await call('PUT', `/v1/user/${user.id}`, other.token, { lastName: 'King' });
      expect(bySovereign.json<{ data: User }>().data.lastName).toBe('King');
      const unknown = await call('PUT', '/v1/user/999999', other.token, { lastName: 'King' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'User not found' });

      const badPhone = await call('PUT', `/v1/user/${user.id}`, token, { phoneNo: 'abc' });
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json()).toEqual({ message: 'Please enter a valid phone number' });
    });

    it('stores a profile picture, serves it from /uploads and replaces the previous file', async () => {
      const { user, token } = await register();
      const put = (body: Buffer, type = 'image/png', id = user.id, as = token) =>
        app.inject({ method: 'PUT', url: `/v1/user/${id}/profile-picture`, headers: { ...bearer(as), 'content-type': type }, payload: body });

      const first = await put(PNG);
      expect(first.statusCode, first.body).toBe(200);
      const firstPix = first.json<{ data: User }>().data.profilePix ?? '';
      expect(firstPix).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
      const file = path.join(config.DATA_DIR, firstPix);
      expect(readFileSync(file)).toEqual(PNG);
      const served = await app.inject({ method: 'GET', url: firstPix });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(PNG);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const second = await put(PNG);
      expect(second.json<{ data: User }>().data.profilePix).not.toBe(firstPix);
      expect(existsSync(file)).toBe(false);

      const wrongBytes = await put(PNG, 'image/jpeg');
      expect(wrongBytes.statusCode).toBe(400);
      expect(wrongBytes.json()).toEqual({ message: 'The picture must be a PNG, JPEG, WebP or GIF image.' });
      const tooLarge = await put(Buffer.concat([PNG, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES)]));
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toEqual({ message: 'The picture must be 2 MB or smaller.' });
      for (const type of ['text/plain', 'application/json']) {
        const unsupported = await put(Buffer.from('{}'), type);
        expect(unsupported.statusCode, type).toBe(415);
        expect(unsupported.json()).toEqual({ message: 'The picture must be a PNG, JPEG, WebP or GIF image.' });
      }
      const other = await register();
      expect((await put(PNG, 'image/png', user.id, other.token)).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/uploads/avatars/missing.png' })).statusCode).toBe(404);
    });

    it('finds a user by e-mail, showing only public fields', async () => {
      const { user, token } = await register();
      const found = await call('POST', '/v1/users/find', token, { email: user.email });
      expect(found.json()).toEqual({
        message: 'OK',
        data: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, profilePix: null },
      });
      const missing = await call('POST', '/v1/users/find', token, { email: uniqueEmail('nobody') });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'No user found with that email' });
    });

    it('grantRole (the grant-role CLI) gives a role once', async () => {
      const { user } = await register();
      expect((await grantRole(database.db, user.email.toUpperCase(), ROLE.SOVEREIGN)).userroles).toEqual([{ roleId: ROLE.SOVEREIGN }]);
      expect((await grantRole(database.db, user.email, ROLE.SOVEREIGN)).userroles).toEqual([{ roleId: ROLE.SOVEREIGN }]);
      await expect(grantRole(database.db, uniqueEmail('nobody'), 1)).rejects.toThrow('User not found');
    });
  });

  describe('e-mails and verification', () => {
    it('the verification link verifies once and sends the welcome e-mail', async () => {
      const { user } = await register();
      const token = tokenFrom(user.email, '/email/verify');
      const verified = await call('POST', '/v1/emails/verify', null, { token });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ message: 'Your email is verified', data: { ...user, requiresVerification: false } });
      expect(mails(user.email).map((mail) => mail.subject)).toContain('Welcome to ShopApp Studio');
      const again = await call('POST', '/v1/emails/verify', null, { token });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: 'This verification link is invalid or has expired.' });
    });

    it('sends the caller their e-mails again, refuses others, and limits to 5 an hour', async () => {
      const { user, token } = await register();
      const sent = await call('POST', '/v1/emails/send', token, { emailType: 'EMAIL_CONFIRMATION_EMAIL', to: user.email, firstName: 'Ada' });
      expect(sent.json()).toEqual({ message: 'Email sent', data: null });
      expect(mails(user.email).filter((mail) => mail.subject === 'Verify your email')).toHaveLength(2);
      const other = await register();
      const refused = await call('POST', '/v1/emails/send', token, { emailType: 'WELCOME_EMAIL', to: other.user.email });
      expect(refused.statusCode).toBe(403);

      await verify(user.email);
      const already = await call('POST', '/v1/emails/send', token, { emailType: 'EMAIL_CONFIRMATION_EMAIL', to: user.email });
      expect(already.statusCode).toBe(409);
      expect(already.json()).toEqual({ message: 'Your email is already verified' });
      // Counted so far: the first send and the 409 (the 403 was refused before counting).
      for (let i = 0; i < 3; i += 1) expect((await call('POST', '/v1/emails/send', token, { emailType: 'WELCOME_EMAIL', to: user.email })).statusCode).toBe(200);
      const limited = await call('POST', '/v1/emails/send', token, { emailType: 'WELCOME_EMAIL', to: user.email });
      expect(limited.statusCode).toBe(429);
      expect(limited.json<{ message: string }>().message).toMatch(/^Too many emails sent\. Please try again in \d+ minutes?\.$/);
      expect(limited.headers['retry-after']).toBeDefined();
    });
  });

  describe('referrals', () => {
    it('registration with a code refers; verification rewards the referrer once, even with reward-referrer called too', async () => {
      const referrer = await register();
      const { user, token } = await register({ referredByCode: referrer.user.referralCode });

      const early = await call('POST', `/v1/users/${user.id}/reward-referrer`, token);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ message: 'The referred account has not verified its email yet.' });

      const verifyToken = tokenFrom(user.email, '/email/verify');
      const [verified, ...rewards] = await Promise.all([
        call('POST', '/v1/emails/verify', null, { token: verifyToken }),
        call('POST', `/v1/users/${user.id}/reward-referrer`, token),
        call('POST', `/v1/users/${user.id}/reward-referrer`, token),
      ]);
      expect(verified?.statusCode).toBe(200);
      for (const response of rewards) expect([200, 409]).toContain(response.statusCode);
      const after = await call('POST', `/v1/users/${user.id}/reward-referrer`, token);
      expect(after.statusCode).toBe(200);
      const referral = after.json<{ data: Referral }>().data;
      expect(referral).toMatchObject({ referrerUserId: referrer.user.id, referredUserId: user.id, referredFirstName: 'Ada', rewardAmount: REFERRAL_REWARD_MINOR_UNITS });
      expect(referral.rewardedAt).not.toBeNull();
      expect(await creditValue(referrer.user.id)).toBe(500);

      const summary = await call('GET', '/v1/referrals', referrer.token);
      expect(summary.json<{ data: ReferralSummary }>().data).toEqual({ referralCode: referrer.user.referralCode, referrals: [referral], earned: 500 });
    });

    it('reward-referrer answers null without a referral, and 403 for another user', async () => {
      const { user, token } = await register();
      expect((await call('POST', `/v1/users/${user.id}/reward-referrer`, token)).json()).toEqual({ message: 'OK', data: null });
      const other = await register();
      expect((await call('POST', `/v1/users/${user.id}/reward-referrer`, other.token)).statusCode).toBe(403);
    });

    it('registration ignores unknown codes; POST /v1/referrals refuses unknown, own and second codes', async () => {
      const { token, user } = await register({ referredByCode: 'NOPE1234' });
      const referrer = await register();
      const unknown = await call('POST', '/v1/referrals', token, { referredByCode: 'NOPE1234' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Unknown referral code' });
      const self = await call('POST', '/v1/referrals', token, { referredByCode: user.referralCode });
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual({ message: 'You cannot refer yourself' });
      const created = await call('POST', '/v1/referrals', token, { referredByCode: referrer.user.referralCode });
      expect(created.statusCode).toBe(200);
      expect(created.json<{ data: Referral }>().data).toMatchObject({ referrerUserId: referrer.user.id, referredUserId: user.id, rewardedAt: null, rewardAmount: 0 });
      const twice = await call('POST', '/v1/referrals', token, { referredByCode: referrer.user.referralCode });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ message: 'You have already been referred' });
    });

    it('sends an invite with the referral link', async () => {
      const { user, token } = await register();
      const invitee = uniqueEmail('friend');
      const sent = await call('POST', '/v1/referrals/send-invite', token, { email: invitee, firstName: 'Bob' });
      expect(sent.json()).toEqual({ message: 'Invitation sent', data: null });
      const [mail] = mails(invitee);
      expect(mail?.subject).toBe('Ada invited you to ShopApp Studio');
      expect(mail?.links).toContain(`${BASE}/?ref=${user.referralCode}`);
    });
  });

  describe('customers, credits and invite history', () => {
    it('creates the customer, updates it keeping its code, and reads it back', async () => {
      const { user, token } = await register();
      expect((await call('GET', '/v1/customers/me', token)).json()).toEqual({ message: 'OK', data: null });
      const fields = { firstName: 'Ada', lastName: 'Lovelace', email: user.email, phoneNo: PHONE };
      const created = (await call('POST', '/v1/customers', token, fields)).json<{ data: Customer }>().data;
      expect(created).toMatchObject({ ...fields, userId: user.id, address: null });
      expect(created.customerCode).toMatch(/^CUS_[a-z0-9]{16}$/);
      const updated = (await call('POST', '/v1/customers', token, { ...fields, address: '1 Main St' })).json<{ data: Customer }>().data;
      expect(updated).toEqual({ ...created, address: '1 Main St' });
      expect((await call('GET', '/v1/customers/me', token)).json<{ data: Customer }>().data).toEqual(updated);
      const bad = await call('POST', '/v1/customers', token, { ...fields, phoneNo: '1' });
      expect(bad.statusCode).toBe(400);
    });

    it('POST /v1/credits answers the credit at 0, with no body or an empty JSON one', async () => {
      const { user, token } = await register();
      await database.db.delete(credits).where(eq(credits.userId, user.id));
      const first = await app.inject({ method: 'POST', url: '/v1/credits', headers: bearer(token) });
      expect(first.statusCode, first.body).toBe(200);
      const credit = first.json<{ data: Credit }>().data;
      expect(credit).toEqual({ id: expect.any(Number), value: 0 });
      const empty = await app.inject({ method: 'POST', url: '/v1/credits', headers: { ...bearer(token), 'content-type': 'application/json' }, payload: '' });
      expect(empty.json()).toEqual({ message: 'OK', data: credit });
    });

    it('DELETE /v1/invites-history deletes only the caller\'s rows and counts them', async () => {
      const { user, token } = await register();
      const other = await register();
      const row = (userId: number) => ({ userId, shopAlias: 'shop', inviteToken: 't', status: 'open' });
      await database.db.insert(inviteHistory).values([row(user.id), row(user.id), row(other.user.id)]);
      expect((await call('DELETE', '/v1/invites-history', token)).json()).toEqual({ message: 'OK', data: { deleted: 2 } });
      expect((await call('DELETE', '/v1/invites-history', token)).json()).toEqual({ message: 'OK', data: { deleted: 0 } });
      expect((await call('DELETE', '/v1/invites-history', other.token)).json()).toEqual({ message: 'OK', data: { deleted: 1 } });
    });
  });

  describe('when e-mail cannot be sent', () => {
    it('registration still succeeds (the user can resend); a resend or an invite answers 503', async () => {
      const failing = await startApp(database, { config, mailer: { send: () => Promise.reject(new Error('SMTP down')) } });
      try {
        const email = uniqueEmail();
        const payload = { firstName: 'A', lastName: 'B', email, phoneNo: PHONE, password: PASSWORD, confirmPassword: PASSWORD, grant_type: 'email' };
        const registered = await failing.inject({ method: 'POST', url: '/v1/auth/register', headers: { authorization: basicAuth() }, payload });
        expect(registered.statusCode).toBe(200);
        const { token } = registered.json<{ data: AuthResult }>().data;
        const resend = await failing.inject({ method: 'POST', url: '/v1/emails/send', headers: bearer(token), payload: { emailType: 'EMAIL_CONFIRMATION_EMAIL', to: email } });
        expect(resend.statusCode).toBe(503);
        expect(resend.json()).toEqual({ message: 'The email could not be sent. Please try again later.' });
        const invite = await failing.inject({ method: 'POST', url: '/v1/referrals/send-invite', headers: bearer(token), payload: { email: uniqueEmail() } });
        expect(invite.statusCode).toBe(503);
      } finally {
        await failing.close();
      }
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
    });

    it('registers from the verified profile, verified and without a password, then logs in', async () => {
      const id = `u${Date.now()}${kind}`;
      const registered = await call('POST', '/v1/auth/register', null, facebookRegistration(id));
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
      const [row] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      expect(row?.hash).toBeNull();

      const login = await call('POST', '/v1/auth/login', null, { grant_type: 'facebook', facebookId: id, accessToken: `fb-${id}` });
      expect(login.json<{ data: AuthResult }>().data.user).toEqual(user);
      const unlinked = await call('POST', '/v1/auth/login', null, { grant_type: 'facebook', facebookId: 'other', accessToken: 'fb-other' });
      expect(unlinked.statusCode).toBe(404);
      expect(unlinked.json()).toEqual({ message: 'No account is linked to this Facebook login. Please register.' });
      const mismatch = await call('POST', '/v1/auth/register', null, facebookRegistration('someone', 'fb-else'));
      expect(mismatch.statusCode).toBe(401);
      expect(mismatch.json()).toEqual({ message: 'Login failed' });
      const badToken = await call('POST', '/v1/auth/login', null, { grant_type: 'facebook', facebookId: id, accessToken: 'garbage' });
      expect(badToken.statusCode).toBe(401);
    });

    it('answers 400 when Facebook is not configured', async () => {
      const plain = await startApp(database, { socialVerifier: fakeFacebook });
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
