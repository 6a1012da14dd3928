/** E-mail: the templates, the transports, and the Facebook check (pure pieces, no app). */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createFacebookVerifier } from '../../server/src/auth/social';
import { createOutboxMailer, createSmtpMailer, linksOf } from '../../server/src/mail/mailer';
import { escapeHtml } from '../../server/src/html';
import { inertName, passwordResetEmail, referralInviteEmail, verificationEmail, welcomeEmail } from '../../server/src/mail/templates';
import { removeTempDirs, tempDir } from './harness';

afterAll(removeTempDirs);

describe('mail templates', () => {
  const link = 'https://shop.example/email/verify?token=abc&x=1';
  const all = [
    verificationEmail({ firstName: 'Ada', link }),
    welcomeEmail({ firstName: 'Ada', link }),
    passwordResetEmail({ firstName: 'Ada', link }),
    referralInviteEmail({ inviterFirstName: 'Ada', firstName: 'Bob', link }),
  ];

  it('have their subjects, a button and the plain link in both parts', () => {
    expect(all.map((mail) => mail.subject)).toEqual([
      'Verify your email',
      'Welcome to ShopApp Studio',
      'Reset your password',
      'You are invited to ShopApp Studio',
    ]);
    for (const mail of all) {
      expect(mail.html).toContain('href="https://shop.example/email/verify?token=abc&amp;x=1"');
      expect(mail.html).toContain('ShopApp Studio');
      expect(mail.text).toContain(link);
      expect(mail.text).toContain('Hello');
    }
  });

  it('escape every interpolated value', () => {
    const evil = '<script>alert("x")</script>';
    const mail = referralInviteEmail({ inviterFirstName: `Eve${evil}`, firstName: `Bob${evil}`, link: `https://x.example/?ref="><img src=x>` });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('"><img');
    expect(mail.html).toContain('Eve&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(verificationEmail({ firstName: 'A&B', link }).html).toContain('Hello A&amp;B,');
    expect(escapeHtml(`'&"<>`)).toBe('&#39;&amp;&quot;&lt;&gt;');
  });

  it('keep the subject free of names, and a long inviter name short in the body', () => {
    const invite = referralInviteEmail({ inviterFirstName: 'Ada\r\nBcc: x@y.z BUY CHEAP PILLS AT SPAM.EXAMPLE NOW NOW NOW', link });
    expect(invite.subject).toBe('You are invited to ShopApp Studio');
    expect(invite.text).toContain('Ada Bcc: x@y\u2024z BUY CHEAP PILLS AT SPAM\u2024… uses ShopApp Studio');
    expect(invite.text).not.toContain('\r');
  });

  it('never turn a name into a link: no scheme, no dotted host, no address a mail client would link', () => {
    expect(inertName('Visit https://evil.example/win or www.evil.example, mail me@evil.example')).toBe(
      'Visit https:\u2215\u2215evil\u2024example/win or www\u2024evil\u2024example, mail me@evil\u2024example',
    );
    expect(inertName('  Ada   & Sons Ltd. ')).toBe('Ada & Sons Ltd.');
    const mail = verificationEmail({ firstName: 'http://evil.example', link });
    expect(linksOf(mail.text)).toEqual([link]);
    expect(mail.html).not.toContain('evil.example');
  });
});

describe('mail transports', () => {
  const message = { to: 'ada@example.com', ...verificationEmail({ firstName: 'Ada', link: 'https://shop.example/email/verify?token=t0k' }) };

  it('the outbox writes a MIME .eml and a .json with the links, and logs the first link', async () => {
    const outbox = path.join(tempDir(), 'outbox');
    const lines: string[] = [];
    await createOutboxMailer(outbox, { info: (line: string) => lines.push(line) } as never).send(message);
    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
    expect(files[1]).toBe(files[0]?.replace(/\.eml$/, '.json'));
    const eml = readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^Subject: Verify your email$/m);
    expect(eml).toMatch(/^To: ada@example.com$/m);
    expect(eml).toContain('multipart/alternative');
    const json = JSON.parse(readFileSync(path.join(outbox, files[1] ?? ''), 'utf8'));
    expect(json).toEqual({ ...message, links: ['https://shop.example/email/verify?token=t0k'] });
    expect(lines).toEqual(['E-mail to ada@example.com (Verify your email) — link: https://shop.example/email/verify?token=t0k']);
  });

  it('an outbox removed while the server runs is made again for the next message', async () => {
    const outbox = path.join(tempDir(), 'outbox');
    const mailer = createOutboxMailer(outbox, { info: () => undefined } as never);
    await mailer.send(message);
    rmSync(outbox, { recursive: true });
    await mailer.send(message);
    expect(readdirSync(outbox)).toHaveLength(2);
  });

  it('SMTP delivers the message to the server of SMTP_URL', async () => {
    const received: { to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.server.address() as { port: number };
      await createSmtpMailer(`smtp://127.0.0.1:${port}`).send(message);
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual(['ada@example.com']);
      expect(received[0]?.data).toMatch(/^Subject: Verify your email\r?$/m);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('linksOf finds the links of a text in order', () => {
    expect(linksOf('a https://x.example/a?b=1 and http://y.example/.')).toEqual(['https://x.example/a?b=1', 'http://y.example/.']);
  });
});

describe('Facebook verifier', () => {
  const config = { FACEBOOK_APP_ID: '1234', FACEBOOK_APP_SECRET: 's3cret' };
  const me = { id: '42', first_name: 'Fiona', last_name: 'Book', email: 'Fiona@Example.com', picture: { data: { url: 'https://pics.example/42.jpg' } } };

  function fakeGraph(debug: object, profile: object = me) {
    const urls: URL[] = [];
    const fetchImpl = (async (input: URL) => {
      urls.push(input);
      const body = input.pathname.endsWith('/debug_token') ? debug : profile;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    return { urls, verifier: createFacebookVerifier(config, fetchImpl) };
  }

  it('checks the token with the app token, then reads the profile', async () => {
    const { urls, verifier } = fakeGraph({ data: { is_valid: true, app_id: '1234', user_id: '42' } });
    expect(await verifier.verifyFacebook('user-token')).toEqual({
      id: '42',
      firstName: 'Fiona',
      lastName: 'Book',
      email: 'fiona@example.com',
      picture: 'https://pics.example/42.jpg',
    });
    expect(urls[0]?.searchParams.get('input_token')).toBe('user-token');
    expect(urls[0]?.searchParams.get('access_token')).toBe('1234|s3cret');
    expect(urls[1]?.searchParams.get('fields')).toBe('id,first_name,last_name,email,picture');
  });

  it('refuses invalid tokens, tokens of another app and a profile of someone else', async () => {
    expect(await fakeGraph({ data: { is_valid: false, app_id: '1234', user_id: '42' } }).verifier.verifyFacebook('t')).toBeNull();
    expect(await fakeGraph({ data: { is_valid: true, app_id: '999', user_id: '42' } }).verifier.verifyFacebook('t')).toBeNull();
    expect(await fakeGraph({ data: { is_valid: true, app_id: '1234', user_id: '7' } }).verifier.verifyFacebook('t')).toBeNull();
    expect(await createFacebookVerifier({ FACEBOOK_APP_ID: undefined, FACEBOOK_APP_SECRET: undefined }).verifyFacebook('t')).toBeNull();
  });
});
