/**
 * Build engine releases (spec section 3 "Other"): every merchant reads them; a SOVEREIGN
 * publishes one, which notifies every merchant with type release.
 */
import { ROLE } from '@contract/constants';
import { RELEASE_PATHS } from '@contract/releases/paths';
import { createEngineReleaseSchema, engineReleaseSchema, publishedReleaseSchema, releasesQuery } from '@contract/releases/schemas';
import { envelopeOf } from '@contract/response';
import { z } from 'zod';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { listReleases, publishRelease } from './service';

export const releasesModule: ModulePlugin = async (app, { db, guards, notifications }) => {
  const tags = ['releases'];

  app.get(
    RELEASE_PATHS.engineReleases,
    { onRequest: guards.requireUser, schema: { tags, querystring: releasesQuery, response: { 200: envelopeOf(z.array(engineReleaseSchema)) } } },
    async (request) => ok(await listReleases(db, request.query.appType)),
  );

  app.post(
    RELEASE_PATHS.engineReleases,
    {
      onRequest: guards.requireRole(ROLE.SOVEREIGN),
      schema: { tags, body: createEngineReleaseSchema, response: { 200: envelopeOf(publishedReleaseSchema) } },
    },
    async (request) => ok(await publishRelease(db, notifications, signedInUser(request).id, request.body), 'Release published'),
  );
};
