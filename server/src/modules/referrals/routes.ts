/** Referrals (spec section 7): create, summary, invite by e-mail, and the referrer's reward. */
import { createReferralSchema, referralInviteSchema } from '@contract/accounts';
import type { AppDeps, AppInstance } from '../../app';
import { signedInUser } from '../../auth/guards';
import { findUserRow } from '../../auth/users';
import { ok } from '../../http/envelope';
import { ignoreBodies } from '../../http/bodyless';
import { HttpError } from '../../http/http-error';
import { publicBase } from '../../http/public-url';
import type { ZodTypeProvider } from '../../http/validation';
import { referralInviteEmail } from '../../mail/templates';
import { userIdParams } from '../accounts/routes';
import { ACCOUNT_MESSAGES } from '../accounts/messages';
import { requireSelfOrSovereign, send, tooManyRequests, type AccountLimiters } from '../accounts/service';
import { createReferral, referralSummary, rewardReferrer } from './service';

export function referralRoutes(app: AppInstance, { config, db, guards, mailer }: AppDeps, limiters: Pick<AccountLimiters, 'invitesPerUser'>): void {
  app.post('/v1/referrals', { preHandler: guards.requireUser, schema: { body: createReferralSchema } }, async (request) =>
    ok(await createReferral(db, signedInUser(request).id, request.body.referredByCode)),
  );

  app.get('/v1/referrals', { preHandler: guards.requireUser }, async (request) => {
    const user = signedInUser(request);
    return ok(await referralSummary(db, user.id, user.referralCode));
  });

  app.post('/v1/referrals/send-invite', { preHandler: guards.requireUser, schema: { body: referralInviteSchema } }, async (request) => {
    const user = signedInUser(request);
    const blocked = await limiters.invitesPerUser.take(String(user.id));
    if (blocked !== null) throw tooManyRequests(ACCOUNT_MESSAGES.tooManyInvites(blocked), blocked);
    const link = `${publicBase(config, request)}/?ref=${encodeURIComponent(user.referralCode)}`;
    await send({ mailer, log: request.log }, request.body.email, referralInviteEmail({ inviterFirstName: user.firstName, firstName: request.body.firstName, link }));
    return ok(null, ACCOUNT_MESSAGES.inviteSent);
  });

  void app.register(async (plain) => {
    ignoreBodies(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post('/v1/users/:userId/reward-referrer', { preHandler: guards.requireUser, schema: { params: userIdParams } }, async (request) => {
      requireSelfOrSovereign(signedInUser(request), request.params.userId);
      if (!(await findUserRow(db, request.params.userId))) throw new HttpError(404, ACCOUNT_MESSAGES.userNotFound);
      return ok(await rewardReferrer(db, request.params.userId));
    });
  });
}
