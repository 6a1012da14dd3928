/**
 * The gallery's filter (`/templates?category&tag`), read from the address the same way by the
 * page and by the server that renders it with its templates, and the key its list is cached
 * under. Zod-free: the route's search check is in the initial JS.
 */
import type { AnyTemplateCategory } from './categories';

export interface TemplateFilter {
  category?: AnyTemplateCategory | undefined;
  tag?: string | undefined;
}

/** A tag search is at most this long (TEMPLATE_LIMITS.tag). */
const TAG_MAX = 30;

/**
 * `?category&tag`, checked by hand: the shape here; a well-formed category the gallery does not
 * know is left to the server (the page's error state).
 */
export function templateFilterOf(search: Record<string, unknown>): { category?: AnyTemplateCategory; tag?: string } {
  const category = typeof search.category === 'string' && /^[a-z_]{2,40}$/.test(search.category) ? (search.category as AnyTemplateCategory) : undefined;
  const tag = typeof search.tag === 'string' && search.tag.trim() ? search.tag.trim().slice(0, TAG_MAX) : undefined;
  return { ...(category ? { category } : {}), ...(tag ? { tag } : {}) };
}

/** The tag as the list is asked for it: trimmed, lower case. */
export function listTag(filter: TemplateFilter): string {
  return filter.tag?.trim().toLowerCase() ?? '';
}

/** The templates' query keys; a list's is shared by the page's cache and the server's rendering. */
export const templateKeys = {
  /** Every list, whatever its filter (what a change to a template makes stale). */
  lists: () => ['templates', 'list'] as const,
  list: (filter: TemplateFilter): ['templates', 'list', string, string] => ['templates', 'list', filter.category ?? '', listTag(filter)],
  one: (templateId: string) => ['templates', 'one', templateId] as const,
};
