/** The catalog module through HTTP on a fresh database: plans, super-categories and their seed. */
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { CategoryBackground, ProductCategory, SampleProduct, Slide, SuperCategory } from '@contract/catalog/schemas';
import type { Plan } from '@contract/plans/schemas';
import { SAMPLE_SUPER_CATEGORIES } from '@contract/constants';
import { plans, superCategories } from '../../server/src/db/schema';
import { SEED_PLAN_LIST, SEED_PLANS } from '@contract/plans/seed-plans';
import { CHANGES, type ChangeBus } from '../../server/src/changes/bus';
import { seed } from '../../server/src/seed';
import { basicAuth, databaseKinds, removeTempDirs } from './harness';
import { useApp } from './kit';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

describe.each(kinds)('catalog on %s', (kind) => {
  let changes: ChangeBus | undefined;
  const kit = useApp(kind, {
    configure: (_app, deps) => {
      changes = deps.changes;
    },
  });

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
      // The public pages are prerendered with this list (SEED_PLAN_LIST): a fresh installation's own.
      expect(body.data).toEqual(SEED_PLAN_LIST);
    });

    it('GET /v1/super-categories lists the 11 sample super-categories with ids 1 to 11', async () => {
      const response = await kit.app.inject({ method: 'GET', url: '/v1/super-categories', headers: { authorization: basicAuth() } });
      expect(response.statusCode).toBe(200);
      const { data } = response.json<{ data: SuperCategory[] }>();
      expect(data.map(({ id, name }) => ({ id, name }))).toEqual(SAMPLE_SUPER_CATEGORIES.map((name, index) => ({ id: index + 1, name })));
      for (const superCategory of data) expect(superCategory.image).toMatch(/^\/catalogue\/.+\.(webp|avif)$/);
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

  describe('sample catalogue calls', () => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      kit.app.inject({ method: 'GET', url, headers: { authorization: basicAuth(), ...headers } });

    it('GET /v1/productcategories lists every sample category with its pictures', async () => {
      const response = await get('/v1/productcategories');
      expect(response.statusCode).toBe(200);
      const { data } = response.json<{ data: ProductCategory[] }>();
      expect(data.length).toBeGreaterThanOrEqual(44);
      expect(new Set(data.map((category) => category.superCategoryId))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
      for (const category of data) {
        expect(category.icon).toMatch(/^\/catalogue\//);
        expect(category.imageList.length).toBeGreaterThan(0);
      }
    });

    it('GET /v1/super-categories/{id}/product-categories answers its own categories; unknown 404, bad id 400', async () => {
      const response = await get('/v1/super-categories/2/product-categories');
      expect(response.statusCode).toBe(200);
      const { data } = response.json<{ data: ProductCategory[] }>();
      expect(data.length).toBeGreaterThan(2);
      expect(data.every((category) => category.superCategoryId === 2)).toBe(true);
      const unknown = await get('/v1/super-categories/99/product-categories');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Super category not found' });
      expect((await get('/v1/super-categories/abc/product-categories')).statusCode).toBe(400);
    });

    it('GET /v1/background-images lists the 46 splash and login backgrounds with their pictures', async () => {
      const images = (await get('/v1/background-images')).json<{ data: Array<{ id: number; name: string; image: string }> }>().data;
      expect(images).toHaveLength(46);
      expect(images.every((image) => /^\/catalogue\/backgrounds\/[a-z-]+\.[0-9a-f]+\.webp$/.test(image.image))).toBe(true);
      expect(new Set(images.map((image) => image.name)).size).toBe(46);
    });

    it('GET /v1/category-backgrounds and /v1/slideshows/ filter by superCategoryIds', async () => {
      const backgrounds = (await get('/v1/category-backgrounds?superCategoryIds=1,3')).json<{ data: CategoryBackground[] }>().data;
      expect(backgrounds.length).toBeGreaterThan(0);
      expect(new Set(backgrounds.map((b) => b.superCategoryId))).toEqual(new Set([1, 3]));
      const slides = (await get('/v1/slideshows/?superCategoryIds=5')).json<{ data: Slide[] }>().data;
      expect(slides.length).toBeGreaterThan(0);
      expect(slides.every((slide) => slide.superCategoryId === 5)).toBe(true);
      const all = (await get('/v1/slideshows/')).json<{ data: Slide[] }>().data;
      expect(new Set(all.map((slide) => slide.superCategoryId)).size).toBe(11);
      expect((await get('/v1/slideshows/?superCategoryIds=1,x')).statusCode).toBe(400);
      expect((await get(`/v1/slideshows/?superCategoryIds=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`)).statusCode).toBe(400);
    });

    it('GET sample-measurements: limit 50 by default, shuffled, paged with X-Total-Count, price 200 quantity 1', async () => {
      const response = await get('/v1/sample/super-categories/sample-measurements');
      expect(response.statusCode).toBe(200);
      const { data } = response.json<{ data: SampleProduct[] }>();
      expect(data).toHaveLength(50);
      expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(110);
      for (const product of data) {
        expect(product.price).toBe(200);
        expect(product.quantity).toBe(1);
        expect(product.reviews.every((review) => review.stars >= 1 && review.stars <= 5)).toBe(true);
      }
      const two = (await get('/v1/sample/super-categories/sample-measurements?superCategoryIds=1,2&limit=40')).json<{ data: SampleProduct[] }>().data;
      expect(two).toHaveLength(Math.min(40, two.length));
      expect(new Set(two.map((product) => product.superCategoryId))).toEqual(new Set([1, 2]));
      // Shuffled: over a few reads the order changes.
      const orders = new Set<string>();
      for (let i = 0; i < 12; i += 1) {
        orders.add(
          (await get('/v1/sample/super-categories/sample-measurements?superCategoryIds=1'))
            .json<{ data: SampleProduct[] }>()
            .data.map((p) => p.id)
            .join(),
        );
      }
      expect(orders.size).toBeGreaterThan(1);
      const page1 = (await get('/v1/sample/super-categories/sample-measurements?superCategoryIds=1&limit=5&page=1')).json<{ data: SampleProduct[] }>().data;
      const page0 = (await get('/v1/sample/super-categories/sample-measurements?superCategoryIds=1&limit=5&page=0')).json<{ data: SampleProduct[] }>().data;
      expect(page0.filter((p) => page1.some((q) => q.id === p.id))).toEqual([]);
      expect((await get('/v1/sample/super-categories/sample-measurements?limit=0')).statusCode).toBe(400);
      expect((await get('/v1/sample/super-categories/sample-measurements?limit=201')).statusCode).toBe(400);
    });

    it('GET /v1/product-categories?categoryIds picks categories by id', async () => {
      const { data } = (await get('/v1/product-categories?categoryIds=101,202,9999')).json<{ data: ProductCategory[] }>();
      expect(data.map((category) => category.id)).toEqual([101, 202]);
      const limited = await get('/v1/product-categories?limit=3');
      expect(limited.json<{ data: ProductCategory[] }>().data).toHaveLength(3);
      expect(Number(limited.headers['x-total-count'])).toBeGreaterThan(3);
    });

    it('GET /v1/product-categories?superCategoryIds answers the categories of those trades when none are named', async () => {
      const fashion = (await get('/v1/product-categories?superCategoryIds=2')).json<{ data: ProductCategory[] }>().data;
      expect(fashion.map((category) => category.name)).toEqual(['Dresses', 'Shirts', 'Shoes', 'Bags', 'Watches', 'Jewelry']);
      expect(fashion.every((category) => category.superCategoryId === 2)).toBe(true);
      // Named categories win.
      const named = (await get('/v1/product-categories?categoryIds=201&superCategoryIds=2,3')).json<{ data: ProductCategory[] }>().data;
      expect(named.map((category) => category.id)).toEqual([201]);
      expect((await get('/v1/product-categories?superCategoryIds=x')).statusCode).toBe(400);
    });

    it('answers carry an ETag; If-None-Match gets a 304; a catalogue change gives a fresh answer', async () => {
      const first = await get('/v1/plans');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await get('/v1/plans', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await kit.database.db.update(plans).set({ name: 'Starter edited' }).where(eq(plans.planCode, 'starter'));
      expect((await get('/v1/plans', { 'if-none-match': etag })).statusCode).toBe(304);
      await changes?.publish(CHANGES.catalogue);
      const fresh = await get('/v1/plans', { 'if-none-match': etag });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json<{ data: Plan[] }>().data.some((plan) => plan.name === 'Starter edited')).toBe(true);
    });

    it('refuses a caller without the client credential, even once the answer is cached', async () => {
      expect((await get('/v1/slideshows/')).statusCode).toBe(200);
      const response = await kit.app.inject({ method: 'GET', url: '/v1/slideshows/' });
      expect(response.statusCode).toBe(401);
      const wrong = await kit.app.inject({ method: 'GET', url: '/v1/slideshows/', headers: { authorization: basicAuth('portal-test:wrong') } });
      expect(wrong.statusCode).toBe(401);
    });
  });
});
