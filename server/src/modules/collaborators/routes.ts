/** Collaborators (spec section 7): so far the invite history the portal clears at every login. */
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import { deletedInvitesSchema } from '@contract/collaborators/schemas';
import { envelopeOf } from '@contract/response';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ignoreBodies } from '../../http/bodyless';
import { ok } from '../../http/envelope';
import { deleteInviteHistory } from './service';

export const collaboratorsModule: ModulePlugin = async (app, { db, guards }) => {
  ignoreBodies(app);
  app.delete(
    COLLABORATOR_PATHS.invitesHistory,
    { onRequest: guards.requireUser, schema: { tags: ['collaborators'], response: { 200: envelopeOf(deletedInvitesSchema) } } },
    async (request) => ok(await deleteInviteHistory(db, signedInUser(request).id)),
  );
};
