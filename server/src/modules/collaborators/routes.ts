/**
 * Collaborators (spec section 7 "Collaborators", issue 14): every call under
 * /v1/shops/{alias}/design/collaborators, the user's shop collaborations, the invite history and
 * the shop's access. Rights: shop-access/access.ts. Sharing, versions and presence: modules/design.
 */
import { z } from 'zod';
import type { ZodTypeProvider } from '../../http/validation';
import { COLLAB_EVENTS, COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import {
  acceptDeclineAnswerSchema,
  acceptDeclineSchema,
  accessRightsUpdateSchema,
  collaboratorSchema,
  deletedInvitesSchema,
  inviteCheckSchema,
  inviteListSchema,
  inviteRequestSchema,
  inviteSchema,
  inviteUpdateSchema,
  shopAccessSchema,
  shopCollaborationSchema,
  type AccessRights,
  COLLABORATOR_MESSAGES,
} from '@contract/collaborators/schemas';
import { envelopeOf } from '@contract/response';
import type { User } from '@contract/users/schemas';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ignoreBodies } from '../../http/bodyless';
import { ok } from '../../http/envelope';
import { aliasParam as alias, aliasParams, idParam, userIdParams } from '../../http/params';
import { broadcastPresence, leaveDesignRooms, leavePresence } from '../design/index';
import { answerInvite, verifyInvite } from './invite-answers';
import { createInvites, deleteInviteHistory, listInvites, resendInvites, updateInvite } from './invites';
import { accessOf, getCollaborator, listCollaborators, removeCollaborator, shopCollaborations, updateAccessRights } from './people';

const collaboratorParams = z.object({ alias, collaboratorId: idParam('collaboratorId') });
const inviteParams = z.object({ alias, inviteId: idParam('inviteId') });

export const collaboratorsModule: ModulePlugin = async (app, { config, db, guards, mailer, notifications, firebase }) => {
  const tags = ['collaborators'];
  const requireUser = guards.requireUser;
  const deps = { db, config, mailer, notifications, log: app.log };
  const { realtime } = app;

  /** Tells every socket of `userId` its rights on `shopAlias` changed (null: removed), and drops a removed one from the design's rooms. */
  async function accessChanged(shopAlias: string, userId: number, rights: AccessRights | null): Promise<void> {
    await firebase.shopChanged(shopAlias);
    const sockets = await realtime.io.fetchSockets();
    for (const socket of sockets) {
      if ((socket.data as { user?: User | null }).user?.id !== userId) continue;
      socket.emit(COLLAB_EVENTS.access, { alias: shopAlias, rights });
      if (rights !== null) continue;
      // A removed collaborator leaves the design at once, even while the public link would let anyone read it.
      leavePresence(socket, shopAlias);
      leaveDesignRooms(socket, shopAlias, COLLABORATOR_MESSAGES.removed);
    }
    if (rights === null) await broadcastPresence(realtime, shopAlias);
  }

  // A call without a body, in its own scope: whatever body arrives is read and ignored.
  await app.register(async (plain) => {
    ignoreBodies(plain);
    const bodyless = plain.withTypeProvider<ZodTypeProvider>();
    bodyless.delete(
      COLLABORATOR_PATHS.invitesHistory,
      { onRequest: requireUser, schema: { tags, response: { 200: envelopeOf(deletedInvitesSchema) } } },
      async (request) => ok(await deleteInviteHistory(db, signedInUser(request).id)),
    );
  });

  app.get(
    COLLABORATOR_PATHS.shopCollaborations,
    { onRequest: requireUser, schema: { tags, params: userIdParams, response: { 200: envelopeOf(z.array(shopCollaborationSchema)) } } },
    async (request) => ok(await shopCollaborations(db, signedInUser(request), request.params.userId)),
  );

  app.get(
    COLLABORATOR_PATHS.access,
    { onRequest: requireUser, schema: { tags, params: aliasParams, response: { 200: envelopeOf(shopAccessSchema) } } },
    async (request) => ok(await accessOf(db, signedInUser(request), request.params.alias)),
  );

  app.get(
    COLLABORATOR_PATHS.list,
    { onRequest: requireUser, schema: { tags, params: aliasParams, response: { 200: envelopeOf(z.array(collaboratorSchema)) } } },
    async (request) => ok(await listCollaborators(db, signedInUser(request), request.params.alias)),
  );

  app.get(
    COLLABORATOR_PATHS.one,
    { onRequest: requireUser, schema: { tags, params: collaboratorParams, response: { 200: envelopeOf(collaboratorSchema) } } },
    async (request) => ok(await getCollaborator(db, signedInUser(request), request.params.alias, request.params.collaboratorId)),
  );

  app.delete(
    COLLABORATOR_PATHS.one,
    { onRequest: requireUser, schema: { tags, params: collaboratorParams, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      const { userId } = await removeCollaborator(db, signedInUser(request), request.params.alias, request.params.collaboratorId);
      await accessChanged(request.params.alias, userId, null);
      return ok(null, 'Collaborator removed');
    },
  );

  app.put(
    COLLABORATOR_PATHS.accessRights,
    { onRequest: requireUser, schema: { tags, params: collaboratorParams, body: accessRightsUpdateSchema, response: { 200: envelopeOf(collaboratorSchema) } } },
    async (request) => {
      const collaborator = await updateAccessRights(db, signedInUser(request), request.params.alias, request.params.collaboratorId, request.body.accessRights);
      await accessChanged(request.params.alias, collaborator.user.id, collaborator.accessRights);
      return ok(collaborator);
    },
  );

  app.get(
    COLLABORATOR_PATHS.invites,
    { onRequest: requireUser, schema: { tags, params: aliasParams, response: { 200: envelopeOf(inviteListSchema) } } },
    async (request) => ok(await listInvites(db, signedInUser(request), request.params.alias)),
  );

  app.post(
    COLLABORATOR_PATHS.invites,
    {
      onRequest: requireUser,
      schema: {
        tags,
        description:
          'With {collaborators: [{email, accessRights?}]}: invites each address. Without a body: resends every open (or expired) invite with a new link.',
        params: aliasParams,
        body: inviteRequestSchema.optional(),
        response: { 200: envelopeOf(inviteListSchema) },
      },
    },
    async (request) => {
      const actor = signedInUser(request);
      if (!request.body) return ok(await resendInvites(deps, actor, request.params.alias), 'Invites sent again');
      return ok(await createInvites(deps, actor, request.params.alias, request.body.collaborators), 'Invites sent');
    },
  );

  app.put(
    COLLABORATOR_PATHS.invites,
    { onRequest: requireUser, schema: { tags, params: aliasParams, body: inviteUpdateSchema, response: { 200: envelopeOf(inviteSchema) } } },
    async (request) => ok(await updateInvite(deps, signedInUser(request), request.params.alias, request.body)),
  );

  app.post(
    COLLABORATOR_PATHS.verifyInvite,
    {
      onRequest: guards.requireClient,
      schema: {
        tags,
        params: inviteParams,
        body: z.object({ token: z.string().min(1).max(200), email: z.string().max(254).optional() }),
        response: { 200: envelopeOf(inviteCheckSchema) },
      },
    },
    async (request) => ok(await verifyInvite(db, request.user, request.params.alias, request.params.inviteId, request.body.token, request.body.email)),
  );

  app.put(
    COLLABORATOR_PATHS.acceptDecline,
    { onRequest: requireUser, schema: { tags, params: aliasParams, body: acceptDeclineSchema, response: { 200: envelopeOf(acceptDeclineAnswerSchema) } } },
    async (request) => {
      const answer = await answerInvite(deps, signedInUser(request), request.params.alias, request.body.token, request.body.status);
      if (answer.status === 'accepted') await firebase.shopChanged(request.params.alias);
      return ok(answer, answer.status === 'accepted' ? 'You now collaborate on this shop' : 'Invite declined');
    },
  );
};
