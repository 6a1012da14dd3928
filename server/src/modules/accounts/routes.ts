/** HTTP shape of the accounts feature (spec section 7, Authentication and user). */
import path from 'node:path';
import {
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  findUserSchema,
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
  resetPasswordSchema,
  sendEmailSchema,
  updateUserSchema,
  verifyEmailSchema,
  verifyTokenSchema,
} from '@contract/accounts';
import type { FastifyError } from 'fastify';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app';
import { AUTH_MESSAGES, loadSessionUser, signedInUser } from '../../auth/guards';
import { ok } from '../../http/envelope';
import { errorReply } from '../../http/errors';
import { HttpError } from '../../http/http-error';
import { publicBase } from '../../http/public-url';
import type { ZodTypeProvider } from '../../http/validation';
import { ACCOUNT_MESSAGES } from './messages';
import { setProfilePicture } from './profile-picture';
import {
  findUser,
  forgotPassword,
  login,
  register,
  resetPassword,
  sendAccountEmail,
  updateUser,
  verifyEmail,
  type AccountLimiters,
  type AccountsDeps,
} from './service';

export const userIdParams = z.object({ userId: z.coerce.number().int().positive() });

/** What the picture route's own parser and size limit raise, reworded for the person uploading. */
const PICTURE_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: ACCOUNT_MESSAGES.pictureTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: ACCOUNT_MESSAGES.pictureType },
};

export function accountRoutes(app: AppInstance, deps: AppDeps, limiters: AccountLimiters): void {
  const { config, db, guards } = deps;
  const accounts: AccountsDeps = { config, db, mailer: deps.mailer, socialVerifier: deps.socialVerifier, log: app.log };

  app.post('/v1/auth/register', { preHandler: guards.requireClient, schema: { body: registrationSchema } }, async (request) =>
    ok(await register(accounts, request.body, publicBase(config, request)), ACCOUNT_MESSAGES.success),
  );

  app.post('/v1/auth/login', { preHandler: guards.requireClient, schema: { body: loginSchema } }, async (request) =>
    ok(await login(accounts, limiters, request.body, request.ip)),
  );

  app.post('/v1/auth/verify-token', { preHandler: guards.requireClient, schema: { body: verifyTokenSchema } }, async (request) => {
    const user = await loadSessionUser(deps, request.body.token);
    if (!user) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
    return ok({ valid: true as const, user });
  });

  app.post('/v1/auth/forgot-password', { preHandler: guards.requireClient, schema: { body: forgotPasswordSchema } }, async (request) => {
    await forgotPassword(accounts, limiters, request.body.email, request.ip, publicBase(config, request));
    return ok(null, ACCOUNT_MESSAGES.resetLinkSent);
  });

  app.post('/v1/auth/reset-password', { preHandler: guards.requireClient, schema: { body: resetPasswordSchema } }, async (request) => {
    await resetPassword(accounts, request.body);
    return ok(null, ACCOUNT_MESSAGES.passwordReset);
  });

  app.get('/v1/user/me', { preHandler: guards.requireUser }, async (request) => ok(signedInUser(request)));

  app.put('/v1/user/:userId', { preHandler: guards.requireUser, schema: { params: userIdParams, body: updateUserSchema } }, async (request) =>
    ok(await updateUser(db, signedInUser(request), request.params.userId, request.body)),
  );

  // Its own scope: the image parser, size limit and error wording apply to this route only.
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser([...PROFILE_PICTURE_TYPES], { parseAs: 'buffer', bodyLimit: PROFILE_PICTURE_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler<FastifyError>((error, request, reply) => {
      const known = 'code' in error && typeof error.code === 'string' ? PICTURE_ERRORS[error.code] : undefined;
      return known ? reply.code(known.status).send({ message: known.message }) : errorReply(error, request, reply);
    });
    scope.put('/v1/user/:userId/profile-picture', { preHandler: guards.requireUser, schema: { params: userIdParams } }, async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, ACCOUNT_MESSAGES.pictureType);
      const type = (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
      const uploads = path.join(config.DATA_DIR, 'uploads');
      return ok(await setProfilePicture(db, uploads, signedInUser(request), request.params.userId, type, request.body));
    });
  });

  app.post('/v1/users/find', { preHandler: guards.requireUser, schema: { body: findUserSchema } }, async (request) =>
    ok(await findUser(db, request.body.email)),
  );

  app.post('/v1/emails/send', { preHandler: guards.requireUser, schema: { body: sendEmailSchema } }, async (request) => {
    await sendAccountEmail(accounts, limiters, signedInUser(request), request.body, publicBase(config, request));
    return ok(null, ACCOUNT_MESSAGES.emailSent);
  });

  app.post('/v1/emails/verify', { preHandler: guards.requireClient, schema: { body: verifyEmailSchema } }, async (request) =>
    ok(await verifyEmail(accounts, request.body.token, publicBase(config, request)), ACCOUNT_MESSAGES.emailVerified),
  );
}
