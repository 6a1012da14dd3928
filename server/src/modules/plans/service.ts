/** Plan reads (spec section 7): the plans table, cheapest first. */
import { asc } from 'drizzle-orm';
import type { Plan } from '@contract/plans/schemas';
import type { Database } from '../../db/database';
import { plans } from '../../db/schema';

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
