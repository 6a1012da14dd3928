/** HTTP shape of the user calls (spec section 7): me, update, profile picture, find. */
import { envelopeOf } from '@contract/response';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES, USER_PATHS } from '@contract/users/paths';
import { findUserSchema, publicUserSchema, updateUserSchema, userSchema } from '@contract/users/schemas';
import type { FastifyError } from 'fastify';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { errorReply } from '../../http/errors';
import { HttpError } from '../../http/http-error';
import { userIdParams } from '../../http/params';
import type { ZodTypeProvider } from '../../http/validation';
import { USER_MESSAGES } from './messages';
import { findUser, setProfilePicture, updateUser } from './service';

/** What the picture route's own parser and size limit raise, reworded for the person uploading. */
const PICTURE_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: USER_MESSAGES.pictureTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: USER_MESSAGES.pictureType },
};

export const usersModule: ModulePlugin = async (app, { db, guards, storage }) => {
  const tags = ['users'];
  const userAnswer = { 200: envelopeOf(userSchema) };

  app.get(USER_PATHS.me, { onRequest: guards.requireUser, schema: { tags, response: userAnswer } }, async (request) => ok(signedInUser(request)));

  app.put(
    USER_PATHS.update,
    { onRequest: guards.requireUser, schema: { tags, params: userIdParams, body: updateUserSchema, response: userAnswer } },
    async (request) => ok(await updateUser(db, signedInUser(request), request.params.userId, request.body)),
  );

  app.post(
    USER_PATHS.find,
    { onRequest: guards.requireUser, schema: { tags, body: findUserSchema, response: { 200: envelopeOf(publicUserSchema) } } },
    async (request) => ok(await findUser(db, request.body.email)),
  );

  // Its own scope: the image parser, size limit and error wording apply to this route only.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser([...PROFILE_PICTURE_TYPES], { parseAs: 'buffer', bodyLimit: PROFILE_PICTURE_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler<FastifyError>((error, request, reply) => {
      const known = 'code' in error && typeof error.code === 'string' ? PICTURE_ERRORS[error.code] : undefined;
      return known ? reply.code(known.status).send({ message: known.message }) : errorReply(error, request, reply);
    });
    scope.put(
      USER_PATHS.profilePicture,
      {
        onRequest: guards.requireUser,
        schema: {
          tags,
          description: `The image bytes as the body: Content-Type ${PROFILE_PICTURE_TYPES.join(', ')}, at most 2 MB.`,
          params: userIdParams,
          response: userAnswer,
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new HttpError(415, USER_MESSAGES.pictureType);
        const type = (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
        return ok(await setProfilePicture(db, storage, signedInUser(request), request.params.userId, type, request.body));
      },
    );
  });
};
