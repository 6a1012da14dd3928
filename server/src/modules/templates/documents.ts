/**
 * The realtime documents of templates: `templates_categories/production/{templateId}` names the
 * category, `templates/production/{category}/{templateId}` holds the Template entity, and the
 * template shop's design sits at `apps/production/{alias}/0`. Reads check who may see an
 * unpublished template (404, as if it did not exist); the template calls (service.ts) write them.
 */
import { eq, sql } from 'drizzle-orm';
import { parseCreationTolerant } from '@contract/design/schemas-tolerant';
import { designPath } from '@contract/design/realtime';
import { canEditTemplate, TEMPLATE_MESSAGES, templateAddress, templateCategoryDocPath, templateDocPath } from '@contract/templates/paths';
import { type AnyTemplateCategory, type Template, templateCategorySchema, type TemplateDoc, templateDocSchema } from '@contract/templates/schemas';
import type { User } from '@contract/users/schemas';
import type { Database } from '../../db/database';
import { realtimeNodes, shops } from '../../db/schema';
import { HttpError } from '../../http/http-error';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Db = Database | Tx;

/** The logo of a template's own shop (a template is not a business; its preview shows the design's). */
export const TEMPLATE_SHOP_LOGO = '/icons/icon-192.png';
/** Every template design is version 0 of its shop. */
export const DESIGN_VERSION = 0;

export async function node(db: Db, nodePath: string): Promise<unknown> {
  const [row] = await db.select({ value: realtimeNodes.value }).from(realtimeNodes).where(eq(realtimeNodes.path, nodePath));
  return row?.value ?? null;
}

export async function putNode(db: Db, nodePath: string, value: unknown): Promise<void> {
  await db
    .insert(realtimeNodes)
    .values({ path: nodePath, value, revision: 1 })
    .onConflictDoUpdate({ target: realtimeNodes.path, set: { value, revision: sql`${realtimeNodes.revision} + 1` } });
}

export function coloursOf(creation: Record<string, unknown>): string[] {
  const colours = (creation.colors ?? {}) as Record<string, unknown>;
  return ['primary', 'accent', 'backgroundColor'].map((key) => colours[key]).filter((value): value is string => typeof value === 'string');
}

/** The template's category (from `templates_categories`), or null. */
async function categoryOf(db: Db, templateId: string): Promise<AnyTemplateCategory | null> {
  const value = (await node(db, templateCategoryDocPath(templateId))) as { category?: unknown } | null;
  const parsed = templateCategorySchema.safeParse(value?.category);
  return parsed.success ? parsed.data : null;
}

export async function readDoc(db: Db, templateId: string): Promise<TemplateDoc | null> {
  const category = await categoryOf(db, templateId);
  if (!category) return null;
  const parsed = templateDocSchema.safeParse(await node(db, templateDocPath(category, templateId)));
  return parsed.success ? parsed.data : null;
}

export async function withCreation(db: Db, doc: TemplateDoc): Promise<Template> {
  const design = (await node(db, designPath(doc.data.shop.alias, doc.data.configVersion))) as { data?: Record<string, unknown> } | null;
  return { ...doc, creation: parseCreationTolerant(design?.data ?? {}), creationComplete: true };
}

/** May `actor` see `doc`? Anyone while it is published; else its shop's owner or a SOVEREIGN. */
async function maySee(db: Db, actor: User | null, doc: TemplateDoc): Promise<boolean> {
  if (doc.isPublished === 1) return true;
  if (!actor) return false;
  const alias = doc.data.shop.alias;
  const [shop] = await db.select({ ownerUserId: shops.ownerUserId }).from(shops).where(eq(shops.alias, alias));
  return canEditTemplate(actor, alias, shop?.ownerUserId === actor.id ? [alias] : []);
}

/** The template `actor` may see (404 'Template not found' for an unknown one and for an unpublished one of someone else). */
export async function visibleDoc(db: Db, actor: User | null, templateId: string): Promise<TemplateDoc> {
  const doc = await readDoc(db, templateId);
  if (!doc || !(await maySee(db, actor, doc))) throw new HttpError(404, TEMPLATE_MESSAGES.notFound);
  return doc;
}

/** Refuses (404) a read of template `templateId`'s documents or design that `actor` may not see; an unknown id passes (nothing to hide). */
export async function requireVisibleTemplate(db: Database, actor: User | null, templateId: string): Promise<void> {
  const doc = await readDoc(db, templateId);
  if (doc && !(await maySee(db, actor, doc))) throw new HttpError(404, TEMPLATE_MESSAGES.notFound);
}

/** The room of a template document's subscribers (the server joins sockets to it on subscribe). */
export const templateRoom = (documentPath: string) => `template:${documentPath}`;

/** A template document as the realtime database answers it (value null when absent; 404 for an unpublished template `actor` may not see). */
export async function readTemplateNode(db: Database, actor: User | null, documentPath: string): Promise<{ path: string; value: unknown; revision: number }> {
  const address = templateAddress(documentPath);
  if (address) await requireVisibleTemplate(db, actor, address.templateId);
  const [row] = await db
    .select({ value: realtimeNodes.value, revision: realtimeNodes.revision })
    .from(realtimeNodes)
    .where(eq(realtimeNodes.path, documentPath));
  return { path: documentPath, value: row?.value ?? null, revision: row?.revision ?? 0 };
}
