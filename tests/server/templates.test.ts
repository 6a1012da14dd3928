/**
 * Templates (issue #11): seeded starters, filters, create / save / remove permissions, the limit
 * of 20 (also under parallel creates), removal from all three realtime places in one transaction
 * (also when a step fails half way: an injected failure), template paths in the realtime store,
 * starting a shop from a template, and the seeded engine releases. On PGlite and PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { like, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@contract/auth/schemas';
import { ROLE, TEMPLATE_CATEGORIES } from '@contract/constants';
import { designPath, designRoom, REALTIME_EVENTS } from '@contract/design/realtime';
import type { Currency, Shop, ShopMedia, AdminShop } from '@contract/shops/schemas';
import { TEMPLATE_MESSAGES, templateCategoryDocPath, templateDocPath } from '@contract/templates/paths';
import { ALL_TEMPLATE_CATEGORIES, type Template } from '@contract/templates/schemas';
import { realtimeNodes, shops, userRoles } from '../../server/src/db/schema';
import { templateRoom } from '../../server/src/modules/templates/documents';
import { databaseKinds } from './harness';
import { PNG, useApp } from './kit';
import { closeSockets, connectSocket } from './sockets';

const kinds = await databaseKinds();
afterAll(() => {
  closeSockets();
});

describe.each(kinds)('templates on %s', (kind) => {
  const kit = useApp(kind);
  let counter = 0;

  async function sovereign(): Promise<AuthResult> {
    const session = await kit.register();
    await kit.database.db.insert(userRoles).values({ userId: session.user.id, roleId: ROLE.SOVEREIGN });
    return session;
  }

  async function create(token: string | null, fields: Record<string, unknown> = {}) {
    counter += 1;
    return kit.call('POST', '/v1/templates', token, { name: `My Template ${counter}`, category: 'health_beauty', tags: ['mine'], ...fields });
  }

  async function places(template: Pick<Template, 'templateId' | 'category' | 'data'>): Promise<string[]> {
    const rows = await kit.database.db
      .select({ path: realtimeNodes.path })
      .from(realtimeNodes)
      .where(
        sql`${realtimeNodes.path} in (${templateCategoryDocPath(template.templateId)}, ${templateDocPath(template.category, template.templateId)}) or ${realtimeNodes.path} like ${`apps/production/${template.data.shop.alias}/%`}`,
      );
    return rows.map((row) => row.path).sort();
  }

  it('seeds published starter templates: three per homepage category and one per other category, idempotently', async () => {
    const response = await kit.call('GET', '/v1/templates', null);
    expect(response.statusCode, response.body).toBe(200);
    const templates = response.json<{ data: Template[] }>().data;
    for (const category of TEMPLATE_CATEGORIES) expect(templates.filter((t) => t.category === category).length).toBeGreaterThanOrEqual(3);
    for (const category of ALL_TEMPLATE_CATEGORIES) expect(templates.filter((t) => t.category === category).length).toBeGreaterThanOrEqual(1);
    for (const template of templates) {
      expect(template).toMatchObject({ isPublished: 1, isDefault: 1, version: 0 });
      expect(template.tags.length).toBeGreaterThan(0);
      expect(template.colors.length).toBeGreaterThan(0);
      expect(template.images.length).toBeGreaterThan(0);
      expect(template.data).toMatchObject({ shop: { alias: template.templateId }, version: 0, configVersion: 0 });
      expect((template.creation.appTemplate as { theme?: string }).theme).toMatch(/^template_[abc]$/);
    }
    // Distinct looks: no two starters share primary colour and layout.
    expect(new Set(templates.map((t) => JSON.stringify([t.colors[0], (t.creation.appTemplate as { theme: string }).theme]))).size).toBe(templates.length);
    const { seed } = await import('../../server/src/seed');
    await seed(kit.database.db);
    expect((await kit.call('GET', '/v1/templates', null)).json<{ data: Template[] }>().data.length).toBe(templates.length);
  });

  it('filters by category and by tag; an unknown template is not found', async () => {
    const phones = (await kit.call('GET', '/v1/templates?category=phones_tablets', null)).json<{ data: Template[] }>().data;
    expect(phones.length).toBeGreaterThanOrEqual(3);
    expect(phones.every((t) => t.category === 'phones_tablets')).toBe(true);
    const gold = (await kit.call('GET', '/v1/templates?tag=Gold', null)).json<{ data: Template[] }>().data;
    expect(gold.map((t) => t.templateId)).toEqual(['aurum-jewels']);
    expect((await kit.call('GET', '/v1/templates?category=nope', null)).statusCode).toBe(400);
    const missing = await kit.call('GET', '/v1/templates/no-such-template', null);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe(TEMPLATE_MESSAGES.notFound);
  });

  it('creates a template in all three places; saving needs a category; only the owner or a SOVEREIGN may save', async () => {
    expect((await create(null)).statusCode).toBe(401);
    const owner = await kit.register();
    const other = await kit.register();
    const admin = await sovereign();
    const created = await create(owner.token, { fromTemplateId: 'aurum-jewels' });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<{ data: Template }>().data;
    expect(template).toMatchObject({ category: 'health_beauty', isPublished: 1, isDefault: 1, version: 0, tags: ['mine'] });
    expect((template.creation.colors as { accent: string }).accent).toBe('#C8A24AFF');
    expect(await places(template)).toEqual(
      [designPath(template.data.shop.alias, 0), templateCategoryDocPath(template.templateId), templateDocPath('health_beauty', template.templateId)].sort(),
    );
    const [shop] = await kit.database.db.select().from(shops).where(eq(shops.alias, template.data.shop.alias));
    expect(shop).toMatchObject({ isTemplate: true, templateId: template.templateId, ownerUserId: owner.user.id });

    const url = `/v1/templates/${template.templateId}`;
    const missingCategory = await kit.call('PUT', url, owner.token, { name: 'Renamed' });
    expect(missingCategory.statusCode).toBe(400);
    expect(missingCategory.json<{ message: string }>().message).toBe(TEMPLATE_MESSAGES.saveError);
    const refused = await kit.call('PUT', url, other.token, { category: 'phones_tablets', name: 'Stolen' });
    expect(refused.statusCode).toBe(403);
    expect((await kit.call('PUT', url, null, { category: 'phones_tablets' })).statusCode).toBe(401);
    expect((await kit.call('GET', url, null)).json<{ data: Template }>().data).toMatchObject({ name: template.name, category: 'health_beauty', version: 0 });

    const saved = await kit.call('PUT', url, owner.token, { category: 'phones_tablets', name: 'Renamed', tags: ['blue'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: Template }>().data).toMatchObject({ category: 'phones_tablets', name: 'Renamed', version: 1, tags: ['blue'] });
    expect(await places({ ...template, category: 'phones_tablets' })).toHaveLength(3);
    expect(await places(template)).not.toContain(templateDocPath('health_beauty', template.templateId));
    const bySovereign = await kit.call('PUT', url, admin.token, { category: 'phones_tablets', isPublished: 0 });
    expect(bySovereign.statusCode, bySovereign.body).toBe(200);
    expect((await kit.call('GET', '/v1/templates?category=phones_tablets', null)).json<{ data: Template[] }>().data.map((t) => t.templateId)).not.toContain(
      template.templateId,
    );

    // The design editor writes the template's design document like any shop's (owner only).
    const edit = await kit.call('POST', '/v1/realtime/edits', other.token, {
      editId: `tpl${process.pid}edit${counter}`,
      updates: { [`${designPath(template.data.shop.alias, 0)}/data/colors/primary`]: '#000000FF' },
    });
    expect(edit.statusCode).toBe(403);
  });

  it('removes a template from all three places; others may not; a SOVEREIGN may', async () => {
    const owner = await kit.register();
    const other = await kit.register();
    const admin = await sovereign();
    const first = (await create(owner.token)).json<{ data: Template }>().data;
    const second = (await create(owner.token)).json<{ data: Template }>().data;
    expect((await kit.call('DELETE', `/v1/templates/${first.templateId}`, other.token)).statusCode).toBe(403);
    expect(await places(first)).toHaveLength(3);
    const removed = await kit.call('DELETE', `/v1/templates/${first.templateId}`, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await places(first)).toEqual([]);
    expect(await kit.database.db.select().from(shops).where(eq(shops.alias, first.data.shop.alias))).toEqual([]);
    expect((await kit.call('GET', `/v1/templates/${first.templateId}`, null)).statusCode).toBe(404);
    expect((await kit.call('DELETE', `/v1/templates/${first.templateId}`, owner.token)).statusCode).toBe(404);
    expect((await kit.call('DELETE', `/v1/templates/${second.templateId}`, admin.token)).statusCode).toBe(200);
    expect(await places(second)).toEqual([]);
  });

  it('DELETE /v1/admin/shops/{alias}?templateId removes a template shop with its documents, for its owner only', async () => {
    const owner = await kit.register();
    const other = await kit.register();
    const template = (await create(owner.token)).json<{ data: Template }>().data;
    const url = `/v1/admin/shops/${template.data.shop.alias}?templateId=${template.templateId}`;
    expect((await kit.call('DELETE', url, other.token)).statusCode).toBe(403);
    expect(await places(template)).toHaveLength(3);
    const removed = await kit.call('DELETE', url, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await places(template)).toEqual([]);
    expect(await kit.database.db.select().from(shops).where(eq(shops.alias, template.data.shop.alias))).toEqual([]);
  });

  it('a removal that fails half way leaves the template whole in all three places (one transaction)', async () => {
    const owner = await kit.register();
    const template = (await create(owner.token)).json<{ data: Template }>().data;
    const db = kit.database.db;
    // Injected failure: deleting the template's design document (the third step) raises.
    await db.execute(
      sql.raw(`create or replace function fail_template_delete() returns trigger as $$ begin
      if old.path like 'apps/production/${template.data.shop.alias}/%' then raise exception 'injected failure'; end if; return old; end $$ language plpgsql`),
    );
    await db.execute(sql.raw('create trigger fail_template_delete before delete on realtime_nodes for each row execute function fail_template_delete()'));
    try {
      const failed = await kit.call('DELETE', `/v1/templates/${template.templateId}`, owner.token);
      expect(failed.statusCode).toBe(500);
      expect(await places(template)).toHaveLength(3);
      expect(await db.select().from(shops).where(eq(shops.alias, template.data.shop.alias))).toHaveLength(1);
    } finally {
      await db.execute(sql.raw('drop trigger fail_template_delete on realtime_nodes'));
    }
    expect((await kit.call('DELETE', `/v1/templates/${template.templateId}`, owner.token)).statusCode).toBe(200);
    expect(await places(template)).toEqual([]);
  });

  it('refuses the 21st template, also when two creates race for the 20th', async () => {
    const owner = await kit.register();
    for (let index = 0; index < 18; index += 1) expect((await create(owner.token)).statusCode).toBe(201);
    const race = await Promise.all([create(owner.token), create(owner.token), create(owner.token)]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 201, 400]);
    const [count] = await kit.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shops)
      .where(eq(shops.ownerUserId, owner.user.id));
    expect(count?.n).toBe(20);
    const refused = await create(owner.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(TEMPLATE_MESSAGES.limit);
    expect(
      await kit.database.db
        .select()
        .from(realtimeNodes)
        .where(like(realtimeNodes.path, `%my-template-${counter}-%`)),
    ).toEqual([]);
  });

  async function shopOf(merchant: AuthResult): Promise<Shop> {
    counter += 1;
    const logo = (
      await kit.app.inject({
        method: 'POST',
        url: '/v1/shop-media',
        headers: { authorization: `Bearer ${merchant.token}`, 'content-type': 'image/png' },
        payload: PNG,
      })
    ).json<{ data: ShopMedia }>().data.url;
    const currencies = (await kit.call('GET', '/v1/currencies', null)).json<{ data: Currency[] }>().data;
    const response = await kit.call('POST', '/v1/shops', merchant.token, {
      name: `Template Shop ${kind} ${counter} ${process.pid}`,
      logo,
      latitude: 6.45,
      longitude: 3.39,
      address: { name: 'Lagos', description: 'Lagos, Nigeria', latitude: 6.45, longitude: 3.39 },
      shopCurrency: { currencyId: currencies.find((currency) => currency.code === 'USD')?.id ?? 0 },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Shop }>().data;
  }

  it('starts a merchant shop from a template, only for the shop owner', async () => {
    const merchant = await kit.register();
    const other = await kit.register();
    const logo = (
      await kit.app.inject({
        method: 'POST',
        url: '/v1/shop-media',
        headers: { authorization: `Bearer ${merchant.token}`, 'content-type': 'image/png' },
        payload: PNG,
      })
    ).json<{ data: ShopMedia }>().data.url;
    const currencies = (await kit.call('GET', '/v1/currencies', null)).json<{ data: Currency[] }>().data;
    const shop = (
      await kit.call('POST', '/v1/shops', merchant.token, {
        name: `Template User ${kind} ${process.pid}`,
        logo,
        latitude: 6.45,
        longitude: 3.39,
        address: { name: 'Lagos', description: 'Lagos, Nigeria', latitude: 6.45, longitude: 3.39 },
        shopCurrency: { currencyId: currencies.find((currency) => currency.code === 'USD')?.id ?? 0 },
      })
    ).json<{ data: Shop }>().data;
    expect((await kit.call('POST', '/v1/templates/volt-mobile/use', other.token, { alias: shop.alias })).statusCode).toBe(403);
    expect((await kit.call('POST', '/v1/templates/no-such/use', merchant.token, { alias: shop.alias })).statusCode).toBe(404);
    const used = await kit.call('POST', '/v1/templates/volt-mobile/use', merchant.token, { alias: shop.alias });
    expect(used.statusCode, used.body).toBe(200);
    const admin = (await kit.call('GET', `/v1/admin/shops/${shop.alias}`, merchant.token)).json<{ data: AdminShop }>().data;
    expect(admin.config).toMatchObject({
      shop: { alias: shop.alias, name: shop.name },
      appTemplate: { theme: 'template_c', hasBottomNavBar: true },
      colors: { primary: '#0F62FEFF' },
    });
    expect(admin.superCategoriesOfInterest).toEqual([9]);
    const [doc] = await kit.database.db
      .select()
      .from(realtimeNodes)
      .where(eq(realtimeNodes.path, designPath(shop.alias, 0)));
    expect(doc?.value).toMatchObject({ isDefault: true, version: 0, data: { appTemplate: { theme: 'template_c' } } });
  });

  it('an unpublished template is read, copied and used only by its owner or a SOVEREIGN', async () => {
    const owner = await kit.register();
    const stranger = await kit.register();
    const admin = await sovereign();
    const template = (await create(owner.token)).json<{ data: Template }>().data;
    const address = kit.app.server.address();
    if (!address || typeof address === 'string') await kit.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = kit.app.server.address() as AddressInfo;
    const paths = [
      templateCategoryDocPath(template.templateId),
      templateDocPath(template.category, template.templateId),
      designPath(template.data.shop.alias, template.data.configVersion),
    ];
    // A stranger follows it while it is published...
    const follower = await connectSocket(`http://127.0.0.1:${port}`, { auth: { token: stranger.token } });
    const refused = new Promise<unknown>((resolve, reject) => {
      follower.once(REALTIME_EVENTS.refused, resolve);
      setTimeout(() => reject(new Error('the follower was not told')), 5000);
    });
    for (const path of paths) expect(await follower.timeout(5000).emitWithAck(REALTIME_EVENTS.subscribe, { path })).toMatchObject({ ok: true });
    expect((await kit.call('PUT', `/v1/templates/${template.templateId}`, owner.token, { category: template.category, isPublished: 0 })).statusCode).toBe(200);
    // ...and stops following it once it is not: told about the design, out of every room.
    expect(await refused).toEqual({ path: paths[2], message: TEMPLATE_MESSAGES.notFound });
    const rooms = await Promise.all(
      paths.map(async (path) =>
        (
          await kit.app.realtime.io
            .in(path.startsWith('apps/') ? designRoom({ alias: template.data.shop.alias, version: template.data.configVersion }) : templateRoom(path))
            .fetchSockets()
        ).map((socket) => socket.id),
      ),
    );
    expect(rooms.flat()).not.toContain(follower.id);
    const strangerShop = await shopOf(stranger);
    const ownerShop = await shopOf(owner);

    // Issue 27 #6: hidden from the list, but readable by id with the client credential, and a stranger could copy (201) or use (200) it.
    expect((await kit.call('GET', '/v1/templates', null)).json<{ data: Template[] }>().data.map((t) => t.templateId)).not.toContain(template.templateId);
    for (const token of [null, stranger.token]) {
      const read = await kit.call('GET', `/v1/templates/${template.templateId}`, token);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ message: TEMPLATE_MESSAGES.notFound });
    }
    expect((await create(stranger.token, { fromTemplateId: template.templateId })).statusCode).toBe(404);
    expect((await kit.call('POST', `/v1/templates/${template.templateId}/use`, stranger.token, { alias: strangerShop.alias })).statusCode).toBe(404);
    // Nor through the realtime socket: its documents and its design.
    const anonymous = await connectSocket(`http://127.0.0.1:${port}`);
    const strangerSocket = await connectSocket(`http://127.0.0.1:${port}`, { auth: { token: stranger.token } });
    for (const socket of [anonymous, strangerSocket]) {
      for (const path of paths)
        expect(await socket.timeout(5000).emitWithAck(REALTIME_EVENTS.get, { path }), path).toMatchObject({ ok: false, message: TEMPLATE_MESSAGES.notFound });
    }

    // Its owner and a SOVEREIGN still may.
    for (const who of [owner, admin]) {
      const read = await kit.call('GET', `/v1/templates/${template.templateId}`, who.token);
      expect(read.statusCode).toBe(200);
      expect(read.json<{ data: Template }>().data.isPublished).toBe(0);
      const socket = await connectSocket(`http://127.0.0.1:${port}`, { auth: { token: who.token } });
      for (const path of paths)
        expect(await socket.timeout(5000).emitWithAck(REALTIME_EVENTS.get, { path }), path).toMatchObject({
          ok: true,
          snapshot: { value: expect.anything() as unknown },
        });
    }
    const copy = await create(owner.token, { fromTemplateId: template.templateId });
    expect(copy.statusCode, copy.body).toBe(201);
    expect((await kit.call('POST', `/v1/templates/${template.templateId}/use`, owner.token, { alias: ownerShop.alias })).statusCode).toBe(200);
    // Published again, it is everyone's.
    expect((await kit.call('PUT', `/v1/templates/${template.templateId}`, owner.token, { category: template.category, isPublished: 1 })).statusCode).toBe(200);
    expect((await kit.call('GET', `/v1/templates/${template.templateId}`, null)).statusCode).toBe(200);
    expect((await kit.call('POST', `/v1/templates/${template.templateId}/use`, stranger.token, { alias: strangerShop.alias })).statusCode).toBe(200);
  });

  it('reads template documents over the realtime socket; they are not written through it', async () => {
    const address = kit.app.server.address();
    if (!address || typeof address === 'string') await kit.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = kit.app.server.address() as AddressInfo;
    const socket = await connectSocket(`http://127.0.0.1:${port}`);
    const ask = (event: string, payload: unknown) =>
      new Promise<{ ok: boolean; snapshot?: { value: unknown }; message?: string }>((resolve) => socket.emit(event, payload, resolve));
    const category = await ask(REALTIME_EVENTS.get, { path: templateCategoryDocPath('glow-beauty') });
    expect(category).toMatchObject({ ok: true, snapshot: { value: { templateId: 'glow-beauty', category: 'health_beauty' } } });
    const doc = await ask(REALTIME_EVENTS.subscribe, { path: templateDocPath('health_beauty', 'glow-beauty') });
    expect(doc).toMatchObject({ ok: true, snapshot: { value: { templateId: 'glow-beauty', isPublished: 1, isDefault: 1 } } });
    const absent = await ask(REALTIME_EVENTS.get, { path: templateCategoryDocPath('no-such') });
    expect(absent).toMatchObject({ ok: true, snapshot: { value: null } });
    const write = await ask(REALTIME_EVENTS.update, {
      editId: `tplwrite${process.pid}x1`,
      updates: { [templateDocPath('health_beauty', 'glow-beauty')]: null },
    });
    expect(write.ok).toBe(false);
    expect((await kit.call('GET', '/v1/templates/glow-beauty', null)).statusCode).toBe(200);
  });

  it('lists the seeded merchant-app engine releases', async () => {
    const merchant = await kit.register();
    const releases = (await kit.call('GET', '/v1/engine/releases?appType=merchant-app', merchant.token)).json<{
      data: { version: string; appType: string }[];
    }>().data;
    expect(releases.map((r) => r.version).slice(0, 3)).toEqual(['3.2.0', '3.1.0', '3.0.0']);
    expect(releases.every((r) => r.appType === 'merchant-app')).toBe(true);
    expect((await kit.call('GET', '/v1/engine/releases?appType=other', merchant.token)).json<{ data: unknown[] }>().data).toEqual([]);
  });
});
