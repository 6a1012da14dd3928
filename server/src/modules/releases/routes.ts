/**
 * Build engine releases (spec section 3 "Other"): every merchant reads them; a SOVEREIGN
 * publishes one, which notifies every merchant with type release.
 */
import { ROLE } from '@contract/constants';
import { NOTIFICATION_PATHS } from '@contract/notifications/paths';
import { createEngineReleaseSchema, engineReleaseSchema, publishedReleaseSchema } from '@contract/notifications/schemas';
import { envelopeOf } from '@contract/response';
import { releasesQuery } from '@contract/templates/schemas';
import { z } from 'zod';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { listReleases, publishRelease } from './service';

export const releasesModule: ModulePlugin = async (app, { db, guards, notifications }) => {
  const tags = ['releases'];

  app.get(
    NOTIFICATION_PATHS.engineReleases,
    { onRequest: guards.requireUser, schema: { tags, querystring: releasesQuery, response: { 200: envelopeOf(z.array(engineReleaseSchema)) } } },
    async (request) => ok(await listReleases(db, request.query.appType)),
  );

  app.post(
    NOTIFICATION_PATHS.engineReleases,
    {
      onRequest: guards.requireRole(ROLE.SOVEREIGN),
      schema: { tags, body: createEngineReleaseSchema, response: { 200: envelopeOf(publishedReleaseSchema) } },
    },
    async (request) => ok(await publishRelease(db, notifications, signedInUser(request).id, request.body), 'Release published'),
  );
};
