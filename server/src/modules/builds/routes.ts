/**
 * Build calls (issue 31, docs/features/builds.md). Signed-in: order, list, get one, cancel, build
 * again, new links. Public, the signature being the permission: an artifact's download (a
 * tampered link 403, an expired one 410), the native project handed to the external engine, and
 * the engine's webhook (HMAC-SHA256 over a timestamp and the raw body).
 */
import { and, eq } from 'drizzle-orm';
import type { onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { BUILD_PATHS, ENGINE_SIGNATURE_HEADER } from '@contract/builds/paths';
import { BUILD_MESSAGES, buildListQuery, buildSchema, engineResultSchema, orderBuildSchema } from '@contract/builds/schemas';
import { IDEMPOTENCY_HEADER } from '@contract/payments/paths';
import { envelopeOf, noData } from '@contract/response';
import { describeGuard, signedInUser } from '../../auth/guards';
import { buildArtifacts } from '../../db/schema';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import { ignoreBodies, rawBodies } from '../../http/bodyless';
import { sendStored } from '../../storage/send';
import { aliasParams, idParam, idempotencyKeyOf } from '../../http/params';
import type { ZodTypeProvider } from '../../http/validation';
import type { BuildsDeps } from './deps';
import { verifyEngineSignature } from './engine';
import { checkArtifactLink, checkEngineSourceLink, type LinkCheck } from './links';
import type { Pipeline } from './pipeline';
import { artifactKey } from './records';
import { cancelBuild, getBuild, listBuilds, orderBuild, resendLinks, retryBuild } from './service';

const buildParams = aliasParams.extend({ buildId: idParam('buildId') });
const signedQuery = z.object({ expires: z.string().max(20).optional(), signature: z.string().max(200).optional() });

/** A signed link carries its signature (checked against what it names in the handler). */
const signedLink = describeGuard<onRequestAsyncHookHandler>(
  async (request) => {
    if (!(request.query as { signature?: unknown }).signature) throw new HttpError(403, BUILD_MESSAGES.linkTampered);
  },
  [{ signedLink: [] }],
);

/** The engine's webhook carries its signature (verified on the raw body in the handler). */
const engineSignature = describeGuard<onRequestAsyncHookHandler>(
  async (request) => {
    if (!request.headers[ENGINE_SIGNATURE_HEADER]) throw new HttpError(403, BUILD_MESSAGES.webhookSignature);
  },
  [{ engineSignature: [] }],
);

/** A signed link's check as an HTTP answer: tampered 403, expired 410. */
function requireLink(check: LinkCheck): void {
  if (check === 'tampered') throw new HttpError(403, BUILD_MESSAGES.linkTampered);
  if (check === 'expired') throw new HttpError(410, BUILD_MESSAGES.linkExpired);
}

export function buildsRoutes(deps: BuildsDeps, pipeline: Pipeline): ModulePlugin {
  return async (app, { guards }) => {
    const tags = ['builds'];
    const one = envelopeOf(buildSchema);

    app.get(
      BUILD_PATHS.builds,
      {
        onRequest: guards.requireUser,
        schema: { tags, params: aliasParams, querystring: buildListQuery, response: { 200: envelopeOf(z.array(buildSchema)) } },
      },
      async (request) => ok(await listBuilds(deps, signedInUser(request), request.params.alias, request.query.limit)),
    );

    app.post(
      BUILD_PATHS.builds,
      { onRequest: guards.requireUser, schema: { tags, params: aliasParams, body: orderBuildSchema.optional(), response: { 200: one } } },
      async (request) =>
        ok(
          await orderBuild(deps, signedInUser(request), request.params.alias, request.body ?? {}, idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER])),
          BUILD_MESSAGES.ordered,
        ),
    );

    app.get(BUILD_PATHS.one, { onRequest: guards.requireUser, schema: { tags, params: buildParams, response: { 200: one } } }, async (request) =>
      ok(await getBuild(deps, signedInUser(request), request.params.alias, request.params.buildId)),
    );

    await app.register(async (bodiless) => {
      ignoreBodies(bodiless);
      const scope = bodiless.withTypeProvider<ZodTypeProvider>();
      scope.post(BUILD_PATHS.cancel, { onRequest: guards.requireUser, schema: { tags, params: buildParams, response: { 200: one } } }, async (request) =>
        ok(await cancelBuild(deps, signedInUser(request), request.params.alias, request.params.buildId), BUILD_MESSAGES.cancelled),
      );
      scope.post(BUILD_PATHS.retry, { onRequest: guards.requireUser, schema: { tags, params: buildParams, response: { 200: one } } }, async (request) =>
        ok(
          await retryBuild(deps, signedInUser(request), request.params.alias, request.params.buildId, idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER])),
          BUILD_MESSAGES.ordered,
        ),
      );
      scope.post(BUILD_PATHS.links, { onRequest: guards.requireUser, schema: { tags, params: buildParams, response: { 200: one } } }, async (request) =>
        ok(await resendLinks(deps, signedInUser(request), request.params.alias, request.params.buildId), BUILD_MESSAGES.linksSent),
      );
    });

    // No credential: the link in the e-mail is opened by a browser as it is.
    app.get(
      BUILD_PATHS.download,
      {
        onRequest: signedLink,
        schema: {
          tags,
          params: z.object({ artifactId: idParam('artifactId') }),
          querystring: signedQuery,
          description: 'An artifact of a build (signed link, 7 days).',
        },
      },
      async (request, reply) => {
        requireLink(checkArtifactLink(deps.config, request.params.artifactId, request.query));
        const [artifact] = await deps.db.select().from(buildArtifacts).where(eq(buildArtifacts.id, request.params.artifactId)).limit(1);
        const sent =
          artifact &&
          (await sendStored(request, reply, deps.storage, artifactKey(artifact.storageKey), {
            headers: {
              'content-type': artifact.fileName.endsWith('.zip') ? 'application/zip' : 'application/octet-stream',
              'content-disposition': `attachment; filename="${artifact.fileName}"`,
              'cache-control': 'private, no-store',
              'x-content-sha256': artifact.sha256,
            },
            // The bytes' own hash: a download resumed from another process or a later day is of the same file.
            etag: `"${artifact.sha256}"`,
          }));
        if (!sent) throw new HttpError(410, BUILD_MESSAGES.artifactGone);
        return sent;
      },
    );

    // The external engine fetches the native project it was handed (signed link, a few hours).
    app.get(
      BUILD_PATHS.engineSource,
      {
        onRequest: signedLink,
        schema: {
          tags,
          params: z.object({ buildId: idParam('buildId') }),
          querystring: signedQuery,
          description: 'The native project of a build, for the build engine (signed link).',
        },
      },
      async (request, reply) => {
        requireLink(checkEngineSourceLink(deps.config, request.params.buildId, request.query));
        const [project] = await deps.db
          .select()
          .from(buildArtifacts)
          .where(and(eq(buildArtifacts.buildId, request.params.buildId), eq(buildArtifacts.kind, 'native-project')))
          .limit(1);
        const sent =
          project &&
          (await sendStored(request, reply, deps.storage, artifactKey(project.storageKey), {
            headers: {
              'content-type': 'application/zip',
              'content-disposition': `attachment; filename="${project.fileName}"`,
              'cache-control': 'private, no-store',
            },
            etag: `"${project.sha256}"`,
          }));
        if (!sent) throw new HttpError(410, BUILD_MESSAGES.artifactGone);
        return sent;
      },
    );

    // The engine's result, verified on the exact bytes it signed: this scope keeps the body raw.
    await app.register(async (rawScope) => {
      rawBodies(rawScope);
      const scope = rawScope.withTypeProvider<ZodTypeProvider>();
      scope.post(
        BUILD_PATHS.engineWebhook,
        { onRequest: engineSignature, schema: { tags, response: { 200: envelopeOf(noData) }, description: 'The build engine’s result (signed).' } },
        async (request) => {
          const engine = deps.config.BUILDS.engine;
          if (!engine) throw new HttpError(404, BUILD_MESSAGES.engineOff);
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const header = request.headers[ENGINE_SIGNATURE_HEADER];
          const verdict = verifyEngineSignature(engine.secret, body, Array.isArray(header) ? header[0] : header);
          if (verdict === 'forged') throw new HttpError(403, BUILD_MESSAGES.webhookSignature);
          if (verdict === 'stale') throw new HttpError(403, BUILD_MESSAGES.webhookStale);
          let json: unknown;
          try {
            json = JSON.parse(body.toString('utf8'));
          } catch {
            throw new HttpError(400, 'The body must be JSON');
          }
          const parsed = engineResultSchema.safeParse(json);
          if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid engine result');
          if (!(await pipeline.applyEngineResult(parsed.data))) throw new HttpError(404, BUILD_MESSAGES.webhookUnknown);
          request.log.info({ jobId: parsed.data.jobId, status: parsed.data.status }, 'engine webhook');
          return ok(null, 'Received');
        },
      );
    });
  };
}
