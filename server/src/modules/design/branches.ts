/**
 * Design versions as branches, continued (issue 14): merging a branch into the default version,
 * and each version's history of who changed what.
 *
 * - A duplicated version keeps the design it started from (`design_branches.base`). What the
 *   branch changed is the Creation fields (leaf paths such as `colors/primary`; arrays count as
 *   one field) where it differs from that base; what the default changed, likewise.
 * - Merge applies every field the branch changed onto the default. A field both sides changed to
 *   different values is a conflict: the caller names, per field, 'branch' or 'default' (the
 *   portal offers per field and "keep branch" / "keep default" for all); an unresolved conflict
 *   is refused (409). After a merge the branch's base becomes the merged default, so a second
 *   merge carries only what the branch changed since. A version without a recorded base (one
 *   not made by duplicating) counts the default as its base: the branch wins wherever they differ.
 * - History: every applied edit records its user and changed fields (realtime_edits, written by
 *   the store); a merge is one entry on the default version.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { MergePlan, MergeResult, VersionHistoryEntry } from '@contract/design/versions';
import { DESIGN_MESSAGES } from '@contract/design/paths';
import { creationSchema } from '@contract/design/schemas';
import { designPath, isPlainObject, type RealtimeSnapshot, valueAt, withValuesAt } from '@contract/design/realtime';
import type { User } from '@contract/users/schemas';
import type { Database } from '../../db/database';
import { designBranches, realtimeEdits, realtimeNodes, shops, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { checkShopAccess } from '../../shop-access/access';
import { defaultVersionOf, versionNodes } from './sharing';

/** At most this many fields are kept per history entry (a whole-design write may change hundreds). */
const MAX_FIELDS_PER_ENTRY = 50;
export const HISTORY_LIMIT = { default: 20, max: 100 } as const;

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  // A missing field and null are the same to the store (null removes).
  return (a ?? null) === (b ?? null);
}

/** The leaf paths (`/`-joined) where `a` and `b` differ; arrays are leaves. */
function changedFields(a: unknown, b: unknown, prefix = ''): string[] {
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((key) => changedFields(a[key], b[key], prefix ? `${prefix}/${key}` : key));
  }
  // A group on one side only (a missing group is the common case): its leaves changed.
  if (isPlainObject(a) || isPlainObject(b)) return changedFields(isPlainObject(a) ? a : {}, isPlainObject(b) ? b : {}, prefix);
  return sameValue(a, b) ? [] : [prefix];
}

/** The fields a history entry keeps for one applied edit. */
export function historyFields(before: unknown, after: unknown): string[] {
  const data = (value: unknown) => (isPlainObject(value) ? value.data : null);
  const fields = changedFields(data(before) ?? {}, data(after) ?? {});
  if ((isPlainObject(before) ? before.isDefault : undefined) !== (isPlainObject(after) ? after.isDefault : undefined) && before !== null)
    fields.push('isDefault');
  return fields.slice(0, MAX_FIELDS_PER_ENTRY);
}

const segments = (field: string) => field.split('/');
const dataOf = (value: unknown): Record<string, unknown> => (isPlainObject(value) && isPlainObject(value.data) ? value.data : {});

interface Sides {
  defaultVersion: number;
  defaultNode: { path: string; value: unknown; revision: number };
  branchNode: { path: string; value: unknown; revision: number };
  base: Record<string, unknown>;
}

async function sidesOf(db: Database, alias: string, version: number): Promise<Sides> {
  const nodes = await versionNodes(db, alias);
  const branchNode = nodes.find((node) => node.path === designPath(alias, version));
  if (!branchNode) throw new HttpError(404, DESIGN_MESSAGES.versionNotFound);
  const chosen = defaultVersionOf(nodes);
  const defaultNode = nodes.find((node) => node.path === designPath(alias, chosen.version));
  if (!defaultNode) throw new HttpError(404, DESIGN_MESSAGES.versionNotFound);
  if (chosen.version === version) throw new HttpError(400, DESIGN_MESSAGES.mergeIntoItself);
  const [branch] = await db.select({ base: designBranches.base }).from(designBranches).where(eq(designBranches.path, branchNode.path)).limit(1);
  return { defaultVersion: chosen.version, defaultNode, branchNode, base: branch?.base ?? dataOf(defaultNode.value) };
}

function planOf({ defaultVersion, defaultNode, branchNode, base }: Sides, version: number): MergePlan {
  const branchData = dataOf(branchNode.value);
  const defaultData = dataOf(defaultNode.value);
  const branchChanged = changedFields(base, branchData);
  const defaultChanged = new Set(changedFields(base, defaultData));
  const conflicts = branchChanged
    .filter((field) => defaultChanged.has(field) && !sameValue(valueAt(branchData, segments(field)), valueAt(defaultData, segments(field))))
    .map((field) => ({ field, branch: valueAt(branchData, segments(field)), default: valueAt(defaultData, segments(field)) }));
  // Fields both sides changed to the same value are already in the default.
  const changed = branchChanged.filter((field) => !sameValue(valueAt(branchData, segments(field)), valueAt(defaultData, segments(field))));
  return { version, defaultVersion, changed, conflicts };
}

/** GET …/versions/{version}/merge: what merging would apply, and the conflicts to choose. */
export async function mergePlan(db: Database, actor: User, alias: string, version: number): Promise<MergePlan> {
  await checkShopAccess(db, actor, alias, 'write');
  return planOf(await sidesOf(db, alias, version), version);
}

/** POST …/versions/{version}/merge {resolutions}: applies the branch onto the default version. */
export async function mergeVersion(
  db: Database,
  actor: User,
  alias: string,
  version: number,
  resolutions: Record<string, 'branch' | 'default'>,
): Promise<{ result: MergeResult; snapshot: RealtimeSnapshot | null }> {
  await checkShopAccess(db, actor, alias, 'write');
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await tx.select({ id: shops.id }).from(shops).where(eq(shops.alias, alias)).for('update');
    const sides = await sidesOf(txDb, alias, version);
    // The default's row lock: live edits to it wait for the merge (and the merge for them).
    await tx.select({ path: realtimeNodes.path }).from(realtimeNodes).where(eq(realtimeNodes.path, sides.defaultNode.path)).for('update');
    const plan = planOf(sides, version);
    const unresolved = plan.conflicts.filter((conflict) => resolutions[conflict.field] !== 'branch' && resolutions[conflict.field] !== 'default');
    if (unresolved.length) throw new HttpError(409, `${DESIGN_MESSAGES.mergeConflicts}: ${unresolved.map((conflict) => conflict.field).join(', ')}`);
    const keptDefault = plan.conflicts.filter((conflict) => resolutions[conflict.field] === 'default').map((conflict) => conflict.field);
    const applied = plan.changed.filter((field) => !keptDefault.includes(field));
    const branchData = dataOf(sides.branchNode.value);
    const data = withValuesAt(
      dataOf(sides.defaultNode.value),
      applied.map((field) => [segments(field), valueAt(branchData, segments(field))] as const),
    );
    const parsed = creationSchema.safeParse(data ?? {});
    if (!parsed.success) throw new HttpError(400, `${DESIGN_MESSAGES.mergeInvalid}: ${parsed.error.issues[0]?.path.join('.') ?? 'data'}`);
    const merged = (data ?? {}) as Record<string, unknown>;
    let snapshot: RealtimeSnapshot | null = null;
    if (applied.length) {
      const value = { ...(sides.defaultNode.value as Record<string, unknown>), data: merged };
      const [row] = await tx
        .update(realtimeNodes)
        .set({ value, revision: sides.defaultNode.revision + 1 })
        .where(eq(realtimeNodes.path, sides.defaultNode.path))
        .returning({ revision: realtimeNodes.revision });
      const revision = row?.revision ?? sides.defaultNode.revision + 1;
      await tx
        .insert(realtimeEdits)
        .values({ editId: `merge-${randomUUID()}`, path: sides.defaultNode.path, revision, userId: actor.id, fields: applied.slice(0, MAX_FIELDS_PER_ENTRY) });
      await tx.update(shops).set({ config: merged }).where(eq(shops.alias, alias));
      snapshot = { path: sides.defaultNode.path, value, revision };
    }
    await tx
      .insert(designBranches)
      .values({ path: sides.branchNode.path, fromVersion: sides.defaultVersion, base: merged })
      .onConflictDoUpdate({ target: designBranches.path, set: { base: merged, fromVersion: sides.defaultVersion, updatedAt: new Date() } });
    return {
      result: { version, defaultVersion: sides.defaultVersion, applied, keptDefault, revision: snapshot?.revision ?? sides.defaultNode.revision },
      snapshot,
    };
  });
}

/** GET …/versions/{version}/history?limit=N: the latest applied edits, newest first. */
export async function versionHistory(db: Database, actor: User, alias: string, version: number, limit: number): Promise<VersionHistoryEntry[]> {
  await checkShopAccess(db, actor, alias, 'read');
  const rows = await db
    .select({
      revision: realtimeEdits.revision,
      at: realtimeEdits.createdAt,
      fields: realtimeEdits.fields,
      firstName: users.firstName,
      lastName: users.lastName,
      merge: realtimeEdits.editId,
    })
    .from(realtimeEdits)
    .leftJoin(users, eq(users.id, realtimeEdits.userId))
    .where(eq(realtimeEdits.path, designPath(alias, version)))
    .orderBy(desc(realtimeEdits.revision), desc(realtimeEdits.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    revision: row.revision,
    at: row.at.toISOString(),
    user: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
    fields: row.fields,
    merge: row.merge.startsWith('merge-'),
  }));
}
