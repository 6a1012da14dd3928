/** HTTP shape of authentication (spec section 7): register, login, verify-token, forgot and reset password. */
import { AUTH_PATHS } from '@contract/auth/paths';
import {
  authResultSchema,
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
  resetPasswordSchema,
  verifyTokenResultSchema,
  verifyTokenSchema,
} from '@contract/auth/schemas';
import { envelopeOf, noData } from '@contract/response';
import { AUTH_MESSAGES, loadSessionUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import { AUTH_MODULE_MESSAGES as MESSAGES } from './messages';
import { forgotPassword, login, register, resetPassword, type AuthDeps } from './service';

export const authModule: ModulePlugin = async (app, deps) => {
  const { guards } = deps;
  const auth: AuthDeps = { ...deps, log: app.log };
  const tags = ['auth'];

  app.post(
    AUTH_PATHS.register,
    { onRequest: guards.requireClient, schema: { tags, body: registrationSchema, response: { 200: envelopeOf(authResultSchema) } } },
    async (request) => ok(await register(auth, request.body, request.ip), MESSAGES.success),
  );

  app.post(
    AUTH_PATHS.login,
    { onRequest: guards.requireClient, schema: { tags, body: loginSchema, response: { 200: envelopeOf(authResultSchema) } } },
    async (request) => ok(await login(auth, request.body, request.ip)),
  );

  app.post(
    AUTH_PATHS.verifyToken,
    { onRequest: guards.requireClient, schema: { tags, body: verifyTokenSchema, response: { 200: envelopeOf(verifyTokenResultSchema) } } },
    async (request) => {
      const user = await loadSessionUser(deps, request.body.token);
      if (!user) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
      return ok({ valid: true as const, user });
    },
  );

  app.post(
    AUTH_PATHS.forgotPassword,
    { onRequest: guards.requireClient, schema: { tags, body: forgotPasswordSchema, response: { 200: envelopeOf(noData) } } },
    async (request) => {
      await forgotPassword(auth, request.body.email, request.ip);
      return ok(null, MESSAGES.resetLinkSent);
    },
  );

  app.post(
    AUTH_PATHS.resetPassword,
    { onRequest: guards.requireClient, schema: { tags, body: resetPasswordSchema, response: { 200: envelopeOf(noData) } } },
    async (request) => {
      await resetPassword(auth, request.body);
      return ok(null, MESSAGES.passwordReset);
    },
  );
};
