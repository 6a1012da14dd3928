/** Catalogue reads (spec section 7: GET /v1/plans, GET /v1/super-categories). */
import { asc } from 'drizzle-orm';
import type { Plan, SuperCategory } from '@contract/catalog/schemas';
import type { Database } from '../../db/database';
import { plans, superCategories } from '../../db/schema';

export function listPlans(db: Database): Promise<Plan[]> {
  return db
    .select({
      id: plans.id,
      planCode: plans.planCode,
      name: plans.name,
      amount: plans.amount,
      currencyCode: plans.currencyCode,
      description: plans.description,
    })
    .from(plans)
    .orderBy(asc(plans.amount), asc(plans.sortOrder), asc(plans.id));
}

export function listSuperCategories(db: Database): Promise<SuperCategory[]> {
  return db.select({ id: superCategories.id, name: superCategories.name }).from(superCategories).orderBy(asc(superCategories.id));
}
