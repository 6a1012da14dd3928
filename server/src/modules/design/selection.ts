/**
 * Issue 27: every design document carries a copy of its shop's selection
 * (superCategoriesOfInterest, categoriesOfInterest), which the phone preview fills the app from.
 * The shop's selection is the one source: a write of the whole document (or of the copy) takes it
 * from the shop (service.ts), a change of the shop's selection rewrites every document of the shop
 * (syncSelection), and every start brings documents stored before this rule in step (syncAllSelections).
 */
import { eq, sql } from 'drizzle-orm';
import { APPS_ROOT, ENVIRONMENT, type RealtimeSnapshot } from '@contract/design/realtime';
import type { Database } from '../../db/database';
import { realtimeNodes, shops } from '../../db/schema';
import { lastStored } from './known-documents';

/** The trades and categories a shop sells, of which each of its designs carries a copy. */
export interface ShopSelection {
  superCategoriesOfInterest: number[];
  categoriesOfInterest: number[];
}

const SELECTION_FIELDS = ['superCategoriesOfInterest', 'categoriesOfInterest'] as const;

/** Whether `writes` set the whole document, its whole data or its copy of the selection. */
export function writesSelection(writes: Array<{ inner: string[] }>): boolean {
  return writes.some(({ inner }) =>
    inner.length < 2
      ? inner[0] !== 'isDefault' && inner[0] !== 'version'
      : inner[0] === 'data' && (SELECTION_FIELDS as readonly string[]).includes(inner[1] as string),
  );
}

export async function shopSelection(db: Database, alias: string): Promise<ShopSelection | null> {
  const [shop] = await db
    .select({ superCategoriesOfInterest: shops.superCategoriesOfInterest, categoriesOfInterest: shops.categoriesOfInterest })
    .from(shops)
    .where(eq(shops.alias, alias));
  return shop ?? null;
}

/** A design's data with the shop's selection as its copy (an absent field already reads as an empty one). */
export function withSelection<T extends Record<string, unknown>>(data: T, selection: ShopSelection): T {
  const copy = { ...data } as Record<string, unknown>;
  for (const field of SELECTION_FIELDS) {
    const ids = selection[field];
    if (ids.length > 0 || Object.hasOwn(data, field)) copy[field] = [...ids];
  }
  return copy as T;
}

/** The documents of one shop (`alias`), or of every shop: those whose copy differs from their shop's selection. */
const outOfStep = (alias?: string) => sql`
  ${realtimeNodes.path} LIKE ${`${APPS_ROOT}/${ENVIRONMENT}/%`} AND split_part(${realtimeNodes.path}, '/', 3) = ${shops.alias}
  ${alias === undefined ? sql`` : sql`AND ${shops.alias} = ${alias}`}
  AND jsonb_typeof(${realtimeNodes.value} -> 'data') = 'object'
  AND (COALESCE(${realtimeNodes.value} -> 'data' -> 'superCategoriesOfInterest', '[]') IS DISTINCT FROM ${shops.superCategoriesOfInterest}
    OR COALESCE(${realtimeNodes.value} -> 'data' -> 'categoriesOfInterest', '[]') IS DISTINCT FROM ${shops.categoriesOfInterest})`;

/**
 * Every document whose copy differs from its shop's selection takes the shop's, as one more
 * revision; the shop's config too. `alias`: that shop's documents only. Returns the changed
 * documents, for their readers (publishDesign).
 */
async function bringInStep(db: Database, alias?: string): Promise<RealtimeSnapshot[]> {
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(realtimeNodes)
      .set({
        value: sql`jsonb_set(jsonb_set(${realtimeNodes.value}, '{data,superCategoriesOfInterest}', ${shops.superCategoriesOfInterest}), '{data,categoriesOfInterest}', ${shops.categoriesOfInterest})`,
        revision: sql`${realtimeNodes.revision} + 1`,
        updatedAt: new Date(),
      })
      .from(shops)
      .where(outOfStep(alias))
      .returning({ path: realtimeNodes.path, value: realtimeNodes.value, revision: realtimeNodes.revision });
    await tx
      .update(shops)
      .set({
        config: sql`jsonb_set(jsonb_set(${shops.config}, '{superCategoriesOfInterest}', ${shops.superCategoriesOfInterest}), '{categoriesOfInterest}', ${shops.categoriesOfInterest})`,
      })
      .where(
        sql`jsonb_typeof(${shops.config}) = 'object' ${alias === undefined ? sql`` : sql`AND ${shops.alias} = ${alias}`}
          AND (COALESCE(${shops.config} -> 'superCategoriesOfInterest', '[]') IS DISTINCT FROM ${shops.superCategoriesOfInterest}
            OR COALESCE(${shops.config} -> 'categoriesOfInterest', '[]') IS DISTINCT FROM ${shops.categoriesOfInterest})`,
      );
    return rows;
  });
  // Written outside applyEdit: what this process knew of them is stale.
  for (const { path } of changed) lastStored(db).delete(path);
  return changed;
}

/** The shop `alias` changed its selection: each of its designs takes it (PUT /v1/shops/{alias}). */
export function syncSelection(db: Database, alias: string): Promise<RealtimeSnapshot[]> {
  return bringInStep(db, alias);
}

/** At start: designs stored before their copy was kept in step (an empty copy showed every trade) take their shop's. */
export function syncAllSelections(db: Database): Promise<RealtimeSnapshot[]> {
  return bringInStep(db);
}
