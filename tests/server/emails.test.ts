/** The emails module through HTTP on a fresh database: verification links and e-mails sent again. */
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@contract/auth/schemas';
import { LIMITS } from '../../server/src/auth/limits';
import { PASSWORD, PHONE, bearer, freshAddress, uniqueEmail, useApp } from './kit';
import { basicAuth, databaseKinds, removeTempDirs, startApp } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

describe.each(kinds)('emails on %s', (kind) => {
  const kit = useApp(kind);

  it('the verification link verifies once and sends the welcome e-mail', async () => {
    const { user } = await kit.register();
    const token = kit.tokenFrom(user.email, '/email/verify');
    const verified = await kit.call('POST', '/v1/emails/verify', null, { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Your email is verified', data: { ...user, requiresVerification: false } });
    expect(kit.mails(user.email).map((mail) => mail.subject)).toContain('Welcome to ShopApp Studio');
    const again = await kit.call('POST', '/v1/emails/verify', null, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'This verification link is invalid or has expired.' });
  });

  it('sends the caller their e-mails again, refuses others, and limits to 5 an hour per account', async () => {
    const { user, token } = await kit.register();
    const sent = await kit.call('POST', '/v1/emails/send', token, { emailType: 'EMAIL_CONFIRMATION_EMAIL', to: user.email, firstName: 'Ada' });
    expect(sent.json()).toEqual({ message: 'Email sent', data: null });
    expect(kit.mails(user.email).filter((mail) => mail.subject === 'Verify your email')).toHaveLength(2);
    const other = await kit.register();
    const refused = await kit.call('POST', '/v1/emails/send', token, { emailType: 'WELCOME_EMAIL', to: other.user.email });
    expect(refused.statusCode).toBe(403);

    await kit.verify(user.email);
    const already = await kit.call('POST', '/v1/emails/send', token, { emailType: 'EMAIL_CONFIRMATION_EMAIL', to: user.email });
    expect(already.statusCode).toBe(409);
    expect(already.json()).toEqual({ message: 'Your email is already verified' });
    // Counted so far: the first send and the 409 (the 403 was refused before counting).
    for (let i = 0; i < 3; i += 1) expect((await kit.call('POST', '/v1/emails/send', token, { emailType: 'WELCOME_EMAIL', to: user.email })).statusCode).toBe(200);
    const limited = await kit.call('POST', '/v1/emails/send', token, { emailType: 'WELCOME_EMAIL', to: user.email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/^Too many emails sent\. Please try again in \d+ minutes?\.$/);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it(`limits e-mails sent again to ${LIMITS.emailsPerAddress.limit} an hour per address, whatever the accounts`, async () => {
    const address = freshAddress();
    const accounts = await Promise.all(Array.from({ length: 5 }, () => kit.register()));
    const statuses: number[] = [];
    for (const { user, token } of accounts) {
      for (let i = 0; i < 5; i += 1) {
        const response = await kit.app.inject({
          method: 'POST',
          url: '/v1/emails/send',
          headers: bearer(token),
          remoteAddress: address,
          payload: { emailType: 'WELCOME_EMAIL', to: user.email },
        });
        statuses.push(response.statusCode);
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMITS.emailsPerAddress.limit);
    expect(statuses.slice(LIMITS.emailsPerAddress.limit).every((status) => status === 429)).toBe(true);
  });

  it('when e-mail cannot be sent: registration still succeeds (the user can resend); a resend answers 503', async () => {
    const failing = await startApp(kit.database, { config: kit.config, mailer: { send: () => Promise.reject(new Error('SMTP down')) } });
    try {
      const email = uniqueEmail();
      const payload = { firstName: 'A', lastName: 'B', email, phoneNo: PHONE, password: PASSWORD, confirmPassword: PASSWORD, grant_type: 'email' };
      const registered = await failing.inject({ method: 'POST', url: '/v1/auth/register', headers: { authorization: basicAuth() }, remoteAddress: freshAddress(), payload });
      expect(registered.statusCode).toBe(200);
      const { token } = registered.json<{ data: AuthResult }>().data;
      const resend = await failing.inject({ method: 'POST', url: '/v1/emails/send', headers: bearer(token), payload: { emailType: 'EMAIL_CONFIRMATION_EMAIL', to: email } });
      expect(resend.statusCode).toBe(503);
      expect(resend.json()).toEqual({ message: 'The email could not be sent. Please try again later.' });
    } finally {
      await failing.close();
    }
  });
});
