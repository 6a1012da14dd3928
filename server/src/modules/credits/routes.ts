/** Credit (spec section 7: POST /v1/credits, with no body). */
import { CREDIT_PATHS } from '@contract/credits/paths';
import { creditSchema } from '@contract/credits/schemas';
import { envelopeOf } from '@contract/response';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ignoreBodies } from '../../http/bodyless';
import { ok } from '../../http/envelope';
import { creditOf } from './service';

export const creditsModule: ModulePlugin = async (app, { db, guards }) => {
  // The portal posts with no body: whatever arrives is ignored.
  ignoreBodies(app);
  app.post(
    CREDIT_PATHS.credit,
    { onRequest: guards.requireUser, schema: { tags: ['credits'], response: { 200: envelopeOf(creditSchema) } } },
    async (request) => ok(await creditOf(db, signedInUser(request).id)),
  );
};
