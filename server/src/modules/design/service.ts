/**
 * The design documents of the local realtime database (issue #10): documents in
 * `realtime_nodes`, applied edit ids in `realtime_edits`.
 *
 * - Writes: only design documents `apps/production/{alias}/{version}` (and paths inside them),
 *   by whoever may write the shop (checkShopAccess: owner or SOVEREIGN; the collaborators
 *   feature adds editors there). Template documents are read here (public) and written only by the
 *   template calls (server/src/modules/templates), so their three places change together.
 * - Each edit id is applied at most once (a replay answers `duplicate` with its revision); the
 *   applied edit keeps who made it and the Creation fields it changed (a version's history).
 * - One edit = one atomic write under the document's row lock, so edits to one document apply
 *   one after another; `revision` counts them. Concurrent edits converge by per-field last
 *   writer wins in that order (the server's revision), never by client clocks. A document this
 *   process wrote last takes one statement; any other, a transaction that reads it first.
 * - The document's last author (issue 14: versions list their last editor) is written with it.
 * - The resulting document must be `{isDefault, version, data}` with `data` a valid Creation,
 *   within the size and nesting bounds, else the edit is refused with the schema's message and
 *   nothing is stored.
 * - The shop's stored config (POST configure, GET admin shop) follows the document's data.
 * - Issue 27: every document carries a copy of its shop's selection; a write of the whole
 *   document (or of the copy) takes it from the shop (selection.ts).
 * - Reads are checked by the socket handlers (mayReadDesign, sharing.ts):
 *   the shop's people, anyone while its public link is on, a phone holding its preview key.
 */
import { eq, sql } from 'drizzle-orm';
import { creationSchema } from '@contract/design/schemas';
import { designAddress, type DocumentAddress, isPlainObject, type RealtimeSnapshot, REALTIME_MESSAGES, withValuesAt } from '@contract/design/realtime';
import type { RealtimeEdit } from '@contract/design/realtime-schemas';
import { SHOP_LIMITS } from '@contract/shops/schemas';
import type { User } from '@contract/users/schemas';
import type { Database } from '../../db/database';
import { designAuthors, realtimeEdits, realtimeNodes, shops, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { nestedDeeperThan } from '../../http/json-limits';
import { checkShopAccess } from '../../shop-access/access';
import { SHOP_MESSAGES } from '../../shop-access/messages';
import { historyFields } from './branches';
import { type KnownDocument, lastStored, remember } from './known-documents';
import { type ShopSelection, shopSelection, withSelection, writesSelection } from './selection';
import { recordAuthor } from './sharing';

export interface EditOutcome {
  revision: number;
  duplicate: boolean;
  /** The document after the edit (null for a duplicate: nothing changed). */
  snapshot: RealtimeSnapshot | null;
  address: DocumentAddress;
}

/** The one document every path of `updates` lies in (400 otherwise). */
function documentOf(updates: Record<string, unknown>): { address: DocumentAddress; writes: Array<{ inner: string[]; value: unknown }> } {
  const writes = Object.entries(updates).map(([path, value]) => ({ address: designAddress(path), value }));
  const first = writes[0]?.address;
  if (!first || writes.some(({ address }) => !address)) throw new HttpError(400, REALTIME_MESSAGES.notWritable);
  if (writes.some(({ address }) => address?.doc !== first.doc)) throw new HttpError(400, REALTIME_MESSAGES.oneDocument);
  return { address: first, writes: writes.map(({ address, value }) => ({ inner: address?.inner ?? [], value: value ?? null })) };
}

/**
 * Refuses a document that is not `{isDefault, version, data: Creation}` (null: removed); `json` is
 * its JSON. `groups`: the only groups of the Creation that can be invalid (the edit changed just
 * those of a document found valid), or null to check the whole Creation.
 */
function checkDocument(value: unknown, json: string, address: DocumentAddress, groups: ReadonlySet<string> | null = null): void {
  if (value === null) return;
  if (Buffer.byteLength(json) > SHOP_LIMITS.configBytes) throw new HttpError(413, REALTIME_MESSAGES.tooLarge);
  // The bound of every request body holds for the document too: a bounded value written deep down a path would not.
  if (nestedDeeperThan(json)) throw new HttpError(400, REALTIME_MESSAGES.tooDeep);
  const doc = value as { isDefault?: unknown; version?: unknown; data?: unknown };
  if (typeof value !== 'object' || Array.isArray(value) || typeof doc.isDefault !== 'boolean')
    throw new HttpError(400, `${REALTIME_MESSAGES.malformed}: isDefault must be true or false`);
  if (doc.version !== address.version) throw new HttpError(400, REALTIME_MESSAGES.version);
  const extra = Object.keys(value).filter((key) => !['isDefault', 'version', 'data'].includes(key));
  if (extra.length) throw new HttpError(400, `${REALTIME_MESSAGES.malformed}: unknown field ${extra[0]}`);
  const named = (doc.data as { shop?: { alias?: unknown } } | undefined)?.shop?.alias;
  if (named !== undefined && named !== '' && named !== address.alias) throw new HttpError(400, SHOP_MESSAGES.configAliasMismatch);
  // The Creation's groups are checked independently of each other (a plain z.object).
  const { shape } = creationSchema;
  const checks = groups
    ? [...groups]
        .filter((group) => Object.hasOwn(shape, group))
        .map((group) => ({ prefix: [group], schema: shape[group as keyof typeof shape], input: (doc.data as Record<string, unknown>)[group] }))
    : [{ prefix: [], schema: creationSchema, input: doc.data ?? {} }];
  for (const { prefix, schema, input } of checks) {
    const parsed = schema.safeParse(input);
    if (parsed.success) continue;
    const issue = parsed.error.issues[0];
    throw new HttpError(400, `${REALTIME_MESSAGES.malformed}: ${[...prefix, ...(issue?.path ?? [])].join('.') || 'data'}: ${issue?.message ?? 'invalid'}`);
  }
}

/** The Creation groups `writes` change (`data/{group}/...`), or null when one writes more than a group. */
function changedGroups(writes: Array<{ inner: string[] }>): Set<string> | null {
  const groups = new Set<string>();
  for (const { inner } of writes) {
    if (inner[0] !== 'data' || inner[1] === undefined) return null;
    groups.add(inner[1]);
  }
  return groups;
}

/** Applies one edit at most once (see the module comment); throws HttpError on a refusal. */
export async function applyEdit(db: Database, actor: User | null, { editId, updates }: RealtimeEdit): Promise<EditOutcome> {
  const { address, writes } = documentOf(updates);
  if (!actor) throw new HttpError(401, REALTIME_MESSAGES.signIn);
  await checkShopAccess(db, actor, address.alias, 'write');
  // Only a write of the whole document or of the copy reads the shop's selection.
  const selection = writesSelection(writes) ? await shopSelection(db, address.alias) : null;
  try {
    const known = lastStored(db).get(address.doc);
    const applied = known ? await applyToKnown(db, actor, editId, address, writes, known, selection) : null;
    if (applied) return applied;
    // A document this process does not know (or knew stale): five statements under its row lock.
    return await db
      .transaction(async (tx) => {
        // Creates the document or takes its row lock, and reads it, in one statement.
        const [node] = await tx
          .insert(realtimeNodes)
          .values({ path: address.doc })
          .onConflictDoUpdate({ target: realtimeNodes.path, set: { path: sql`excluded.path` } })
          .returning({ value: realtimeNodes.value, revision: realtimeNodes.revision });
        const { value } = nextValue(node?.value ?? null, address, writes, selection);
        const revision = (node?.revision ?? 0) + 1;
        const [stored] = await tx
          .update(realtimeNodes)
          .set({ value, revision })
          .where(eq(realtimeNodes.path, address.doc))
          .returning({ rowVersion: sql<string>`xmin::text` });
        // The edit id is claimed under the document's lock, with who changed what (issue 14: a
        // version's history); an id applied before undoes this transaction.
        const [claimed] = await tx
          .insert(realtimeEdits)
          .values({ editId, path: address.doc, revision, userId: actor.id, fields: historyFields(node?.value ?? null, value) })
          .onConflictDoNothing()
          .returning({ editId: realtimeEdits.editId });
        if (!claimed) throw new AppliedBefore();
        await recordAuthor(tx, address.doc, actor.id);
        // A branch that is not the default (issue 14: versions as branches) leaves the shop's config alone.
        const config = shopConfigOf(value);
        if (config) await tx.update(shops).set({ config }).where(eq(shops.alias, address.alias));
        return { revision, duplicate: false, snapshot: { path: address.doc, value, revision }, address, rowVersion: stored?.rowVersion ?? '' };
      })
      .then(({ rowVersion, ...outcome }) => {
        remember(db, address.doc, { value: outcome.snapshot.value, revision: outcome.revision, rowVersion });
        return outcome;
      });
  } catch (error) {
    // A replay answers with its first revision, also when applying it again would now be refused.
    const [known] = await db.select({ revision: realtimeEdits.revision }).from(realtimeEdits).where(eq(realtimeEdits.editId, editId));
    if (!known) throw error instanceof AppliedBefore ? new Error('edit id claimed, then not found') : error;
    return { revision: known.revision, duplicate: true, snapshot: null, address };
  }
}

/**
 * The document after `writes` and its JSON (a write inside an empty document starts `{isDefault,
 * version, data}`); refused unless valid. `selection`: the shop's, given when the writes set the
 * document's copy of it. `valid`: `current` is a document this process checked.
 */
function nextValue(
  current: unknown,
  address: DocumentAddress,
  writes: Array<{ inner: string[]; value: unknown }>,
  selection: ShopSelection | null,
  valid = false,
): { value: unknown; json: string } {
  let value = current;
  if (writes.some(({ inner }) => inner.length > 0) && (value === null || typeof value !== 'object'))
    value = { isDefault: true, version: address.version, data: {} };
  value = withValuesAt(
    value,
    writes.map((write) => [write.inner, write.value] as const),
  );
  if (selection && isPlainObject(value) && isPlainObject(value.data)) value = { ...value, data: withSelection(value.data, selection) };
  const json = JSON.stringify(value);
  checkDocument(value, json, address, valid && current !== null ? changedGroups(writes) : null);
  return { value, json };
}

/** The shop's config a document sets: its data, unless it is removed or a branch that is not the default. */
function shopConfigOf(value: unknown): Record<string, unknown> | null {
  if (value === null || (value as { isDefault?: unknown }).isDefault === false) return null;
  return (value as { data?: Record<string, unknown> }).data ?? {};
}

/**
 * An edit to a document this process knows, as one statement (one round trip instead of a
 * transaction's seven): it claims the edit id, then writes the document only where the row is
 * still the version this process wrote (its revision and xmin), then its last author and the
 * shop's config. Anything else leaves nothing behind and answers null, and the transaction in
 * applyEdit decides: an id applied before (nothing claimed), or a row another writer changed since
 * (claimed, not written: the guard's failing cast aborts the statement, and the claim with it).
 */
async function applyToKnown(
  db: Database,
  actor: User,
  editId: string,
  address: DocumentAddress,
  writes: Array<{ inner: string[]; value: unknown }>,
  known: KnownDocument,
  selection: ShopSelection | null,
): Promise<EditOutcome | null> {
  const { value, json } = nextValue(known.value, address, writes, selection, true);
  const revision = known.revision + 1;
  // The shop's config is the stored document's data, read in the statement: not serialised twice.
  const setsConfig = shopConfigOf(value) !== null;
  let stored: { row_version: string | null } | undefined;
  try {
    const result = await db.execute(sql`
      WITH claimed AS (
        INSERT INTO ${realtimeEdits} (edit_id, path, revision, user_id, fields)
        VALUES (${editId}, ${address.doc}, ${revision}, ${actor.id}, ${JSON.stringify(historyFields(known.value, value))}::jsonb)
        ON CONFLICT DO NOTHING
        RETURNING edit_id
      ), node AS (
        UPDATE ${realtimeNodes} SET value = ${json}::jsonb, revision = ${revision}, updated_at = now()
        WHERE path = ${address.doc} AND revision = ${known.revision} AND xmin::text = ${known.rowVersion} AND EXISTS (SELECT 1 FROM claimed)
        RETURNING xmin::text AS row_version, value
      ), author AS (
        INSERT INTO ${designAuthors} (path, user_id, updated_at) SELECT ${address.doc}, ${actor.id}, now() FROM node
        ON CONFLICT (path) DO UPDATE SET user_id = excluded.user_id, updated_at = excluded.updated_at
      )${setsConfig ? sql`, shop AS (UPDATE ${shops} SET config = COALESCE(NULLIF((SELECT value -> 'data' FROM node), 'null'::jsonb), '{}'::jsonb), updated_at = now() WHERE alias = ${address.alias} AND EXISTS (SELECT 1 FROM node) RETURNING 1)` : sql``}
      SELECT (SELECT row_version FROM node) AS row_version,
        -- Read from the claim, not a parameter: PostgreSQL folds a constant cast when it plans.
        CASE WHEN (SELECT count(*) FROM claimed) > (SELECT count(*) FROM node) THEN ('not stored: ' || (SELECT edit_id FROM claimed))::int END AS guard
    `);
    // node-postgres and PGlite both answer { rows }.
    [stored] = (result as unknown as { rows: Array<{ row_version: string | null }> }).rows;
  } catch {
    // Nothing was written; mostly the guard (the row changed since): what this process knew is stale.
    lastStored(db).delete(address.doc);
    return null;
  }
  // Nothing claimed: the id was applied before, and applyEdit's transaction answers the replay.
  const rowVersion = stored?.row_version;
  if (!rowVersion) return null;
  remember(db, address.doc, { value, revision, rowVersion });
  return { revision, duplicate: false, snapshot: { path: address.doc, value, revision }, address };
}

/** Rolls back a replayed edit's transaction. */
class AppliedBefore extends Error {}

/** The stored document of `path` (value null and revision 0 when there is none or the path is not one). */
export async function readDocument(db: Database, path: string): Promise<RealtimeSnapshot | null> {
  const address = designAddress(path);
  if (!address) return null;
  const [node] = await db
    .select({ value: realtimeNodes.value, revision: realtimeNodes.revision })
    .from(realtimeNodes)
    .where(eq(realtimeNodes.path, address.doc));
  return { path: address.doc, value: node?.value ?? null, revision: node?.revision ?? 0 };
}

/**
 * POST configure keeps the document in step: a config that is a valid Creation (configureShop gave
 * it the shop's selection) becomes the data of `apps/production/{alias}/{configVersion ?? 0}`, as
 * one more revision. Returns the new snapshot, or null when the config is not a Creation (the
 * document keeps its last valid design).
 */
export async function mirrorConfigure(db: Database, alias: string, config: Record<string, unknown>): Promise<RealtimeSnapshot | null> {
  const version = typeof config.configVersion === 'number' && Number.isInteger(config.configVersion) && config.configVersion >= 0 ? config.configVersion : 0;
  const address = designAddress(`apps/production/${alias}/${version}`);
  if (!address || !creationSchema.safeParse(config).success) return null;
  const value = { isDefault: true, version, data: config };
  return db.transaction(async (tx) => {
    await tx.insert(realtimeNodes).values({ path: address.doc }).onConflictDoNothing();
    const [row] = await tx
      .update(realtimeNodes)
      .set({ value, revision: sql`${realtimeNodes.revision} + 1` })
      .where(eq(realtimeNodes.path, address.doc))
      .returning({ revision: realtimeNodes.revision });
    return { path: address.doc, value, revision: row?.revision ?? 1 };
  });
}

/**
 * Firebase mode (firebase-mirror.ts): the server's copy follows a document of the Firebase Realtime
 * Database, at Firebase's revision, with its last author, the shop's config and a history entry
 * (who changed which fields: the difference from the copy before, as Firebase does not say). A
 * removed document (null) goes; one that is not a valid document is left out (false) and the copy
 * keeps the last valid one.
 */
export async function storeImported(db: Database, address: DocumentAddress, value: unknown, revision: number, authorId: number | null): Promise<boolean> {
  lastStored(db).delete(address.doc);
  if (value === null) {
    await db.delete(realtimeNodes).where(eq(realtimeNodes.path, address.doc));
    return true;
  }
  try {
    checkDocument(value, JSON.stringify(value), address);
  } catch {
    return false;
  }
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ value: realtimeNodes.value }).from(realtimeNodes).where(eq(realtimeNodes.path, address.doc)).for('update');
    await tx
      .insert(realtimeNodes)
      .values({ path: address.doc, value, revision })
      .onConflictDoUpdate({ target: realtimeNodes.path, set: { value, revision, updatedAt: new Date() } });
    // The author the rules let write (their uid), if they still have an account.
    const [author] = authorId === null ? [] : await tx.select({ id: users.id }).from(users).where(eq(users.id, authorId));
    if (author) await recordAuthor(tx, address.doc, author.id);
    const fields = historyFields(before?.value ?? null, value);
    // One entry per Firebase revision: importing the same revision again adds nothing.
    if (fields.length > 0)
      await tx
        .insert(realtimeEdits)
        .values({ editId: `firebase-${address.doc}-${revision}`, path: address.doc, revision, userId: author?.id ?? null, fields })
        .onConflictDoNothing();
    const config = shopConfigOf(value);
    if (config) await tx.update(shops).set({ config }).where(eq(shops.alias, address.alias));
  });
  lastStored(db).delete(address.doc);
  return true;
}
