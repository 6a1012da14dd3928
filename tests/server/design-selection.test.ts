/**
 * Issue 27: a design carries a copy of its shop's selection (the trades and categories the phone
 * preview fills the app from), kept in step by the server: a whole-document write or a write of
 * the copy takes the shop's, a changed selection reaches every version and its readers, POST
 * configure stores it, and designs stored before take their shop's at start. PGlite and PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { designPath, REALTIME_EVENTS, type RealtimeSnapshot } from '@contract/design/realtime';
import type { AdminShop } from '@contract/shops/schemas';
import { realtimeNodes, shops } from '../../server/src/db/schema';
import { syncAllSelections } from '../../server/src/modules/design/selection';
import { databaseKinds, removeTempDirs } from './harness';
import { useApp } from './kit';
import { closeSockets, connectSocket } from './sockets';
import { createTeamShop } from './team-kit';

const kinds = await databaseKinds();
afterAll(() => {
  closeSockets();
  removeTempDirs();
});

let editCounter = 0;
const editId = () => `sel${process.pid}x${(editCounter += 1)}abcdef`;

type Selection = { superCategoriesOfInterest: number[]; categoriesOfInterest: number[] };
const copyOf = (value: unknown): Selection => {
  const data = (value as { data: Selection }).data;
  return { superCategoriesOfInterest: data.superCategoriesOfInterest, categoriesOfInterest: data.categoriesOfInterest };
};

describe.each(kinds)('a design carries its shop’s selection on %s', (kind) => {
  const kit = useApp(kind);
  const db = () => kit.database.db;
  const edit = (token: string, updates: Record<string, unknown>) => kit.call('POST', '/v1/realtime/edits', token, { editId: editId(), updates });
  const stored = async (path: string) =>
    (await db().select({ value: realtimeNodes.value, revision: realtimeNodes.revision }).from(realtimeNodes).where(eq(realtimeNodes.path, path)))[0];
  const choose = (token: string, alias: string, selection: Partial<Selection> & { slogan?: string }) => kit.call('PUT', `/v1/shops/${alias}`, token, selection);

  it('a new design takes the selection chosen on the category page, whatever its first write says', async () => {
    const owner = await kit.register();
    const shop = await createTeamShop(kit, owner, `selection ${kind}`);
    expect((await choose(owner.token, shop.alias, { superCategoriesOfInterest: [2], categoriesOfInterest: [201] })).statusCode).toBe(200);

    const doc = designPath(shop.alias, 0);
    // The editor's first save of a new design (an older portal sends an empty copy).
    const seeded = await edit(owner.token, {
      [doc]: { isDefault: true, version: 0, data: { shop: { alias: shop.alias }, superCategoriesOfInterest: [], categoriesOfInterest: [] } },
    });
    expect(seeded.statusCode, seeded.body).toBe(200);
    expect(copyOf((await stored(doc))?.value)).toEqual({ superCategoriesOfInterest: [2], categoriesOfInterest: [201] });

    // The copy is the shop's: a write of it keeps the shop's; other fields are written as sent.
    expect((await edit(owner.token, { [`${doc}/data/superCategoriesOfInterest`]: [5], [`${doc}/data/colors/primary`]: '#B71C1CFF' })).statusCode).toBe(200);
    const after = await stored(doc);
    expect(copyOf(after?.value)).toEqual({ superCategoriesOfInterest: [2], categoriesOfInterest: [201] });
    expect((after?.value as { data: { colors: { primary: string } } }).data.colors.primary).toBe('#B71C1CFF');
    const admin = (await kit.call('GET', `/v1/admin/shops/${shop.alias}`, owner.token)).json<{ data: AdminShop }>().data;
    expect(copyOf({ data: admin.config })).toEqual({ superCategoriesOfInterest: [2], categoriesOfInterest: [201] });
  });

  it('a changed selection reaches every version of the design and the phones reading it; other shop changes leave the designs alone', async () => {
    const owner = await kit.register();
    const shop = await createTeamShop(kit, owner, `change ${kind}`);
    await choose(owner.token, shop.alias, { superCategoriesOfInterest: [1] });
    const versions = [designPath(shop.alias, 0), designPath(shop.alias, 1)];
    for (const [index, doc] of versions.entries())
      expect((await edit(owner.token, { [doc]: { isDefault: index === 0, version: index, data: {} } })).statusCode).toBe(200);
    const before = await Promise.all(versions.map(stored));

    if (!kit.app.server.listening) await kit.app.listen({ port: 0, host: '127.0.0.1' });
    const phone = await connectSocket(`http://127.0.0.1:${(kit.app.server.address() as AddressInfo).port}`, { auth: { token: owner.token } });
    const seen: RealtimeSnapshot[] = [];
    phone.on(REALTIME_EVENTS.value, (snapshot: RealtimeSnapshot) => seen.push(snapshot));
    expect(await phone.timeout(2000).emitWithAck(REALTIME_EVENTS.subscribe, { path: versions[0] })).toMatchObject({ ok: true });

    expect((await choose(owner.token, shop.alias, { superCategoriesOfInterest: [2], categoriesOfInterest: [201, 202] })).statusCode).toBe(200);
    for (const [index, doc] of versions.entries()) {
      const now = await stored(doc);
      expect(copyOf(now?.value)).toEqual({ superCategoriesOfInterest: [2], categoriesOfInterest: [201, 202] });
      expect(now?.revision).toBe((before[index]?.revision ?? 0) + 1);
    }
    await expect.poll(() => seen.at(-1) && copyOf(seen.at(-1)?.value)).toEqual({ superCategoriesOfInterest: [2], categoriesOfInterest: [201, 202] });

    // An edit right after goes through (the server's knowledge of the document was refreshed).
    expect((await edit(owner.token, { [`${versions[0]}/data/colors/accent`]: '#00FF00FF' })).statusCode).toBe(200);
    const revision = (await stored(versions[1] ?? ''))?.revision;
    expect((await choose(owner.token, shop.alias, { slogan: 'Dresses for every day' })).statusCode).toBe(200);
    expect((await stored(versions[1] ?? ''))?.revision).toBe(revision);
  });

  it('POST configure stores the shop’s selection in the config and the document', async () => {
    const owner = await kit.register();
    const shop = await createTeamShop(kit, owner, `configure ${kind}`);
    await choose(owner.token, shop.alias, { superCategoriesOfInterest: [6], categoriesOfInterest: [602] });
    const configured = await kit.call('POST', `/v1/shops/${shop.alias}/configure`, owner.token, {
      shop: { alias: shop.alias },
      superCategoriesOfInterest: [1],
    });
    expect(configured.statusCode, configured.body).toBe(200);
    expect(Object.keys(configured.json<{ data: object }>().data).sort()).toEqual(['alias', 'configVersion']);
    expect(copyOf(await stored(designPath(shop.alias, 0)).then((node) => node?.value))).toEqual({
      superCategoriesOfInterest: [6],
      categoriesOfInterest: [602],
    });
    const [row] = await db().select({ config: shops.config }).from(shops).where(eq(shops.alias, shop.alias));
    expect(copyOf({ data: row?.config })).toEqual({ superCategoriesOfInterest: [6], categoriesOfInterest: [602] });
  });

  it('designs stored before, with an empty copy, take their shop’s selection at start; designs in step are left alone', async () => {
    const owner = await kit.register();
    const fashion = await createTeamShop(kit, owner, `old ${kind}`);
    const undecided = await createTeamShop(kit, owner, `undecided ${kind}`);
    await choose(owner.token, fashion.alias, { superCategoriesOfInterest: [2], categoriesOfInterest: [201] });
    // As the store held them before issue 27: the shop's selection, and an empty copy in its design.
    const old = designPath(fashion.alias, 0);
    const empty = { isDefault: true, version: 0, data: { shop: { alias: fashion.alias }, superCategoriesOfInterest: [], categoriesOfInterest: [] } };
    await db().insert(realtimeNodes).values({ path: old, value: empty, revision: 7 });
    await db().update(shops).set({ config: empty.data }).where(eq(shops.alias, fashion.alias));
    const untouched = designPath(undecided.alias, 0);
    await db()
      .insert(realtimeNodes)
      .values({
        path: untouched,
        value: { ...empty, data: { shop: { alias: undecided.alias }, superCategoriesOfInterest: [], categoriesOfInterest: [] } },
        revision: 3,
      });

    // Only that one: the seeded starter templates, and every design written since, are in step.
    const changed = await syncAllSelections(db());
    expect(changed.map((snapshot) => snapshot.path)).toEqual([old]);
    expect(await stored(old)).toEqual({
      value: { ...empty, data: { ...empty.data, superCategoriesOfInterest: [2], categoriesOfInterest: [201] } },
      revision: 8,
    });
    expect((await stored(untouched))?.revision).toBe(3);
    const [row] = await db().select({ config: shops.config }).from(shops).where(eq(shops.alias, fashion.alias));
    expect(copyOf({ data: row?.config })).toEqual({ superCategoriesOfInterest: [2], categoriesOfInterest: [201] });
    // Once in step, a start changes nothing.
    expect((await syncAllSelections(db())).map((snapshot) => snapshot.path)).not.toContain(old);
  });
});
