/**
 * Template calls and realtime documents (spec sections 3, 5, 7), relative to API_PREFIX. Zod-free.
 *
 * A template lives in three places of the realtime database:
 * - `templates_categories/production/{templateId}`: `{templateId, category}` (which category holds it);
 * - `templates/production/{category}/{templateId}`: the Template entity (spec section 3);
 * - `apps/production/{alias}/{configVersion}`: the design config of the template's own shop.
 */
import { CONSTANTS, ROLE } from '../constants';
import { APPS_ROOT, ENVIRONMENT, splitPath } from '../design/realtime';
import { hasRole } from '../users/roles';

export const TEMPLATE_PATHS = {
  /** GET ?category&tag: published templates (public). POST {name, category, tags, fromTemplateId}: a new template. */
  list: '/templates',
  /** GET one (public); PUT saves it (owner or SOVEREIGN); DELETE removes it from all three places. */
  one: '/templates/:templateId',
  /** POST {alias}: the shop `alias` starts from the template's design. */
  use: '/templates/:templateId/use',
} as const;

export const TEMPLATES_ROOT = 'templates';
export const TEMPLATES_CATEGORIES_ROOT = 'templates_categories';

export const templateCategoryDocPath = (templateId: string) => `${TEMPLATES_CATEGORIES_ROOT}/${ENVIRONMENT}/${templateId}`;
export const templateDocPath = (category: string, templateId: string) => `${TEMPLATES_ROOT}/${ENVIRONMENT}/${category}/${templateId}`;
export const templateAppsPrefix = (alias: string) => `${APPS_ROOT}/${ENVIRONMENT}/${alias}/`;

/** The template document `path` names (whole documents only), or null. */
export function templateAddress(path: string): { kind: 'category'; templateId: string } | { kind: 'template'; category: string; templateId: string } | null {
  const segments = splitPath(path);
  if (!segments) return null;
  const [root, environment, a = '', b] = segments;
  if (environment !== ENVIRONMENT) return null;
  if (root === TEMPLATES_CATEGORIES_ROOT && segments.length === 3) return { kind: 'category', templateId: a };
  if (root === TEMPLATES_ROOT && segments.length === 4 && b) return { kind: 'template', category: a, templateId: b };
  return null;
}

export const TEMPLATE_MESSAGES = {
  /** Spec section 8. */
  limit: 'Maximum number of allowed templates reached!',
  /** Spec section 5: saving needs a category and a template id. */
  saveError: 'Error saving configuration',
  notFound: 'Template not found',
  forbidden: 'Only the owner of this template or a SOVEREIGN may change it',
  signIn: 'Sign in to manage templates',
  created: 'Template created',
  saved: 'Template saved',
  removed: 'Template removed',
  used: 'Your app starts from this template',
} as const;

/** Spec section 5: a user holding `count` template shops may create another one (at most 20 in all). */
export function mayCreateTemplate(count: number): boolean {
  return count < CONSTANTS.maxTemplatesPerUser;
}

/**
 * Spec section 5: a template can be edited only by a logged-in user who is a SOVEREIGN or owns
 * the template's shop (its alias is among the user's shops).
 */
export function canEditTemplate(
  user: { userroles: ReadonlyArray<{ roleId: number }> } | null | undefined,
  templateShopAlias: string,
  ownedShopAliases: readonly string[],
): boolean {
  if (!user) return false;
  return hasRole(user, ROLE.SOVEREIGN) || ownedShopAliases.includes(templateShopAlias);
}

/** Spec section 5: 'Error saving configuration' unless both are present. */
export function templateSaveError(input: { templateId?: string | null | undefined; category?: string | null | undefined }): string | null {
  return input.templateId && input.category ? null : TEMPLATE_MESSAGES.saveError;
}
