/**
 * Templates (issue #11, spec sections 3, 5, 7). A template is a shop of its own (isTemplate,
 * templateId) whose design lives at `apps/production/{alias}/{configVersion}`, plus two realtime
 * documents: `templates_categories/production/{templateId}` ({templateId, category}) and
 * `templates/production/{category}/{templateId}` (the Template entity). Every write keeps the
 * three in one transaction, so no reader ever sees a template in one place and not another.
 *
 * Rules: a user holds at most 20 template shops (the 21st is refused with the spec's text, under
 * a lock on the user's row so two parallel creates cannot both pass); only a SOVEREIGN or the
 * owner of the template's shop may save or remove it. A published template is anyone's to read,
 * copy and use; an unpublished one only its owner's or a SOVEREIGN's (anyone else: 404, as if it
 * did not exist), by id, through the realtime socket and as its design.
 *
 * The template calls live here; reading the documents is documents.ts, the starters seed.ts.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import { creationSchema } from '@contract/design/schemas';
import { designPath } from '@contract/design/realtime';
import {
  canEditTemplate,
  mayCreateTemplate,
  TEMPLATE_MESSAGES,
  templateAppsPrefix,
  templateCategoryDocPath,
  templateDocPath,
  templateSaveError,
  TEMPLATES_ROOT,
} from '@contract/templates/paths';
import {
  type AnyTemplateCategory,
  type CreateTemplatePayload,
  DEFAULT_TEMPLATE_FLAGS,
  type SaveTemplatePayload,
  type Template,
  TEMPLATE_CATEGORY_SUPER,
  templateCategorySchema,
  type TemplateDoc,
  templateDocSchema,
} from '@contract/templates/schemas';
import { STARTER_TEMPLATES } from '@contract/templates/starters';
import type { User } from '@contract/users/schemas';
import type { Database } from '../../db/database';
import { currencies, media, realtimeNodes, shops, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { removeMediaFiles } from '../../media/store';
import type { FileStorage } from '../../storage/port';
import { requireShopAccess } from '../../shop-access/access';
import { coloursOf, DESIGN_VERSION, type Db, node, putNode, readDoc, TEMPLATE_SHOP_LOGO, type Tx, visibleDoc, withCreation } from './documents';

/** GET /v1/templates: published templates, by category and tag, starters first then newest. */
export async function listTemplates(db: Database, query: { category?: AnyTemplateCategory | undefined; tag?: string | undefined }): Promise<Template[]> {
  const prefix = query.category ? `${TEMPLATES_ROOT}/production/${query.category}/` : `${TEMPLATES_ROOT}/production/`;
  const rows = await db
    .select({ value: realtimeNodes.value })
    .from(realtimeNodes)
    .where(like(realtimeNodes.path, `${prefix}%`));
  const docs = rows
    .map((row) => templateDocSchema.safeParse(row.value))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
    .filter((doc) => doc.isPublished === 1)
    .filter((doc) => !query.tag || doc.tags.some((tag) => tag.includes(query.tag ?? '')) || doc.name.toLowerCase().includes(query.tag));
  const starterOrder = new Map(STARTER_TEMPLATES.map((starter, index) => [starter.templateId, index]));
  docs.sort((a, b) => (starterOrder.get(a.templateId) ?? 1e6) - (starterOrder.get(b.templateId) ?? 1e6) || b.createdAt.localeCompare(a.createdAt));
  return Promise.all(docs.map((doc) => withCreation(db, doc)));
}

/** GET /v1/templates/{templateId} (404 'Template not found', also for an unpublished one `actor` may not see). */
export async function getTemplate(db: Database, actor: User | null, templateId: string): Promise<Template> {
  return withCreation(db, await visibleDoc(db, actor, templateId));
}

/** The template and its shop when `actor` may change it (404 unknown, 403 not allowed). */
async function requireEditable(db: Db, actor: User, templateId: string): Promise<{ doc: TemplateDoc; shop: typeof shops.$inferSelect }> {
  const doc = await readDoc(db, templateId);
  if (!doc) throw new HttpError(404, TEMPLATE_MESSAGES.notFound);
  const [shop] = await db.select().from(shops).where(eq(shops.alias, doc.data.shop.alias));
  const owned = shop && shop.ownerUserId === actor.id ? [shop.alias] : [];
  if (!canEditTemplate(actor, doc.data.shop.alias, owned)) throw new HttpError(403, TEMPLATE_MESSAGES.forbidden);
  if (!shop) throw new HttpError(404, TEMPLATE_MESSAGES.notFound);
  return { doc, shop };
}

async function countTemplateShops(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shops)
    .where(and(eq(shops.ownerUserId, userId), eq(shops.isTemplate, true)));
  return row?.n ?? 0;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'template';

interface NewTemplate {
  templateId: string;
  name: string;
  category: AnyTemplateCategory;
  tags: string[];
  creation: Record<string, unknown>;
  ownerUserId: number;
}

/** Inserts the template shop and the three documents (inside the caller's transaction). */
export async function insertTemplate(tx: Tx, input: NewTemplate): Promise<TemplateDoc> {
  const [usd] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'USD'));
  const [anyCurrency] = usd ? [usd] : await tx.select({ id: currencies.id }).from(currencies).limit(1);
  if (!anyCurrency) throw new Error('no currency is seeded');
  const alias = input.templateId;
  const superCategory = TEMPLATE_CATEGORY_SUPER[input.category];
  const splash = (input.creation.splashScreen ?? {}) as Record<string, unknown>;
  const creation = {
    ...input.creation,
    shop: { ...((input.creation.shop as object | undefined) ?? {}), alias, name: input.name },
    // The splash screen names the template, not the design it started from.
    splashScreen: { ...splash, text: { ...((splash.text as object | undefined) ?? {}), appName: input.name } },
    configVersion: DESIGN_VERSION,
  };
  const valid = creationSchema.safeParse(creation);
  const data: Record<string, unknown> = valid.success ? creation : { shop: { alias, name: input.name }, configVersion: DESIGN_VERSION };
  await tx.insert(shops).values({
    alias,
    slugName: `template-${alias}`,
    name: `${input.name} (template ${alias})`,
    ownerUserId: input.ownerUserId,
    appBucketName: `${alias}-app`,
    logo: TEMPLATE_SHOP_LOGO,
    latitude: 0,
    longitude: 0,
    address: { name: 'Template', description: 'A template shop', latitude: 0, longitude: 0 },
    currencyId: anyCurrency.id,
    superCategoriesOfInterest: Array.isArray(data.superCategoriesOfInterest) ? (data.superCategoriesOfInterest as number[]) : [superCategory],
    categoriesOfInterest: Array.isArray(data.categoriesOfInterest) ? (data.categoriesOfInterest as number[]) : [],
    isTemplate: true,
    templateId: input.templateId,
    config: data,
  });
  const now = new Date().toISOString();
  const doc: TemplateDoc = {
    templateId: input.templateId,
    category: input.category,
    name: input.name,
    ...DEFAULT_TEMPLATE_FLAGS,
    version: 0,
    tags: input.tags,
    colors: coloursOf(data),
    images: [TEMPLATE_SHOP_LOGO],
    data: { shop: { alias, name: input.name, logo: TEMPLATE_SHOP_LOGO }, version: 0, configVersion: DESIGN_VERSION },
    createdAt: now,
    updatedAt: now,
  };
  await putNode(tx, designPath(alias, DESIGN_VERSION), { isDefault: true, version: DESIGN_VERSION, data });
  await putNode(tx, templateCategoryDocPath(input.templateId), { templateId: input.templateId, category: input.category });
  await putNode(tx, templateDocPath(input.category, input.templateId), doc);
  return doc;
}

/** POST /v1/templates: refused past the limit; starts from `fromTemplateId`'s design or the category's starter. */
export async function createTemplate(db: Database, actor: User, payload: CreateTemplatePayload & { tags: string[] }): Promise<Template> {
  let base: Record<string, unknown> | null = null;
  if (payload.fromTemplateId) base = (await getTemplate(db, actor, payload.fromTemplateId)).creation;
  base ??= (STARTER_TEMPLATES.find((starter) => starter.category === payload.category)?.creation as Record<string, unknown> | undefined) ?? {};
  const templateId = `${slug(payload.name)}-${randomBytes(3).toString('hex')}`;
  const doc = await db.transaction(async (tx) => {
    // One create at a time per user: the count and the insert see the same rows.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    if (!mayCreateTemplate(await countTemplateShops(tx, actor.id))) throw new HttpError(400, TEMPLATE_MESSAGES.limit);
    return insertTemplate(tx, {
      templateId,
      name: payload.name,
      category: payload.category,
      tags: payload.tags,
      creation: structuredClone(base),
      ownerUserId: actor.id,
    });
  });
  return withCreation(db, doc);
}

/** PUT /v1/templates/{templateId}: needs a category and a template id ('Error saving configuration'). */
export async function saveTemplate(db: Database, actor: User, templateId: string, payload: SaveTemplatePayload): Promise<Template> {
  const missing = templateSaveError({ templateId, category: payload.category });
  const category = templateCategorySchema.safeParse(payload.category);
  if (missing || !category.success) throw new HttpError(400, TEMPLATE_MESSAGES.saveError);
  const doc = await db.transaction(async (tx) => {
    const { doc: current } = await requireEditable(tx, actor, templateId);
    const design = (await node(tx, designPath(current.data.shop.alias, current.data.configVersion))) as { data?: Record<string, unknown> } | null;
    const name = payload.name ?? current.name;
    const next: TemplateDoc = {
      ...current,
      category: category.data,
      name,
      tags: payload.tags ?? current.tags,
      isPublished: payload.isPublished ?? current.isPublished,
      isDefault: payload.isDefault ?? current.isDefault,
      version: current.version + 1,
      colors: coloursOf(design?.data ?? {}),
      data: { ...current.data, shop: { ...current.data.shop, name }, version: current.version + 1 },
      updatedAt: new Date().toISOString(),
    };
    if (category.data !== current.category) await tx.delete(realtimeNodes).where(eq(realtimeNodes.path, templateDocPath(current.category, templateId)));
    await putNode(tx, templateDocPath(category.data, templateId), next);
    await putNode(tx, templateCategoryDocPath(templateId), { templateId, category: category.data });
    return next;
  });
  return withCreation(db, doc);
}

/**
 * DELETE /v1/templates/{templateId}: the two template documents, every design document of its
 * shop, the shop and its media rows, in ONE transaction (a failing step rolls every step back);
 * the media files go after the commit. Answers the removed shop's alias.
 */
export async function removeTemplate(db: Database, storage: FileStorage, actor: User, templateId: string, expectedAlias?: string): Promise<string> {
  const { files, alias } = await db.transaction(async (tx) => {
    const { doc, shop } = await requireEditable(tx, actor, templateId);
    if (expectedAlias !== undefined && shop.alias !== expectedAlias) throw new HttpError(400, 'This shop does not belong to that template');
    await tx.delete(realtimeNodes).where(eq(realtimeNodes.path, templateCategoryDocPath(templateId)));
    await tx.delete(realtimeNodes).where(eq(realtimeNodes.path, templateDocPath(doc.category, templateId)));
    await tx.delete(realtimeNodes).where(like(realtimeNodes.path, `${templateAppsPrefix(shop.alias)}%`));
    const removed = await tx.delete(media).where(eq(media.shopAlias, shop.alias)).returning({ fileName: media.fileName });
    await tx.delete(shops).where(eq(shops.id, shop.id));
    return { files: removed, alias: shop.alias };
  });
  await removeMediaFiles(
    storage,
    files.map((row) => row.fileName),
  );
  return alias;
}

/**
 * POST /v1/templates/{templateId}/use {alias}: the merchant's shop starts from the template's
 * design (its own alias, name and logo kept), as the shop's config and its design document.
 */
export async function useTemplate(
  db: Database,
  actor: User,
  templateId: string,
  alias: string,
): Promise<{ alias: string; templateId: string; configVersion: number }> {
  const template = await getTemplate(db, actor, templateId);
  const shop = await requireShopAccess(db, actor, alias, 'write');
  const templateShop = (template.creation.shop ?? {}) as Record<string, unknown>;
  const data: Record<string, unknown> = {
    ...structuredClone(template.creation),
    shop: { ...templateShop, alias: shop.alias, name: shop.name, logo: shop.logo, slogan: shop.slogan },
    configVersion: DESIGN_VERSION,
  };
  if (!creationSchema.safeParse(data).success) throw new HttpError(400, TEMPLATE_MESSAGES.notFound);
  const superCategories = Array.isArray(data.superCategoriesOfInterest)
    ? (data.superCategoriesOfInterest as number[])
    : [TEMPLATE_CATEGORY_SUPER[template.category]];
  const categories = Array.isArray(data.categoriesOfInterest) ? (data.categoriesOfInterest as number[]) : [];
  await db.transaction(async (tx) => {
    await putNode(tx, designPath(shop.alias, DESIGN_VERSION), { isDefault: true, version: DESIGN_VERSION, data });
    await tx.update(shops).set({ config: data, superCategoriesOfInterest: superCategories, categoriesOfInterest: categories }).where(eq(shops.id, shop.id));
  });
  return { alias: shop.alias, templateId, configVersion: DESIGN_VERSION };
}

/** Whether `alias` is the shop of template `templateId` (DELETE /v1/admin/shops/{alias}?templateId removes the whole template then). */
export async function isTemplateShop(db: Database, alias: string, templateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.alias, alias), eq(shops.isTemplate, true), eq(shops.templateId, templateId)));
  return Boolean(row);
}
