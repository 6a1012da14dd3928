/** The emails module through HTTP on a fresh database: verification links and e-mails sent again. */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@contract/auth/schemas';
import { LIMITS } from '../../server/src/auth/limits';
import { PASSWORD, PHONE, bearer, freshAddress, uniqueEmail, useApp } from './kit';
import { basicAuth, databaseKinds, removeTempDirs, startApp } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

/**
 * POSTs `body` the way a simple client does: the whole body written before anything is read.
 * Resolves with the raw answer, or rejects when the connection is dropped before an answer.
 */
function postWholeThenRead(port: number, path: string, headers: Record<string, string>, body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const head = Object.entries({ host: '127.0.0.1', 'content-type': 'application/json', 'content-length': String(body.length), ...headers }).map(
      ([name, value]) => `${name}: ${value}\r\n`,
    );
    let answer = '';
    socket.pause();
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      const [top = '', rest = ''] = answer.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(top)?.[1] ?? NaN);
      if (rest.length >= length) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', (error) => reject(error));
    socket.on('close', () => reject(new Error(`connection closed with ${answer ? 'a partial' : 'no'} answer`)));
    socket.write(Buffer.concat([Buffer.from(`POST ${path} HTTP/1.1\r\n${head.join('')}\r\n`), body]), (error) => {
      if (error) return reject(error);
      socket.resume();
    });
  });
}

describe.each(kinds)('emails on %s', (kind) => {
  const kit = useApp(kind);

  it('a body over the limit is answered 413 with the usual JSON body, also to a client that sends it whole before reading', async () => {
    const { user, token } = await kit.register();
    if (!kit.app.server.listening) await kit.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = kit.app.server.address() as AddressInfo;
    // Issue 27 #7: 1 MB (and more) to POST /v1/emails/send dropped the connection with no answer.
    for (const size of [1_100_000, 8_000_000]) {
      const body = Buffer.from(JSON.stringify({ emailType: 'WELCOME_EMAIL', to: user.email, firstName: 'x'.repeat(size) }));
      const answer = await postWholeThenRead(port, '/v1/emails/send', { authorization: `Bearer ${token}` }, body);
      expect(answer.split('\r\n')[0], `${size} bytes`).toBe('HTTP/1.1 413 Payload Too Large');
      expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({ message: 'The request body is too large' });
    }
  });

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
    for (let i = 0; i < 3; i += 1)
      expect((await kit.call('POST', '/v1/emails/send', token, { emailType: 'WELCOME_EMAIL', to: user.email })).statusCode).toBe(200);
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
      const registered = await failing.inject({
        method: 'POST',
        url: '/v1/auth/register',
        headers: { authorization: basicAuth() },
        remoteAddress: freshAddress(),
        payload,
      });
      expect(registered.statusCode).toBe(200);
      const { token } = registered.json<{ data: AuthResult }>().data;
      const resend = await failing.inject({
        method: 'POST',
        url: '/v1/emails/send',
        headers: bearer(token),
        payload: { emailType: 'EMAIL_CONFIRMATION_EMAIL', to: email },
      });
      expect(resend.statusCode).toBe(503);
      expect(resend.json()).toEqual({ message: 'The email could not be sent. Please try again later.' });
    } finally {
      await failing.close();
    }
  });
});
