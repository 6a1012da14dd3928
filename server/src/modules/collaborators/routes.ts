/**
 * Collaborators (spec section 7 "Collaborators", issue 14): every call under
 * /v1/shops/{alias}/design/collaborators, the user's shop collaborations, the invite history, the
 * shop's access and sharing settings, design versions, the public page's data and picture, and
 * the presence of who is in a design (socket.io). Rights: modules/shops/access.ts.
 */
import { z } from 'zod';
import type { ZodTypeProvider } from '../../http/validation';
import type { Socket } from 'socket.io';
import { COLLAB_EVENTS, COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import { presenceRoom, type PresenceMember, PRESENCE_EVENTS } from '@contract/design/presence';
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
import { DESIGN_PATHS } from '@contract/design/paths';
import { designVersionSchema, duplicateVersionSchema, mergePlanSchema, mergeRequestSchema, mergeResultSchema, versionHistoryEntrySchema } from '@contract/design/versions';
import { publicShopSchema, sharingSchema, sharingUpdateSchema } from '@contract/design/sharing';
import { envelopeOf } from '@contract/response';
import { ALIAS_PATTERN } from '@contract/shops/alias';
import type { User } from '@contract/users/schemas';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ignoreBodies } from '../../http/bodyless';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import { idParam, userIdParams } from '../../http/params';
import { checkShopAccess } from '../shops/access';
import { renderOgImage } from './og-image';
import {
  accessOf,
  answerInvite,
  createInvites,
  deleteInviteHistory,
  getCollaborator,
  listCollaborators,
  listInvites,
  removeCollaborator,
  resendInvites,
  shopCollaborations,
  updateAccessRights,
  updateInvite,
  verifyInvite,
} from './service';
import { publishDesign } from '../design/publish';
import { dropUnreadableReaders, leaveDesignRooms } from '../design/readers';
import { HISTORY_LIMIT, mergePlan, mergeVersion, versionHistory } from './branches';
import { duplicateVersion, getSharing, listVersions, makeDefaultVersion, publicShop, rotatePreviewKey, setSharing } from './sharing';
import path from 'node:path';

const alias = z.string().max(64).refine((value) => ALIAS_PATTERN.test(value), { error: 'Path parameter alias is not a shop alias' });
const aliasParams = z.object({ alias });
const collaboratorParams = z.object({ alias, collaboratorId: idParam('collaboratorId') });
const inviteParams = z.object({ alias, inviteId: idParam('inviteId') });
const versionParams = z.object({ alias, version: z.coerce.number().int().min(0).max(9_999_999) });

const PRESENCE_COLOURS = ['#D32F2F', '#7B1FA2', '#1976D2', '#00796B', '#F57C00', '#5D4037', '#C2185B', '#303F9F'];
const initialsOf = (user: User) => `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?';

export const collaboratorsModule: ModulePlugin = async (app, { config, db, guards, mailer, notifications, firebase }) => {
  const tags = ['collaborators'];
  const requireUser = guards.requireUser;
  const deps = { db, config, mailer, notifications, log: app.log };
  const { realtime } = app;
  const uploads = path.join(config.DATA_DIR, 'uploads');

  /** Tells every socket of `userId` its rights on `shopAlias` changed (null: removed), and drops a removed one from the design's rooms. */
  async function accessChanged(shopAlias: string, userId: number, rights: AccessRights | null): Promise<void> {
    await firebase.shopChanged(shopAlias);
    const sockets = await realtime.io.fetchSockets();
    for (const socket of sockets) {
      if ((socket.data as { user?: User | null }).user?.id !== userId) continue;
      socket.emit(COLLAB_EVENTS.access, { alias: shopAlias, rights });
      if (rights !== null) continue;
      // A removed collaborator leaves the design at once, even while the public link would let anyone read it.
      if (socket.rooms.has(presenceRoom(shopAlias))) socket.leave(presenceRoom(shopAlias));
      leaveDesignRooms(socket, shopAlias, COLLABORATOR_MESSAGES.removed);
      const presence = (socket.data as { presence?: Record<string, string> }).presence;
      if (presence) delete presence[shopAlias];
    }
    if (rights === null) await broadcastPresence(shopAlias);
  }

  async function broadcastPresence(shopAlias: string): Promise<void> {
    const sockets = await realtime.io.in(presenceRoom(shopAlias)).fetchSockets();
    const members = new Map<number, PresenceMember>();
    for (const socket of sockets) {
      const data = socket.data as { user?: User | null; presence?: Record<string, string> };
      const section = data.presence?.[shopAlias];
      if (!data.user || section === undefined) continue;
      members.set(data.user.id, {
        userId: data.user.id,
        name: `${data.user.firstName} ${data.user.lastName}`.trim(),
        initials: initialsOf(data.user),
        picture: data.user.profilePix ?? '',
        section,
        colour: PRESENCE_COLOURS[data.user.id % PRESENCE_COLOURS.length] ?? '#1976D2',
      });
    }
    realtime.emitToRoom(presenceRoom(shopAlias), PRESENCE_EVENTS.update, { alias: shopAlias, members: [...members.values()] });
  }

  // Presence: who is in a design, in which section (needs the read right on the shop).
  realtime.io.on('connection', (socket: Socket) => {
    const data = socket.data as { user?: User | null; presence?: Record<string, string> };
    socket.on(PRESENCE_EVENTS.join, async (payload: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : () => {};
      const body = (payload ?? {}) as { alias?: unknown; section?: unknown };
      const shopAlias = typeof body.alias === 'string' ? body.alias : '';
      const section = typeof body.section === 'string' ? body.section.slice(0, 40) : '';
      if (!data.user) return reply({ ok: false, message: 'Sign in to join this design' });
      if (!ALIAS_PATTERN.test(shopAlias)) return reply({ ok: false, message: 'Unknown shop' });
      try {
        await checkShopAccess(db, data.user, shopAlias, 'read');
      } catch (error) {
        // `status` 403/404: the caller has no access (any more); the editor leaves on it.
        return reply(error instanceof HttpError ? { ok: false, message: error.message, status: error.statusCode } : { ok: false, message: 'Internal server error', status: 500 });
      }
      data.presence = { ...data.presence, [shopAlias]: section };
      await socket.join(presenceRoom(shopAlias));
      reply({ ok: true });
      await broadcastPresence(shopAlias);
    });
    socket.on(PRESENCE_EVENTS.leave, async (payload: unknown) => {
      const shopAlias = typeof (payload as { alias?: unknown } | null)?.alias === 'string' ? String((payload as { alias: string }).alias) : '';
      if (!data.presence || !(shopAlias in data.presence)) return;
      delete data.presence[shopAlias];
      await socket.leave(presenceRoom(shopAlias));
      await broadcastPresence(shopAlias);
    });
    socket.on('disconnect', () => {
      for (const shopAlias of Object.keys(data.presence ?? {})) void broadcastPresence(shopAlias).catch(() => undefined);
    });
  });

  // A call without a body, in its own scope: whatever body arrives is read and ignored.
  await app.register(async (plain) => {
    ignoreBodies(plain);
    const bodyless = plain.withTypeProvider<ZodTypeProvider>();
    bodyless.delete(
      COLLABORATOR_PATHS.invitesHistory,
      { onRequest: requireUser, schema: { tags, response: { 200: envelopeOf(deletedInvitesSchema) } } },
      async (request) => ok(await deleteInviteHistory(db, signedInUser(request).id)),
    );
    bodyless.post(
      DESIGN_PATHS.previewKey,
      { onRequest: requireUser, schema: { tags, params: aliasParams, description: 'A new preview key (owner or manager); phones holding the old one lose the design.', response: { 200: envelopeOf(sharingSchema) } } },
      async (request) => {
        const sharing = await rotatePreviewKey(db, signedInUser(request), request.params.alias);
        await dropUnreadableReaders(realtime, db, request.params.alias);
        return ok(sharing, 'New preview key');
      },
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
        description: 'With {collaborators: [{email, accessRights?}]}: invites each address. Without a body: resends every open (or expired) invite with a new link.',
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
    { onRequest: guards.requireClient, schema: { tags, params: inviteParams, body: z.object({ token: z.string().min(1).max(200), email: z.string().max(254).optional() }), response: { 200: envelopeOf(inviteCheckSchema) } } },
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

  app.get(
    DESIGN_PATHS.sharing,
    { onRequest: requireUser, schema: { tags, params: aliasParams, response: { 200: envelopeOf(sharingSchema) } } },
    async (request) => ok(await getSharing(db, signedInUser(request), request.params.alias)),
  );

  app.put(
    DESIGN_PATHS.sharing,
    { onRequest: requireUser, schema: { tags, params: aliasParams, body: sharingUpdateSchema, response: { 200: envelopeOf(sharingSchema) } } },
    async (request) => {
      const sharing = await setSharing(db, signedInUser(request), request.params.alias, request.body);
      await firebase.shopChanged(request.params.alias);
      if (!sharing.publicLink) await dropUnreadableReaders(realtime, db, request.params.alias);
      return ok(sharing);
    },
  );

  app.get(
    DESIGN_PATHS.versions,
    { onRequest: requireUser, schema: { tags, params: aliasParams, response: { 200: envelopeOf(z.array(designVersionSchema)) } } },
    async (request) => ok(await listVersions(db, signedInUser(request), request.params.alias)),
  );

  app.post(
    DESIGN_PATHS.versions,
    { onRequest: requireUser, schema: { tags, params: aliasParams, body: duplicateVersionSchema, response: { 201: envelopeOf(designVersionSchema) } } },
    async (request, reply) => {
      const { version, snapshot } = await duplicateVersion(db, signedInUser(request), request.params.alias, request.body.from);
      await publishDesign({ realtime, firebase }, snapshot);
      return reply.code(201).send(ok(version, 'Version duplicated'));
    },
  );

  app.put(
    DESIGN_PATHS.defaultVersion,
    { onRequest: requireUser, schema: { tags, params: versionParams, response: { 200: envelopeOf(z.array(designVersionSchema)) } } },
    async (request) => {
      const actor = signedInUser(request);
      const changed = await makeDefaultVersion(db, actor, request.params.alias, request.params.version);
      for (const snapshot of changed) await publishDesign({ realtime, firebase }, snapshot);
      return ok(await listVersions(db, actor, request.params.alias), 'Default version changed');
    },
  );

  app.get(
    DESIGN_PATHS.mergeVersion,
    { onRequest: requireUser, schema: { tags, params: versionParams, response: { 200: envelopeOf(mergePlanSchema) } } },
    async (request) => ok(await mergePlan(db, signedInUser(request), request.params.alias, request.params.version)),
  );

  app.post(
    DESIGN_PATHS.mergeVersion,
    { onRequest: requireUser, schema: { tags, params: versionParams, body: mergeRequestSchema, response: { 200: envelopeOf(mergeResultSchema) } } },
    async (request) => {
      const { result, snapshot } = await mergeVersion(db, signedInUser(request), request.params.alias, request.params.version, request.body.resolutions);
      if (snapshot) await publishDesign({ realtime, firebase }, snapshot);
      return ok(result, `Version ${result.version} merged into version ${result.defaultVersion}`);
    },
  );

  app.get(
    DESIGN_PATHS.versionHistory,
    {
      onRequest: requireUser,
      schema: { tags, params: versionParams, querystring: z.object({ limit: z.coerce.number().int().min(1).max(HISTORY_LIMIT.max).default(HISTORY_LIMIT.default) }), response: { 200: envelopeOf(z.array(versionHistoryEntrySchema)) } },
    },
    async (request) => ok(await versionHistory(db, signedInUser(request), request.params.alias, request.params.version, request.query.limit)),
  );

  app.get(
    DESIGN_PATHS.publicShop,
    { onRequest: guards.requireClient, schema: { tags, params: aliasParams, response: { 200: envelopeOf(publicShopSchema) } } },
    async (request) => {
      const { shop: _shop, ...page } = await publicShop(db, request.params.alias);
      void _shop;
      return ok(page);
    },
  );

  // No credential: link unfurlers fetch it as they find it in the page's Open Graph tags.
  app.get(DESIGN_PATHS.publicImage, { schema: { tags, params: aliasParams, description: 'A 1200x630 PNG of the default design (Open Graph image).' } }, async (request, reply) => {
    const page = await publicShop(db, request.params.alias);
    const key = `${page.alias}/${page.version}/${JSON.stringify(page.config ?? {}).length}/${page.shop.updatedAt.getTime()}/${hashOf(page.config)}`;
    const png = await renderOgImage(uploads, key, { name: page.name, slogan: page.slogan, logo: page.logo, config: page.config });
    return reply.type('image/png').header('cache-control', 'public, max-age=300').send(png);
  });
};

function hashOf(value: unknown): string {
  let hash = 0;
  const text = JSON.stringify(value ?? null);
  for (let index = 0; index < text.length; index += 1) hash = (hash * 31 + text.charCodeAt(index)) | 0;
  return String(hash >>> 0);
}
