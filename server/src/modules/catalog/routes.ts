/** The catalogue (spec section 7): plans and super-categories, for anonymous callers too. */
import { CATALOG_PATHS } from '@contract/catalog/paths';
import { planSchema, superCategorySchema } from '@contract/catalog/schemas';
import { envelopeOf } from '@contract/response';
import { z } from 'zod';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { listPlans, listSuperCategories } from './service';

export const catalogModule: ModulePlugin = async (app, { db, guards }) => {
  const tags = ['catalog'];
  app.get(
    CATALOG_PATHS.plans,
    { onRequest: guards.requireClient, schema: { tags, response: { 200: envelopeOf(z.array(planSchema)) } } },
    async () => ok(await listPlans(db)),
  );
  app.get(
    CATALOG_PATHS.superCategories,
    { onRequest: guards.requireClient, schema: { tags, response: { 200: envelopeOf(z.array(superCategorySchema)) } } },
    async () => ok(await listSuperCategories(db)),
  );
};
