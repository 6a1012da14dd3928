/** HTTP shape of the shop calls (spec section 7), the currency table and the place search. */
import type { FastifyError } from 'fastify';
import { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@contract/api';
import { envelopeOf, noData } from '@contract/response';
import { MEDIA_NAME_HEADER, SHOP_MEDIA_MAX_BYTES, SHOP_MEDIA_TYPES, SHOP_PATHS } from '@contract/shops/paths';
import { withoutControlCharacters } from '@contract/control-characters';
import {
  adminShopSchema,
  checkEnableAnswerSchema,
  configureAnswerSchema,
  configureQuery,
  configureShopSchema,
  createShopSchema,
  currenciesQuery,
  currencySchema,
  deleteShopQuery,
  findShopAnswerSchema,
  findShopQuery,
  placeSchema,
  placesQuery,
  shopMediaQuery,
  shopMediaSchema,
  shopSchema,
  userShopsQuery,
} from '@contract/shops/schemas';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { errorReply } from '../../http/errors';
import { HttpError } from '../../http/http-error';
import { aliasParams, userIdParams } from '../../http/params';
import type { ZodTypeProvider } from '../../http/validation';
import { CatalogueCache } from '../../http/catalogue-cache';
import { mirrorConfigure, publishDesign, syncSelection } from '../design/index';
import { isTemplateShop, removeTemplate } from '../templates/index';
import { listCurrencies } from './currencies';
import { SHOP_MESSAGES } from '../../shop-access/messages';
import { searchPlaces } from './places';
import { listShopMedia, uploadShopMedia } from './media';
import { checkEnable, configureShop, createShop, deleteShop, findShopName, getAdminShop, listUserShops, updateShop } from './service';

const UPLOAD_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: SHOP_MESSAGES.mediaTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: SHOP_MESSAGES.mediaType },
};

/** The uploaded file's own name from its header: decoded, without control characters, capped. */
function labelOf(header: string | string[] | undefined): string {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, SHOP_MESSAGES.mediaName);
  }
  return withoutControlCharacters(decoded).trim().slice(0, 200);
}

export const shopsModule: ModulePlugin = async (app, { db, guards, firebase, storage, changes }) => {
  const tags = ['shops'];
  const requireUser = guards.requireUser;
  const shopAnswer = { 200: envelopeOf(shopSchema) };
  const cache = new CatalogueCache(changes);

  app.post(
    SHOP_PATHS.create,
    { onRequest: requireUser, schema: { tags, body: createShopSchema, response: { 201: envelopeOf(shopSchema) } } },
    async (request, reply) => {
      const shop = await createShop(db, signedInUser(request), request.body);
      await firebase.shopChanged(shop.alias);
      return reply.code(201).send(ok(shop, 'Project created!'));
    },
  );

  app.get(
    SHOP_PATHS.find,
    { onRequest: requireUser, schema: { tags, querystring: findShopQuery, response: { 200: envelopeOf(findShopAnswerSchema) } } },
    async (request) => ok(await findShopName(db, request.query)),
  );

  app.put(
    SHOP_PATHS.update,
    { onRequest: requireUser, schema: { tags, params: aliasParams, body: createShopSchema, response: shopAnswer } },
    async (request) => {
      const shop = await updateShop(db, signedInUser(request), request.params.alias, request.body);
      // Issue 27: each design carries the shop's selection (the phone preview shows those trades): open editors and phones follow.
      if (request.body.superCategoriesOfInterest !== undefined || request.body.categoriesOfInterest !== undefined) {
        for (const snapshot of await syncSelection(db, shop.alias)) await publishDesign({ realtime: app.realtime, firebase }, snapshot);
      }
      return ok(shop);
    },
  );

  app.post(
    SHOP_PATHS.configure,
    {
      onRequest: requireUser,
      schema: { tags, params: aliasParams, querystring: configureQuery, body: configureShopSchema, response: { 200: envelopeOf(configureAnswerSchema) } },
    },
    async (request) => {
      const { config: stored, ...answer } = await configureShop(db, signedInUser(request), request.params.alias, request.body, request.query.configVersion);
      // The realtime document follows (issue #10): open editors and live previews see the save.
      const snapshot = await mirrorConfigure(db, request.params.alias, stored);
      if (snapshot) await publishDesign({ realtime: app.realtime, firebase }, snapshot);
      return ok(answer);
    },
  );

  app.post(
    SHOP_PATHS.checkEnable,
    { onRequest: requireUser, schema: { tags, params: aliasParams, response: { 200: envelopeOf(checkEnableAnswerSchema) } } },
    async (request) => ok(await checkEnable(db, signedInUser(request), request.params.alias)),
  );

  app.get(
    SHOP_PATHS.adminShop,
    { onRequest: requireUser, schema: { tags, params: aliasParams, response: { 200: envelopeOf(adminShopSchema) } } },
    async (request) => ok(await getAdminShop(db, signedInUser(request), request.params.alias)),
  );

  app.delete(
    SHOP_PATHS.adminShop,
    { onRequest: requireUser, schema: { tags, params: aliasParams, querystring: deleteShopQuery, response: { 200: envelopeOf(noData) } } },
    async (request) => {
      // A template's shop goes with its template documents, in one transaction (issue #11).
      const templateId = request.query.templateId;
      if (templateId !== undefined && (await isTemplateShop(db, request.params.alias, templateId)))
        await removeTemplate(db, storage, signedInUser(request), templateId, request.params.alias);
      else await deleteShop(db, storage, signedInUser(request), request.params.alias, templateId);
      await firebase.shopChanged(request.params.alias);
      return ok(null, 'Shop deleted');
    },
  );

  app.get(
    SHOP_PATHS.userShops,
    { onRequest: requireUser, schema: { tags, params: userIdParams, querystring: userShopsQuery, response: { 200: envelopeOf(z.array(shopSchema)) } } },
    async (request, reply) => {
      const { data, total } = await listUserShops(db, signedInUser(request), request.params.userId, request.query.page, request.query.limit);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return ok(data);
    },
  );

  app.get(
    SHOP_PATHS.shopMedia,
    { onRequest: requireUser, schema: { tags, params: aliasParams, querystring: shopMediaQuery, response: { 200: envelopeOf(z.array(shopMediaSchema)) } } },
    async (request, reply) => {
      const { data, total } = await listShopMedia(db, signedInUser(request), request.params.alias, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return ok(data);
    },
  );

  app.get(
    SHOP_PATHS.currencies,
    { ...cache.guarded(guards.requireClient), schema: { tags, querystring: currenciesQuery, response: { 200: envelopeOf(z.array(currencySchema)) } } },
    (request, reply) => cache.reply(request, reply, async () => ({ data: await listCurrencies(db, request.query.country) })),
  );

  app.get(
    SHOP_PATHS.places,
    { onRequest: requireUser, schema: { tags, querystring: placesQuery, response: { 200: envelopeOf(z.array(placeSchema)) } } },
    async (request) => ok(searchPlaces(request.query)),
  );

  // Uploads in their own scope: the image parser, size limit and error wording apply here only.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser([...SHOP_MEDIA_TYPES], { parseAs: 'buffer', bodyLimit: SHOP_MEDIA_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.setErrorHandler<FastifyError>((error, request, reply) => {
      const known = 'code' in error && typeof error.code === 'string' ? UPLOAD_ERRORS[error.code] : undefined;
      return known ? reply.code(known.status).send({ message: known.message }) : errorReply(error, request, reply);
    });
    const description = `The image bytes as the body: Content-Type ${SHOP_MEDIA_TYPES.join(', ')} (SVG refused), at most 2 MB; the file's name URI-encoded in ${MEDIA_NAME_HEADER}.`;
    const upload =
      (alias: string | null) =>
      async (request: { body: unknown; headers: Record<string, string | string[] | undefined> } & Parameters<typeof signedInUser>[0]) => {
        if (!Buffer.isBuffer(request.body)) throw new HttpError(415, SHOP_MESSAGES.mediaType);
        const type =
          String(request.headers['content-type'] ?? '')
            .split(';', 1)[0]
            ?.trim()
            .toLowerCase() ?? '';
        return ok(
          await uploadShopMedia(db, storage, signedInUser(request), alias, { type, bytes: request.body, label: labelOf(request.headers[MEDIA_NAME_HEADER]) }),
        );
      };
    scope.post(
      SHOP_PATHS.shopMedia,
      { onRequest: requireUser, schema: { tags, description, params: aliasParams, response: { 200: envelopeOf(shopMediaSchema) } } },
      async (request) => upload(request.params.alias)(request),
    );
    scope.post(
      SHOP_PATHS.pendingMedia,
      {
        onRequest: requireUser,
        schema: {
          tags,
          description: `${description} Kept for the next POST /v1/shops that names it as its logo.`,
          response: { 200: envelopeOf(shopMediaSchema) },
        },
      },
      async (request) => upload(null)(request),
    );
  });
};
