/**
 * Links in e-mails come only from the configured public origin: PUBLIC_URL, or
 * http://localhost:PORT when it is unset. A forged Host or X-Forwarded-Host never reaches one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { bearer, freshAddress, uniqueEmail, useApp, type Kit } from './kit';
import { basicAuth, databaseKinds, removeTempDirs, tempDir } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

async function everyLinkFrom(kit: Kit): Promise<string[]> {
  const registered = await kit.app.inject({
    method: 'POST',
    url: '/v1/auth/register',
    headers: { authorization: basicAuth(), ...FORGED },
    remoteAddress: freshAddress(),
    payload: { firstName: 'Ada', lastName: 'L', email: uniqueEmail(), phoneNo: '+2348012345678', password: 'Passw0rd1', confirmPassword: 'Passw0rd1' },
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const { user, token } = registered.json<{ data: { user: { email: string }; token: string } }>().data;
  const calls = [
    { url: '/v1/auth/forgot-password', headers: { authorization: basicAuth(), ...FORGED }, payload: { email: user.email } },
    { url: '/v1/emails/send', headers: { ...bearer(token), ...FORGED }, payload: { emailType: 'EMAIL_CONFIRMATION_EMAIL', to: user.email } },
  ];
  for (const call of calls) expect((await kit.app.inject({ method: 'POST', ...call })).statusCode, call.url).toBe(200);
  await kit.verify(user.email);
  const invitee = uniqueEmail('friend');
  const invite = await kit.app.inject({
    method: 'POST',
    url: '/v1/referrals/send-invite',
    headers: { ...bearer(token), ...FORGED },
    payload: { email: invitee },
  });
  expect(invite.statusCode, invite.body).toBe(200);
  return [...kit.mails(user.email), ...kit.mails(invitee)].flatMap((mail) => [...mail.links, ...(mail.html.match(/href="[^"]+"/g) ?? [])]);
}

describe.each(kinds)('e-mailed links on %s', (kind) => {
  describe('with PUBLIC_URL set', () => {
    const kit = useApp(kind, { env: { PUBLIC_URL: 'https://shop.example/some/path' } });

    it('register, forgot-password, emails/send and the referral invite link to PUBLIC_URL whatever the Host says', async () => {
      const links = await everyLinkFrom(kit);
      // Verification (register, send), reset, welcome (verify), invite.
      expect(links.length).toBeGreaterThanOrEqual(5);
      for (const link of links) {
        expect(link).not.toContain('evil.example');
        expect(link.replace(/^href="/, '')).toMatch(/^https:\/\/shop\.example\//);
      }
    });
  });

  describe('with PUBLIC_URL unset', () => {
    const kit = useApp(kind, { env: { PUBLIC_URL: '', PORT: '4555' } });

    it('links use http://localhost:PORT, never the request Host', async () => {
      const links = await everyLinkFrom(kit);
      for (const link of links) expect(link.replace(/^href="/, '')).toMatch(/^http:\/\/localhost:4555\//);
    });
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('is the origin of PUBLIC_URL, or http://localhost:PORT; PUBLIC_URL must be http(s)', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example/portal/' }).PUBLIC_ORIGIN).toBe('https://shop.example');
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '9000' }).PUBLIC_ORIGIN).toBe('http://localhost:9000');
    expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/^Invalid PUBLIC_URL/);
  });
});
