/**
 * The design outbox (src/features/design/outbox.ts) against an in-memory store with the server's
 * rules (edit ids applied once, a revision per document, per-field last writer wins in arrival
 * order): ordering, idempotency, durability across a reload, convergence of two tabs; the save
 * rules; the live preview URL.
 */
import { createStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { designAddress, designPath, valueAt, withValueAt } from '@contract/design/realtime';
import { appConfigPath, checkTemplateTarget, SAVE_ERROR } from '@/features/design/save-design';
import { createOutbox } from '@/features/design/outbox';
import { previewUrl, readPreviewTarget } from '@/features/design/preview-url';
import { applyToDocument, availability, DESIGN_NOT_ON_THIS_DEVICE, statusText } from '@/features/design/document';
import { createQueryClient, shouldPersistQuery } from '@/app/query-client';
import { resetUserData } from '@/lib/session/session';
import { forgetValue, lastKnownValue, rememberValue } from '@/realtime/last-known';
import { RealtimeWriteRefused, type RealtimeDb } from '@/realtime/port';

/** A store with the server's rules; `online` false refuses delivery, `loseAcks` applies then fails. */
function fakeStore() {
  const docs = new Map<string, { value: unknown; revision: number }>();
  const applied = new Map<string, number>();
  const log: string[] = [];
  const state = { online: true, loseAcks: 0 };
  const db: RealtimeDb = {
    get: async (path) => {
      const address = designAddress(path);
      return address ? valueAt(docs.get(address.doc)?.value ?? null, address.inner) : null;
    },
    set: (path, value, options) => db.update({ [path]: value }, options),
    remove: (path, options) => db.update({ [path]: null }, options),
    async update(updates, options) {
      await Promise.resolve();
      if (!state.online) throw new Error('offline');
      const id = options?.editId ?? 'none';
      const first = designAddress(Object.keys(updates)[0] ?? '');
      if (!first) throw new RealtimeWriteRefused('This path cannot be written');
      if (Object.values(updates).includes('refuse me')) throw new RealtimeWriteRefused('The design is malformed');
      const known = applied.get(id);
      if (known !== undefined) return { revision: known, duplicate: true };
      const current = docs.get(first.doc) ?? { value: null, revision: 0 };
      let value = current.value;
      for (const [path, next] of Object.entries(updates)) value = withValueAt(value, designAddress(path)?.inner ?? [], next);
      const revision = current.revision + 1;
      docs.set(first.doc, { value, revision });
      applied.set(id, revision);
      log.push(id);
      if (state.loseAcks > 0) {
        state.loseAcks -= 1;
        throw new Error('acknowledgement lost');
      }
      return { revision, duplicate: false };
    },
    onValue: () => () => {},
    onConnection: () => () => {},
  };
  return { db, docs, log, state };
}

let storeCounter = 0;
const freshStore = () => createStore(`outbox-test-${(storeCounter += 1)}`, 'edits');
const doc = designPath('outbox-shop', 0);
const field = (name: string) => `${doc}/data/colors/${name}`;

describe('design outbox', () => {
  it('keeps edits made offline, in order, and delivers them all on reconnect', async () => {
    const store = fakeStore();
    store.state.online = false;
    const outbox = createOutbox({ db: async () => store.db, store: freshStore() });
    const ids: string[] = [];
    for (let index = 0; index < 50; index += 1) ids.push((await outbox.enqueue({ [field('primary')]: `#0000${String(index).padStart(2, '0')}FF` })).id);
    await outbox.flush();
    expect(outbox.count()).toBe(50);
    expect(store.log).toEqual([]);

    store.state.online = true;
    await outbox.flush();
    expect(store.log).toEqual(ids);
    expect(outbox.count()).toBe(0);
    expect(await store.db.get(field('primary'))).toBe('#000049FF');
    expect(store.docs.get(doc)?.revision).toBe(50);
  });

  it('survives a reload: a new outbox on the same storage replays what waited', async () => {
    const store = fakeStore();
    const storage = freshStore();
    store.state.online = false;
    const before = createOutbox({ db: async () => store.db, store: storage });
    await before.enqueue({ [field('accent')]: '#AA0000FF' });
    await before.enqueue({ [field('accent')]: '#BB0000FF' });

    store.state.online = true;
    const after = createOutbox({ db: async () => store.db, store: storage });
    expect((await after.pending()).map((edit) => edit.updates[field('accent')])).toEqual(['#AA0000FF', '#BB0000FF']);
    await after.flush();
    expect(await store.db.get(field('accent'))).toBe('#BB0000FF');
    expect(await after.pending()).toEqual([]);
  });

  it('applies an edit at most once when its acknowledgement is lost, and a replay never undoes a later edit', async () => {
    const store = fakeStore();
    const outbox = createOutbox({ db: async () => store.db, store: freshStore() });
    store.state.loseAcks = 1;
    const first = await outbox.enqueue({ [field('primary')]: '#111111FF' });
    await new Promise((resolve) => setTimeout(resolve, 30)); // the send that enqueue started
    expect(outbox.count()).toBe(1); // not acknowledged: kept

    // Another tab's edit lands meanwhile.
    await store.db.update({ [field('primary')]: '#222222FF' }, { editId: 'other-tab-edit' });
    await outbox.flush();
    expect(outbox.count()).toBe(0);
    expect(store.log.filter((id) => id === first.id)).toHaveLength(1);
    expect(await store.db.get(field('primary'))).toBe('#222222FF');
  });

  it('sends an edit made with nothing waiting at once, and one made behind an undelivered edit after it', async () => {
    const store = fakeStore();
    const outbox = createOutbox({ db: async () => store.db, store: freshStore() });
    await outbox.flush(); // the store has been read: nothing waits
    const alone = await outbox.enqueue({ [field('primary')]: '#444444FF' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(store.log).toEqual([alone.id]);
    expect(outbox.count()).toBe(0);

    store.state.online = false;
    const first = await outbox.enqueue({ [field('primary')]: '#555555FF' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(outbox.count()).toBe(1);
    store.state.online = true;
    const second = await outbox.enqueue({ [field('primary')]: '#666666FF' });
    await outbox.flush();
    expect(store.log).toEqual([alone.id, first.id, second.id]);
    expect(await store.db.get(field('primary'))).toBe('#666666FF');
    expect(outbox.count()).toBe(0);
  });

  it('sends an edit with nothing waiting while its write to IndexedDB commits, and forgets it only after the commit', async () => {
    const store = fakeStore();
    const base = freshStore();
    let commits = 0;
    // Every write to the outbox's storage commits 40 ms late.
    const slow: typeof base = (mode, callback) =>
      new Promise((resolve) => setTimeout(resolve, 40)).then(() => base(mode, callback)).finally(() => (commits += mode === 'readwrite' ? 1 : 0));
    const outbox = createOutbox({ db: async () => store.db, store: slow });
    await outbox.flush();
    const committed = commits;
    const sent = outbox.enqueue({ [field('primary')]: '#777777FF' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(store.log).toHaveLength(1); // delivered before its write committed
    expect(commits).toBe(committed);
    expect(outbox.count()).toBe(1); // still counted: it leaves once the write has committed
    expect((await sent).id).toBe(store.log[0]);
    await outbox.flush();
    expect(outbox.count()).toBe(0);
    expect(await outbox.pending()).toEqual([]);

    // Offline: the send fails at once, and the edit waits in the storage once its write commits.
    store.state.online = false;
    const kept = await outbox.enqueue({ [field('primary')]: '#888888FF' });
    await outbox.flush();
    expect(outbox.count()).toBe(1);
    expect((await outbox.pending()).map((edit) => edit.id)).toEqual([kept.id]);
  });

  it('drops an edit the store refuses for good, tells about it, and delivers the rest', async () => {
    const store = fakeStore();
    const refused: string[] = [];
    const outbox = createOutbox({ db: async () => store.db, store: freshStore(), onRefused: (_edit, message) => refused.push(message) });
    await outbox.enqueue({ [field('primary')]: 'refuse me' });
    await outbox.enqueue({ [field('primary')]: '#333333FF' });
    await outbox.flush();
    expect(refused).toEqual(['The design is malformed']);
    expect(await store.db.get(field('primary'))).toBe('#333333FF');
    expect(outbox.count()).toBe(0);
  });

  it('two tabs editing the same fields through random offline windows converge, nothing lost or doubled', async () => {
    const store = fakeStore();
    const tabs = [createOutbox({ db: async () => store.db, store: freshStore() }), createOutbox({ db: async () => store.db, store: freshStore() })];
    const made = new Map<string, [string, string]>();
    const byTab = new Map<string, number>();
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let index = 0; index < 200; index += 1) {
      if (random() < 0.1) store.state.online = !store.state.online;
      if (random() < 0.05) store.state.loseAcks += 1;
      const which = random() < 0.5 ? 0 : 1;
      const tab = tabs[which];
      const name = ['primary', 'accent', 'bodyColor'][Math.floor(random() * 3)] ?? 'primary';
      const colour = `#${String(index).padStart(6, '0')}FF`;
      const { id } = await tab!.enqueue({ [field(name)]: colour });
      made.set(id, [name, colour]);
      byTab.set(id, which);
    }
    store.state.online = true;
    store.state.loseAcks = 0;
    await Promise.all(tabs.map((tab) => tab.flush()));
    expect(tabs.map((tab) => tab.count())).toEqual([0, 0]);
    // Each edit applied exactly once: nothing lost, nothing doubled.
    expect([...store.log].sort()).toEqual([...made.keys()].sort());
    expect(store.docs.get(doc)?.revision).toBe(200);
    // Per-field last writer wins in the store's order.
    const expected: Record<string, string> = {};
    for (const id of store.log) {
      const [name, colour] = made.get(id) ?? ['', ''];
      expected[name] = colour;
    }
    expect(await store.db.get(`${doc}/data/colors`)).toEqual(expected);
    // Each tab's edits reached the store in the order the tab made them.
    const order = [...made.keys()];
    expect(store.log.filter((id) => byTab.get(id) === 0)).toEqual(order.filter((id) => byTab.get(id) === 0));
    expect(store.log.filter((id) => byTab.get(id) === 1)).toEqual(order.filter((id) => byTab.get(id) === 1));
  });
});

describe('what the editor shows', () => {
  it('lays waiting edits over the stored document', () => {
    const stored = { isDefault: true, version: 0, data: { colors: { primary: '#111111FF', accent: '#222222FF' } } };
    const shown = applyToDocument(stored, doc, { [field('primary')]: '#999999FF', [`${designPath('other', 0)}/data/colors/primary`]: '#000000FF' });
    expect(shown).toEqual({ isDefault: true, version: 0, data: { colors: { primary: '#999999FF', accent: '#222222FF' } } });
    expect(stored.data.colors.primary).toBe('#111111FF');
  });

  it('lays several fields of one edit as writing them one after another would, changing nothing it was given', () => {
    const gradient = { colors: ['#111111FF', '#222222FF'], direction: 'left-to-right', spread: 0.5 };
    const stored = {
      isDefault: true,
      version: 0,
      data: { colors: { primary: '#111111FF', accent: '#222222FF' }, toolBar: { gradient, elevation: 2 }, shop: { name: 'Shop' } },
    };
    const frozen = JSON.stringify(stored);
    const given = ['#333333FF', '#444444FF'];
    const updates = {
      [field('primary')]: '#999999FF',
      [field('primaryDark')]: '#888888FF',
      [field('accent')]: null,
      [`${doc}/data/toolBar/gradient/colors`]: given,
      [`${doc}/data/toolBar/gradient/colors/0`]: '#555555FF',
      [`${doc}/data/toolBar/elevation`]: 4,
      [`${doc}/data/homeCategories/theme`]: 'theme_b',
    };
    let oneByOne: unknown = stored;
    for (const [path, value] of Object.entries(updates)) oneByOne = withValueAt(oneByOne, designAddress(path)?.inner ?? [], value);
    const shown = applyToDocument(stored, doc, updates) as typeof stored;
    expect(shown).toEqual(oneByOne);
    expect(JSON.stringify(stored)).toBe(frozen);
    expect(given).toEqual(['#333333FF', '#444444FF']);
    expect(shown.data.shop).toBe(stored.data.shop); // untouched groups keep their objects
  });

  it('says where the design stands, in the merchant’s words (no revision numbers)', () => {
    expect(statusText('in-sync', 0)).toBe('All changes saved');
    expect(statusText('pending', 1)).toBe('1 edit waiting');
    expect(statusText('offline', 4)).toBe('Offline: 4 edits waiting');
    expect(statusText('offline', 0)).toBe('Offline');
  });

  it('shows a design only when there is one: never the built-in defaults in place of a design this device never had', () => {
    expect(availability(true, false)).toBe('ready');
    expect(availability(true, true)).toBe('ready');
    expect(availability(false, true)).toBe('loading');
    expect(availability(false, false)).toBe('unavailable');
    expect(DESIGN_NOT_ON_THIS_DEVICE).toMatch(/^This design has not been opened on this device yet/);
  });

  it("keeps the store's last value of a document in the query cache, empty ones included, and forgets a refused one", () => {
    const queryClient = createQueryClient();
    expect(lastKnownValue(queryClient, doc)).toBeUndefined();
    rememberValue(queryClient, doc, null, 0);
    expect(lastKnownValue(queryClient, doc)).toEqual({ value: null, revision: 0 });
    const value = { isDefault: true, version: 0, data: { shop: { name: 'Ada Fabrics' } } };
    rememberValue(queryClient, doc, value, 7);
    expect(lastKnownValue(queryClient, doc)).toEqual({ value, revision: 7 });
    // Persisted with the rest of the cache, and removed with the user's data when a session ends.
    expect(shouldPersistQuery(queryClient.getQueryCache().find({ queryKey: ['realtime', doc] }) ?? { state: { status: 'pending' } })).toBe(true);
    resetUserData(queryClient);
    expect(lastKnownValue(queryClient, doc)).toBeUndefined();
    rememberValue(queryClient, doc, value, 7);
    forgetValue(queryClient, doc);
    expect(lastKnownValue(queryClient, doc)).toBeUndefined();
  });
});

describe('save rules (spec section 5)', () => {
  it("needs an alias and a version, else 'Error saving configuration'", () => {
    expect(appConfigPath({ alias: 'my-shop', version: 0 })).toBe('apps/production/my-shop/0');
    for (const target of [
      { alias: '', version: 0 },
      { alias: '  ', version: 1 },
      { alias: null, version: 1 },
      { alias: 'my-shop', version: null },
      { alias: 'my-shop', version: undefined },
      { alias: 'my-shop', version: -1 },
      { alias: 'my-shop', version: 1.5 },
    ])
      expect(() => appConfigPath(target)).toThrow(SAVE_ERROR);
  });

  it('a template needs a category and a template id', () => {
    expect(() => checkTemplateTarget({ category: 'health_beauty', templateId: 't1' })).not.toThrow();
    expect(() => checkTemplateTarget({ category: '', templateId: 't1' })).toThrow(SAVE_ERROR);
    expect(() => checkTemplateTarget({ category: 'health_beauty', templateId: undefined })).toThrow(SAVE_ERROR);
  });
});

describe('live preview URL', () => {
  it('is short, leaves defaults out, and reads back every payload field', () => {
    const url = previewUrl('http://192.168.1.20:3000/', { templateId: 'glow-beauty', templateCategory: 'health_beauty' });
    expect(url).toBe('http://192.168.1.20:3000/test/preview?t=glow-beauty&c=health_beauty');
    expect(readPreviewTarget(new URL(url).searchParams)).toEqual({
      templateId: 'glow-beauty',
      version: 0,
      templateCategory: 'health_beauty',
      type: 'CLIENT',
      ownerType: 'TEMPLATE',
      environment: 'production',
    });
    const versioned = previewUrl('https://studio.example', { templateId: 'a', version: 3, ownerType: 'SHOP' });
    expect(readPreviewTarget(new URL(versioned).searchParams)).toMatchObject({ version: 3, ownerType: 'SHOP' });
  });
});
