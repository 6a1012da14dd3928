/** The shop calls through HTTP on a fresh database: creation, updates, config, media, access and refusals. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@contract/auth/schemas';
import { ROLE } from '@contract/constants';
import type { AdminShop, Currency, FindShopAnswer, Place, Shop, ShopMedia } from '@contract/shops/schemas';
import { SHOP_SETUP_MESSAGES } from '@contract/shops/setup-checks';
import { eq } from 'drizzle-orm';
import { media, userRoles } from '../../server/src/db/schema';
import { SHOP_MESSAGES } from '../../server/src/shop-access/messages';
import { databaseKinds, removeTempDirs } from './harness';
import { PNG, useApp } from './kit';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe.each(kinds)('shops on %s', (kind) => {
  const kit = useApp(kind);
  let counter = 0;

  async function upload(token: string, url = '/v1/shop-media', bytes: Buffer = PNG, type = 'image/png', name = 'logo.png') {
    return kit.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': type, 'x-file-name': encodeURIComponent(name) },
      payload: bytes,
    });
  }

  async function usdId(): Promise<number> {
    const { data } = (await kit.call('GET', '/v1/currencies', null)).json<{ data: Currency[] }>();
    return data.find((currency) => currency.code === 'USD')?.id ?? 0;
  }

  async function validPayload(token: string, fields: Record<string, unknown> = {}) {
    const logo = (await upload(token)).json<{ data: ShopMedia }>().data.url;
    counter += 1;
    return {
      name: `Mama's Kitchen ${kind} ${counter}`,
      logo,
      latitude: 6.45407,
      longitude: 3.39467,
      address: { name: 'Lagos', description: 'Lagos, Nigeria', latitude: 6.45407, longitude: 3.39467 },
      shopCurrency: { currencyId: await usdId() },
      ...fields,
    };
  }

  async function createShop(owner: AuthResult, fields: Record<string, unknown> = {}): Promise<Shop> {
    const response = await kit.call('POST', '/v1/shops', owner.token, await validPayload(owner.token, fields));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Shop }>().data;
  }

  async function sovereign(): Promise<AuthResult> {
    const result = await kit.register();
    await kit.database.db.insert(userRoles).values({ userId: result.user.id, roleId: ROLE.SOVEREIGN });
    return result;
  }

  describe('currencies and places', () => {
    it("GET /v1/currencies lists ISO currencies with Intl symbols, the country's first", async () => {
      const all = (await kit.call('GET', '/v1/currencies', null)).json<{ data: Currency[] }>().data;
      expect(all.length).toBeGreaterThan(100);
      expect(all[0]?.code).toBe('USD');
      expect(all.find((c) => c.code === 'USD')?.symbol).toBe('$');
      expect(all.find((c) => c.code === 'EUR')?.symbol).toBe('€');
      const nigeria = (await kit.call('GET', '/v1/currencies?country=ng', null)).json<{ data: Currency[] }>().data;
      expect(nigeria[0]).toMatchObject({ code: 'NGN', symbol: '₦' });
      expect((await kit.call('GET', '/v1/currencies?country=nigeria', null)).statusCode).toBe(400);
    });

    it('GET /v1/places finds cities offline, most populous first, or nearest to a position', async () => {
      const { token } = await kit.register();
      const lagos = (await kit.call('GET', '/v1/places?q=lago', token)).json<{ data: Place[] }>().data;
      expect(lagos[0]).toMatchObject({ name: 'Lagos', countryCode: 'NG', description: 'Lagos, Nigeria' });
      const accents = (await kit.call('GET', '/v1/places?q=sao%20paulo', token)).json<{ data: Place[] }>().data;
      expect(accents[0]?.name).toBe('São Paulo');
      const near = (await kit.call('GET', '/v1/places?latitude=48.8566&longitude=2.3522&limit=3', token)).json<{ data: Place[] }>().data;
      expect(near.map((place) => place.countryCode)).toContain('FR');
      expect((await kit.call('GET', `/v1/places?q=${'a'.repeat(101)}`, token)).statusCode).toBe(400);
      expect((await kit.call('GET', '/v1/places?q=lagos', null)).statusCode).toBe(401);
    });
  });

  describe('POST /v1/shops', () => {
    it('creates the shop with a stable URL-safe alias, slugName and its logo in the media library', async () => {
      const owner = await kit.register();
      const payload = await validPayload(owner.token, { name: 'Café Zoë & Sons' });
      const response = await kit.call('POST', '/v1/shops', owner.token, payload);
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<{ message: string; data: Shop }>();
      expect(body.message).toBe('Project created!');
      expect(body.data).toMatchObject({
        name: 'Café Zoë & Sons',
        alias: 'cafe-zoe-and-sons',
        slugName: 'cafe-zoe-and-sons',
        ownerId: owner.user.id,
        logo: payload.logo,
      });
      expect(body.data.shopCurrency.currency).toMatchObject({ code: 'USD', symbol: '$' });
      const media = (await kit.call('GET', `/v1/admin/shops/${body.data.alias}/shop-media?page=0&limit=100`, owner.token)).json<{ data: ShopMedia[] }>().data;
      expect(media.map((item) => item.url)).toEqual([payload.logo]);
      const renamed = await kit.call('PUT', `/v1/shops/${body.data.alias}`, owner.token, { name: 'Zoe Bakery' });
      expect(renamed.json<{ data: Shop }>().data).toMatchObject({ alias: 'cafe-zoe-and-sons', slugName: 'zoe-bakery' });
      // The old name is free again; its alias is not, so the new shop gets a suffix.
      const again = await kit.call('POST', '/v1/shops', owner.token, await validPayload(owner.token, { name: 'Cafe Zoe and Sons' }));
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json<{ data: Shop }>().data.alias).toBe('cafe-zoe-and-sons-2');
    });

    it('runs the five setup checks in order with the spec messages', async () => {
      const owner = await kit.register();
      const valid = await validPayload(owner.token);
      const cases: [Record<string, unknown>, string][] = [
        [{ ...valid, name: 'ab' }, SHOP_SETUP_MESSAGES.name],
        [{ ...valid, name: undefined, logo: undefined }, SHOP_SETUP_MESSAGES.name],
        [{ ...valid, logo: 'ab' }, SHOP_SETUP_MESSAGES.logo],
        [{ ...valid, latitude: undefined }, SHOP_SETUP_MESSAGES.address],
        [{ ...valid, longitude: 0 }, SHOP_SETUP_MESSAGES.address],
        [{ ...valid, shopCurrency: { currencyId: 0 } }, SHOP_SETUP_MESSAGES.currency],
        [{ ...valid, shopCurrency: undefined }, SHOP_SETUP_MESSAGES.currency],
      ];
      for (const [payload, message] of cases) {
        const response = await kit.call('POST', '/v1/shops', owner.token, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message });
      }
      expect((await kit.call('GET', `/v1/users/${owner.user.id}/shops`, owner.token)).json<{ data: Shop[] }>().data).toEqual([]);
    });

    it('refuses a duplicate name (409), an unknown currency or category, a foreign logo, over-long fields and bad coordinates', async () => {
      const owner = await kit.register();
      const shop = await createShop(owner);
      const duplicate = await kit.call('POST', '/v1/shops', owner.token, await validPayload(owner.token, { name: shop.name.toUpperCase() }));
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json<{ message: string }>().message).toMatch(/already exists/);
      const bad: Record<string, unknown>[] = [
        { shopCurrency: { currencyId: 999_999 } },
        { superCategoriesOfInterest: [42] },
        { categoriesOfInterest: [5] },
        { name: 'x'.repeat(81) },
        { latitude: 91 },
        { longitude: 'east' },
        { logo: '/uploads/shop-media/00000000000000000000000000000000.png' },
        { logo: 'https://evil.example/logo.png' },
        { name: 'Bad\u0000Name' },
      ];
      for (const fields of bad) {
        const response = await kit.call('POST', '/v1/shops', owner.token, await validPayload(owner.token, fields));
        expect(response.statusCode, JSON.stringify(fields)).toBe(400);
        expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
      }
      // Another merchant's pending logo is not theirs to use.
      const stranger = await kit.register();
      const foreign = (await upload(stranger.token)).json<{ data: ShopMedia }>().data.url;
      expect((await kit.call('POST', '/v1/shops', owner.token, await validPayload(owner.token, { logo: foreign }))).statusCode).toBe(400);
      expect((await kit.call('POST', '/v1/shops', null, await validPayload(owner.token))).statusCode).toBe(401);
    });

    it('creates one shop of two parallel requests with the same name', async () => {
      const owner = await kit.register();
      const [a, b] = await Promise.all([validPayload(owner.token, { name: 'Twin Stores' }), validPayload(owner.token, { name: 'Twin Stores' })]);
      const answers = await Promise.all([kit.call('POST', '/v1/shops', owner.token, a), kit.call('POST', '/v1/shops', owner.token, b)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });
  });

  describe('one pending logo, one shop', () => {
    it('of parallel creations naming the same pending upload, one shop gets the logo; the others are refused', async () => {
      const owner = await kit.register();
      const first = await validPayload(owner.token);
      // Issue 27 #8: on PostgreSQL, 6 parallel creations with one pending upload made 6 shops share it.
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, index) => kit.call('POST', '/v1/shops', owner.token, { ...first, name: `${first.name} parallel ${index}` })),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.statusCode !== 201)) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({ message: SHOP_MESSAGES.logoNotUploaded });
      }
      const created = answers.find((answer) => answer.statusCode === 201)?.json<{ data: Shop }>().data;
      const rows = await kit.database.db
        .select({ shopAlias: media.shopAlias })
        .from(media)
        .where(eq(media.fileName, first.logo.replace(/^\/uploads\//, '')));
      expect(rows).toEqual([{ shopAlias: created?.alias }]);
      // No shop was left behind without its logo.
      const mine = (await kit.call('GET', `/v1/users/${owner.user.id}/shops`, owner.token)).json<{ data: Shop[] }>().data;
      expect(mine.map((shop) => shop.alias)).toEqual([created?.alias]);
    });
  });

  describe('find, update, configure, check-enable', () => {
    it('GET /v1/shops/find says whether a name is free', async () => {
      const owner = await kit.register();
      const shop = await createShop(owner);
      const taken = (await kit.call('GET', `/v1/shops/find?shopName=${encodeURIComponent(shop.name)}`, owner.token)).json<{ data: FindShopAnswer }>().data;
      expect(taken).toMatchObject({ available: false, slugName: shop.slugName });
      const free = (await kit.call('GET', '/v1/shops/find?shopName=Brand%20New%20Name', owner.token)).json<{ data: FindShopAnswer }>().data;
      expect(free).toEqual({ shopName: 'Brand New Name', slugName: 'brand-new-name', available: true, message: null });
      const short = (await kit.call('GET', '/v1/shops/find?shopName=ab', owner.token)).json<{ data: FindShopAnswer }>().data;
      expect(short).toMatchObject({ available: false, message: SHOP_SETUP_MESSAGES.name });
      expect((await kit.call('GET', '/v1/shops/find?slugName=' + shop.slugName, owner.token)).json<{ data: FindShopAnswer }>().data.available).toBe(false);
    });

    it('PUT saves categories of interest; the owner and a SOVEREIGN may, a stranger gets 403, unknown alias 404', async () => {
      const owner = await kit.register();
      const shop = await createShop(owner);
      const url = `/v1/shops/${shop.alias}`;
      const saved = await kit.call('PUT', url, owner.token, { superCategoriesOfInterest: [2, 3], categoriesOfInterest: [201, 301] });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<{ data: Shop }>().data).toMatchObject({ superCategoriesOfInterest: [2, 3], categoriesOfInterest: [201, 301] });
      const stranger = await kit.register();
      expect((await kit.call('PUT', url, stranger.token, { slogan: 'mine' })).statusCode).toBe(403);
      const boss = await sovereign();
      expect((await kit.call('PUT', url, boss.token, { slogan: 'Fresh daily' })).json<{ data: Shop }>().data.slogan).toBe('Fresh daily');
      expect((await kit.call('PUT', '/v1/shops/no-such-shop', owner.token, { slogan: 'x' })).statusCode).toBe(404);
      expect((await kit.call('PUT', '/v1/shops/Bad..Alias', owner.token, { slogan: 'x' })).statusCode).toBe(400);
      expect((await kit.call('PUT', url, owner.token, { name: 'ab' })).json()).toEqual({ message: SHOP_SETUP_MESSAGES.name });
      expect((await kit.call('PUT', url, owner.token, { shopCurrency: { currencyId: 0 } })).json()).toEqual({ message: SHOP_SETUP_MESSAGES.currency });
    });

    it('POST configure stores the design config and counts versions; GET admin shop returns it', async () => {
      const owner = await kit.register();
      const shop = await createShop(owner);
      const url = `/v1/shops/${shop.alias}/configure`;
      const first = await kit.call('POST', url, owner.token, { shop: { alias: shop.alias }, appTemplate: { theme: 'template_a' } });
      expect(first.json<{ data: { configVersion: number } }>().data).toEqual({ alias: shop.alias, configVersion: 1 });
      expect((await kit.call('POST', `${url}?configVersion=0`, owner.token, { shop: { alias: shop.alias } })).statusCode).toBe(409);
      expect(
        (await kit.call('POST', `${url}?configVersion=1`, owner.token, { shop: { alias: shop.alias }, v: 2 })).json<{ data: { configVersion: number } }>().data
          .configVersion,
      ).toBe(2);
      expect((await kit.call('POST', url, owner.token, { shop: { alias: 'another' } })).statusCode).toBe(400);
      expect((await kit.call('POST', url, owner.token, [1, 2])).statusCode).toBe(400);
      const stranger = await kit.register();
      expect((await kit.call('POST', url, stranger.token, {})).statusCode).toBe(403);
      const admin = (await kit.call('GET', `/v1/admin/shops/${shop.alias}`, owner.token)).json<{ data: AdminShop }>().data;
      expect(admin.config).toEqual({ shop: { alias: shop.alias }, v: 2 });
      expect(admin.configVersion).toBe(2);
      expect((await kit.call('GET', `/v1/admin/shops/${shop.alias}`, stranger.token)).statusCode).toBe(403);
      expect((await kit.call('GET', '/v1/admin/shops/nothing-here', owner.token)).statusCode).toBe(404);
    });

    it('POST check-enable names what is missing', async () => {
      const owner = await kit.register();
      const shop = await createShop(owner);
      const url = `/v1/shops/${shop.alias}/check-enable`;
      expect((await kit.call('POST', url, owner.token)).json<{ data: unknown }>().data).toEqual({
        canEnable: false,
        message: 'Please select the categories your shop sells',
      });
      await kit.call('PUT', `/v1/shops/${shop.alias}`, owner.token, { superCategoriesOfInterest: [1] });
      expect((await kit.call('POST', url, owner.token)).json<{ data: unknown }>().data).toEqual({ canEnable: true, message: null });
      expect((await kit.call('POST', url, (await kit.register()).token)).statusCode).toBe(403);
    });
  });

  describe('lists, media and delete', () => {
    it('GET /v1/users/{userId}/shops: own shops paged; a stranger 403; a SOVEREIGN may', async () => {
      const owner = await kit.register();
      await createShop(owner);
      await createShop(owner);
      const page = await kit.call('GET', `/v1/users/${owner.user.id}/shops?page=0&limit=1`, owner.token);
      expect(page.json<{ data: Shop[] }>().data).toHaveLength(1);
      expect(page.headers['x-total-count']).toBe('2');
      expect((await kit.call('GET', `/v1/users/${owner.user.id}/shops`, (await kit.register()).token)).statusCode).toBe(403);
      expect((await kit.call('GET', `/v1/users/${owner.user.id}/shops`, (await sovereign()).token)).json<{ data: Shop[] }>().data).toHaveLength(2);
    });

    it('parallel pending uploads of one merchant each get their own file; only the latest few are kept', async () => {
      const owner = await kit.register();
      const answers = await Promise.all(Array.from({ length: 12 }, () => upload(owner.token)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
      const urls = answers.map((answer) => answer.json<{ data: ShopMedia }>().data.url);
      expect(new Set(urls).size).toBe(12);
      // One more upload prunes the pending ones down to the kept window.
      await upload(owner.token);
      const pending = await kit.database.db.select().from(media).where(eq(media.ownerUserId, owner.user.id));
      expect(pending.length).toBe(5);
    });

    it('shop media: upload checks magic bytes, refuses SVG and large files; keyword search; strangers refused', async () => {
      const owner = await kit.register();
      const shop = await createShop(owner);
      const url = `/v1/admin/shops/${shop.alias}/shop-media`;
      const banner = await upload(owner.token, url, PNG, 'image/png', 'Summer banner.png');
      expect(banner.statusCode, banner.body).toBe(200);
      expect(banner.json<{ data: ShopMedia }>().data).toMatchObject({ name: 'Summer banner.png', contentType: 'image/png' });
      const svg = await upload(owner.token, url, SVG, 'image/svg+xml', 'x.svg');
      expect(svg.statusCode).toBe(415);
      expect(svg.json<{ message: string }>().message).toMatch(/SVG is not accepted/);
      expect((await upload(owner.token, url, SVG, 'image/png', 'x.png')).statusCode).toBe(415);
      expect((await upload(owner.token, url, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))).statusCode).toBe(413);
      const found = (await kit.call('GET', `${url}?keyword=summer`, owner.token)).json<{ data: ShopMedia[] }>().data;
      expect(found.map((item) => item.name)).toEqual(['Summer banner.png']);
      expect((await kit.call('GET', `${url}?keyword=%25`, owner.token)).json<{ data: ShopMedia[] }>().data).toEqual([]);
      expect((await kit.call('GET', `${url}?limit=0`, owner.token)).statusCode).toBe(400);
      const stranger = await kit.register();
      expect((await kit.call('GET', url, stranger.token)).statusCode).toBe(403);
      expect((await upload(stranger.token, url)).statusCode).toBe(403);
    });

    it('DELETE /v1/admin/shops/{alias}: owner only, removes the shop and its files; templateId must match', async () => {
      const owner = await kit.register();
      const shop = await createShop(owner);
      const file = path.join(kit.config.DATA_DIR, shop.logo);
      expect(existsSync(file)).toBe(true);
      const url = `/v1/admin/shops/${shop.alias}`;
      expect((await kit.call('DELETE', url, (await kit.register()).token)).statusCode).toBe(403);
      expect((await kit.call('DELETE', `${url}?templateId=t-1`, owner.token)).statusCode).toBe(400);
      expect((await kit.call('DELETE', url, owner.token)).statusCode).toBe(200);
      expect((await kit.call('GET', url, owner.token)).statusCode).toBe(404);
      expect(existsSync(file)).toBe(false);
      expect((await kit.call('DELETE', url, owner.token)).statusCode).toBe(404);
    });
  });
});
