/** The referrals module through HTTP on a fresh database: referral codes, rewards and invites. */
import { afterAll, describe, expect, it } from 'vitest';
import { REFERRAL_REWARD_MINOR_UNITS } from '@contract/referrals/paths';
import type { Referral, ReferralSummary } from '@contract/referrals/schemas';
import { LIMITS } from '../../server/src/auth/limits';
import { BASE, bearer, freshAddress, uniqueEmail, useApp } from './kit';
import { databaseKinds, removeTempDirs, startApp } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

describe.each(kinds)('referrals on %s', (kind) => {
  const kit = useApp(kind);
  /** A registered and verified account (only those may invite). */
  async function verified() {
    const account = await kit.register();
    await kit.verify(account.user.email);
    return account;
  }

  it('registration with a code refers; verification rewards the referrer once, even with reward-referrer called too', async () => {
    const referrer = await kit.register();
    const { user, token } = await kit.register({ referredByCode: referrer.user.referralCode });

    const early = await kit.call('POST', `/v1/users/${user.id}/reward-referrer`, token);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'The referred account has not verified its email yet.' });

    const verifyToken = kit.tokenFrom(user.email, '/email/verify');
    const [verifiedResponse, ...rewards] = await Promise.all([
      kit.call('POST', '/v1/emails/verify', null, { token: verifyToken }),
      kit.call('POST', `/v1/users/${user.id}/reward-referrer`, token),
      kit.call('POST', `/v1/users/${user.id}/reward-referrer`, token),
    ]);
    expect(verifiedResponse?.statusCode).toBe(200);
    for (const response of rewards) expect([200, 409]).toContain(response.statusCode);
    const after = await kit.call('POST', `/v1/users/${user.id}/reward-referrer`, token);
    expect(after.statusCode).toBe(200);
    const referral = after.json<{ data: Referral }>().data;
    expect(referral).toMatchObject({
      referrerUserId: referrer.user.id,
      referredUserId: user.id,
      referredFirstName: 'Ada',
      rewardAmount: REFERRAL_REWARD_MINOR_UNITS,
    });
    expect(referral.rewardedAt).not.toBeNull();
    expect(await kit.creditValue(referrer.user.id)).toBe(500);

    const summary = await kit.call('GET', '/v1/referrals', referrer.token);
    expect(summary.json<{ data: ReferralSummary }>().data).toEqual({ referralCode: referrer.user.referralCode, referrals: [referral], earned: 500 });
  });

  it('reward-referrer answers null without a referral, and 403 for another user', async () => {
    const { user, token } = await kit.register();
    expect((await kit.call('POST', `/v1/users/${user.id}/reward-referrer`, token)).json()).toEqual({ message: 'OK', data: null });
    const other = await kit.register();
    expect((await kit.call('POST', `/v1/users/${user.id}/reward-referrer`, other.token)).statusCode).toBe(403);
  });

  it('registration ignores unknown codes; POST /v1/referrals refuses unknown, own and second codes', async () => {
    const { token, user } = await kit.register({ referredByCode: 'NOPE1234' });
    const referrer = await kit.register();
    const unknown = await kit.call('POST', '/v1/referrals', token, { referredByCode: 'NOPE1234' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Unknown referral code' });
    const self = await kit.call('POST', '/v1/referrals', token, { referredByCode: user.referralCode });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot refer yourself' });
    const created = await kit.call('POST', '/v1/referrals', token, { referredByCode: referrer.user.referralCode });
    expect(created.statusCode).toBe(200);
    expect(created.json<{ data: Referral }>().data).toMatchObject({
      referrerUserId: referrer.user.id,
      referredUserId: user.id,
      rewardedAt: null,
      rewardAmount: 0,
    });
    const twice = await kit.call('POST', '/v1/referrals', token, { referredByCode: referrer.user.referralCode });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'You have already been referred' });
  });

  it('sends an invite with the referral link; the subject names nobody', async () => {
    const { user, token } = await verified();
    const invitee = uniqueEmail('friend');
    const sent = await kit.call('POST', '/v1/referrals/send-invite', token, { email: invitee, firstName: 'Bob' });
    expect(sent.json()).toEqual({ message: 'Invitation sent', data: null });
    const [mail] = kit.mails(invitee);
    expect(mail?.subject).toBe('You are invited to ShopApp Studio');
    expect(mail?.text).toContain('Ada uses ShopApp Studio');
    expect(mail?.links).toContain(`${BASE}/?ref=${user.referralCode}`);
  });

  it('an unverified account cannot send invites', async () => {
    const { token } = await kit.register();
    const refused = await kit.call('POST', '/v1/referrals/send-invite', token, { email: uniqueEmail('friend') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Please verify your email before inviting others.' });
  });

  it(`limits invites per account (${LIMITS.invitesPerUser.limit} an hour) and per address (${LIMITS.invitesPerAddress.limit} an hour)`, async () => {
    const { token } = await verified();
    const send = (as: string, address: string) =>
      kit.app.inject({
        method: 'POST',
        url: '/v1/referrals/send-invite',
        headers: bearer(as),
        remoteAddress: address,
        payload: { email: uniqueEmail('friend') },
      });
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.invitesPerUser.limit; i += 1) statuses.push((await send(token, freshAddress())).statusCode);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const address = freshAddress();
    const inviters = await Promise.all(Array.from({ length: 4 }, () => verified()));
    const fromOneAddress: number[] = [];
    for (const inviter of inviters)
      for (let i = 0; i < LIMITS.invitesPerUser.limit; i += 1) fromOneAddress.push((await send(inviter.token, address)).statusCode);
    expect(fromOneAddress.filter((status) => status === 200)).toHaveLength(LIMITS.invitesPerAddress.limit);
    const limited = await send(inviters[0]?.token ?? '', address);
    expect(limited.json<{ message: string }>().message).toMatch(/^Too many invitations sent\. Please try again in \d+ minutes?\.$/);
  });

  it('an invite answers 503 when e-mail cannot be sent', async () => {
    const failing = await startApp(kit.database, { config: kit.config, mailer: { send: () => Promise.reject(new Error('SMTP down')) } });
    try {
      const { token } = await verified();
      const invite = await failing.inject({ method: 'POST', url: '/v1/referrals/send-invite', headers: bearer(token), payload: { email: uniqueEmail() } });
      expect(invite.statusCode).toBe(503);
      expect(invite.json()).toEqual({ message: 'The email could not be sent. Please try again later.' });
    } finally {
      await failing.close();
    }
  });
});
