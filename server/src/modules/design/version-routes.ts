/** Design versions (branches) of a shop: list, duplicate, make default, merge into the default, and history. */
import { z } from 'zod';
import { DESIGN_PATHS } from '@contract/design/paths';
import {
  designVersionSchema,
  duplicateVersionSchema,
  mergePlanSchema,
  mergeRequestSchema,
  mergeResultSchema,
  versionHistoryEntrySchema,
} from '@contract/design/versions';
import { envelopeOf } from '@contract/response';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { aliasParam, aliasParams } from '../../http/params';
import { HISTORY_LIMIT, mergePlan, mergeVersion, versionHistory } from './branches';
import { publishDesign } from './publish';
import { duplicateVersion, listVersions, makeDefaultVersion } from './sharing';

const versionParams = z.object({ alias: aliasParam, version: z.coerce.number().int().min(0).max(9_999_999) });

export const designVersionsModule: ModulePlugin = async (app, { db, guards, firebase }) => {
  const tags = ['collaborators'];
  const requireUser = guards.requireUser;
  const { realtime } = app;

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
      schema: {
        tags,
        params: versionParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(HISTORY_LIMIT.max).default(HISTORY_LIMIT.default) }),
        response: { 200: envelopeOf(z.array(versionHistoryEntrySchema)) },
      },
    },
    async (request) => ok(await versionHistory(db, signedInUser(request), request.params.alias, request.params.version, request.query.limit)),
  );
};
