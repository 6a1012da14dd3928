/** HTTP shape of the e-mail calls (spec section 7): send and verify. */
import { EMAIL_PATHS } from '@contract/auth/paths';
import { sendEmailSchema, verifyEmailSchema } from '@contract/auth/schemas';
import { envelopeOf, noData } from '@contract/response';
import { userSchema } from '@contract/users/schemas';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { EMAIL_MESSAGES } from './messages';
import { sendAccountEmail, verifyEmail, type EmailDeps } from './email-service';

export const emailsModule: ModulePlugin = async (app, deps) => {
  const { guards } = deps;
  const emails: EmailDeps = { ...deps, log: app.log };
  const tags = ['emails'];

  app.post(
    EMAIL_PATHS.send,
    { onRequest: guards.requireUser, schema: { tags, body: sendEmailSchema, response: { 200: envelopeOf(noData) } } },
    async (request) => {
      await sendAccountEmail(emails, signedInUser(request), request.body, request.ip);
      return ok(null, EMAIL_MESSAGES.emailSent);
    },
  );

  app.post(
    EMAIL_PATHS.verify,
    { onRequest: guards.requireClient, schema: { tags, body: verifyEmailSchema, response: { 200: envelopeOf(userSchema) } } },
    async (request) => ok(await verifyEmail(emails, request.body.token), EMAIL_MESSAGES.emailVerified),
  );
};
