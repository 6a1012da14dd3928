/** The catalog module through HTTP on a fresh database: plans, super-categories and their seed. */
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Plan, SuperCategory } from '@contract/catalog/schemas';
import { SAMPLE_SUPER_CATEGORIES } from '@contract/constants';
import { plans, superCategories } from '../../server/src/db/schema';
import { SEED_PLANS, seed } from '../../server/src/db/seed';
import { basicAuth, databaseKinds, removeTempDirs } from './harness';
import { useApp } from './kit';

const kinds = await databaseKinds();
afterAll(removeTempDirs);


describe.each(kinds)('catalog on %s', (kind) => {
  const kit = useApp(kind);

  describe('catalogue', () => {
    it('GET /v1/plans lists the seeded plans by amount, in the contract shape', async () => {
      const response = await kit.app.inject({ method: 'GET', url: '/v1/plans', headers: { authorization: basicAuth() } });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ message: string; data: Plan[] }>();
      expect(body.message).toBe('OK');
      expect(body.data.length).toBeGreaterThanOrEqual(3);
      for (const plan of body.data) {
        expect(Object.keys(plan).sort()).toEqual(['amount', 'currencyCode', 'description', 'id', 'name', 'planCode']);
        expect(Number.isInteger(plan.amount) && plan.amount > 0).toBe(true);
        expect(plan.currencyCode).toBe('USD');
      }
      const amounts = body.data.map((plan) => plan.amount);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      expect(body.data.map((plan) => plan.planCode)).toEqual(['starter', 'growth', 'scale']);
    });

    it('GET /v1/super-categories lists the 11 sample super-categories with ids 1 to 11', async () => {
      const response = await kit.app.inject({ method: 'GET', url: '/v1/super-categories', headers: { authorization: basicAuth() } });
      expect(response.statusCode).toBe(200);
      const { data } = response.json<{ data: SuperCategory[] }>();
      expect(data).toEqual(SAMPLE_SUPER_CATEGORIES.map((name, index) => ({ id: index + 1, name })));
    });

    it('seeding again adds nothing and keeps rows changed since', async () => {
      await kit.database.db.update(plans).set({ name: 'Starter (renamed)' }).where(eq(plans.planCode, 'starter'));
      await seed(kit.database.db);
      await seed(kit.database.db);
      const [planCount] = await kit.database.db.select({ n: count() }).from(plans);
      const [categoryCount] = await kit.database.db.select({ n: count() }).from(superCategories);
      expect(planCount?.n).toBe(SEED_PLANS.length);
      expect(categoryCount?.n).toBe(11);
      const [starter] = await kit.database.db.select().from(plans).where(eq(plans.planCode, 'starter'));
      expect(starter?.name).toBe('Starter (renamed)');
    });
  });
});
