/** Referrals (spec section 7): create, summary, invite by e-mail, and the referrer's reward. */
import { REFERRAL_PATHS } from '@contract/referrals/paths';
import { createReferralSchema, referralInviteSchema, referralSchema, referralSummarySchema } from '@contract/referrals/schemas';
import { envelopeOf, noData } from '@contract/response';
import { requireSelfOrSovereign, signedInUser } from '../../auth/guards';
import { findUserRow } from '../../auth/users';
import type { ModulePlugin } from '../../deps';
import { ignoreBodies } from '../../http/bodyless';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import { userIdParams } from '../../http/params';
import type { ZodTypeProvider } from '../../http/validation';
import { REFERRAL_MESSAGES } from './messages';
import { createReferral, referralSummary, rewardReferrer, sendReferralInvite } from './service';

export const referralsModule: ModulePlugin = async (app, deps) => {
  const { db, guards } = deps;
  const tags = ['referrals'];

  app.post(
    REFERRAL_PATHS.referrals,
    { onRequest: guards.requireUser, schema: { tags, body: createReferralSchema, response: { 200: envelopeOf(referralSchema.nullable()) } } },
    async (request) => ok(await createReferral(db, signedInUser(request).id, request.body.referredByCode)),
  );

  app.get(
    REFERRAL_PATHS.referrals,
    { onRequest: guards.requireUser, schema: { tags, response: { 200: envelopeOf(referralSummarySchema) } } },
    async (request) => {
      const user = signedInUser(request);
      return ok(await referralSummary(db, user.id, user.referralCode));
    },
  );

  app.post(
    REFERRAL_PATHS.sendInvite,
    { onRequest: guards.requireUser, schema: { tags, body: referralInviteSchema, response: { 200: envelopeOf(noData) } } },
    async (request) => {
      await sendReferralInvite({ ...deps, log: request.log }, signedInUser(request), request.body, request.ip);
      return ok(null, REFERRAL_MESSAGES.inviteSent);
    },
  );

  await app.register(async (plain) => {
    ignoreBodies(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post(
      REFERRAL_PATHS.rewardReferrer,
      { onRequest: guards.requireUser, schema: { tags, params: userIdParams, response: { 200: envelopeOf(referralSchema.nullable()) } } },
      async (request) => {
        requireSelfOrSovereign(signedInUser(request), request.params.userId);
        if (!(await findUserRow(db, request.params.userId))) throw new HttpError(404, REFERRAL_MESSAGES.userNotFound);
        return ok(await rewardReferrer(db, request.params.userId));
      },
    );
  });
};
