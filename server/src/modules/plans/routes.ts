/**
 * The plans (spec section 7), for anonymous callers too, from the in-memory CatalogueCache
 * (serialised once, ETag, 304) like the catalogue.
 */
import { PLAN_PATHS } from '@contract/plans/paths';
import { planSchema } from '@contract/plans/schemas';
import type { ModulePlugin } from '../../deps';
import { cachedListOf, CatalogueCache } from '../../http/catalogue-cache';
import { listPlans } from './service';

export const plansModule: ModulePlugin = async (app, { db, guards, changes }) => {
  const tags = ['catalog'];
  const cache = new CatalogueCache(changes);

  app.get(PLAN_PATHS.plans, { ...cache.guarded(guards.requireClient), schema: { tags, response: cachedListOf(planSchema) } }, (request, reply) =>
    cache.reply(request, reply, async () => ({ data: await listPlans(db) })),
  );
};
