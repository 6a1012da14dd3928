/**
 * The catalogue (spec section 7), for anonymous callers too: super-categories, product
 * categories, category backgrounds, slideshows and sample products. Every answer comes from the
 * in-memory CatalogueCache (serialised once, ETag, 304), so a read costs no query and no
 * serialisation, and a current answer is sent by the cache's onRequest hook, before query
 * validation and the handler; the response schemas still document the shapes.
 */
import { CATALOG_PATHS } from '@contract/catalog/paths';
import {
  backgroundImageSchema,
  categoryBackgroundSchema,
  productCategoriesQuery,
  productCategorySchema,
  sampleMeasurementsQuery,
  sampleProductSchema,
  slideSchema,
  superCategoryIdsQuery,
  superCategorySchema,
} from '@contract/catalog/schemas';
import { pageOf } from '@contract/paging';
import { z } from 'zod';
import type { ModulePlugin } from '../../deps';
import { HttpError } from '../../http/http-error';
import { idParam } from '../../http/params';
import { BACKGROUND_IMAGES_WITH_URLS } from '../../db/sample-catalogue/with-urls';
import { cachedListOf as listOf, CatalogueCache } from '../../http/catalogue-cache';
import {
  categoryBackgrounds,
  listSuperCategories,
  productCategoriesByIds,
  productCategoriesOf,
  sampleMeasurements,
  slideshows,
  superCategoryExists,
} from './service';

const CATALOG_MESSAGES = {
  superCategoryNotFound: 'Super category not found',
} as const;

export const catalogModule: ModulePlugin = async (app, { db, guards, changes }) => {
  const tags = ['catalog'];
  const cache = new CatalogueCache(changes);
  const cached = cache.guarded(guards.requireClient);

  app.get(CATALOG_PATHS.superCategories, { ...cached, schema: { tags, response: listOf(superCategorySchema) } }, (request, reply) =>
    cache.reply(request, reply, async () => ({ data: await listSuperCategories(db) })),
  );

  app.get(
    CATALOG_PATHS.categoryBackgrounds,
    { ...cached, schema: { tags, querystring: superCategoryIdsQuery, response: listOf(categoryBackgroundSchema) } },
    (request, reply) => cache.reply(request, reply, async () => ({ data: categoryBackgrounds(request.query.superCategoryIds) })),
  );

  app.get(CATALOG_PATHS.backgroundImages, { ...cached, schema: { tags, response: listOf(backgroundImageSchema) } }, (request, reply) =>
    cache.reply(request, reply, async () => ({ data: BACKGROUND_IMAGES_WITH_URLS })),
  );

  app.get(CATALOG_PATHS.allProductCategories, { ...cached, schema: { tags, response: listOf(productCategorySchema) } }, (request, reply) =>
    cache.reply(request, reply, async () => ({ data: productCategoriesByIds([]) })),
  );

  app.get(
    CATALOG_PATHS.superCategoryProductCategories,
    {
      ...cached,
      schema: { tags, params: z.object({ id: idParam('id') }), response: { ...listOf(productCategorySchema), 404: z.object({ message: z.string() }) } },
    },
    (request, reply) =>
      cache.reply(request, reply, async () => {
        if (!(await superCategoryExists(db, request.params.id))) throw new HttpError(404, CATALOG_MESSAGES.superCategoryNotFound);
        return { data: productCategoriesOf(request.params.id) };
      }),
  );

  app.get(CATALOG_PATHS.slideshows, { ...cached, schema: { tags, querystring: superCategoryIdsQuery, response: listOf(slideSchema) } }, (request, reply) =>
    cache.reply(request, reply, async () => ({ data: slideshows(request.query.superCategoryIds) })),
  );

  app.get(
    CATALOG_PATHS.sampleMeasurements,
    {
      ...cached,
      schema: {
        tags,
        description: 'Sample products of the super-categories (all when none is named), taken in turn from each; each page is shuffled.',
        querystring: sampleMeasurementsQuery,
        response: listOf(sampleProductSchema),
      },
    },
    (request, reply) =>
      cache.reply(
        request,
        reply,
        async () => {
          const all = sampleMeasurements(request.query.superCategoryIds);
          return { data: pageOf(all, request.query.page, request.query.limit), total: all.length };
        },
        { shuffle: true },
      ),
  );

  app.get(
    CATALOG_PATHS.productCategories,
    {
      ...cached,
      schema: {
        tags,
        description: 'The categories named by categoryIds; with none named, those of superCategoryIds; with neither, every category.',
        querystring: productCategoriesQuery,
        response: listOf(productCategorySchema),
      },
    },
    (request, reply) =>
      cache.reply(request, reply, async () => {
        const all = productCategoriesByIds(request.query.categoryIds, request.query.superCategoryIds);
        return { data: pageOf(all, request.query.page, request.query.limit), total: all.length };
      }),
  );
};
