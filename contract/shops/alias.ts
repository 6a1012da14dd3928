/**
 * How a shop's alias is made unique (zod-free). The alias is the shop name's slug at creation
 * and never changes (links keep working); a taken alias gets `-2`, `-3`, ... within SLUG_MAX.
 */
export const SLUG_MAX = 48;

/** The n-th candidate alias of a slug: the slug itself, then `slug-2`, `slug-3`, ... */
export function aliasCandidate(slug: string, n: number): string {
  if (n <= 1) return slug;
  const suffix = `-${n}`;
  return `${slug.slice(0, SLUG_MAX - suffix.length).replace(/-+$/g, '')}${suffix}`;
}

/** What an alias looks like: lower-case letters, digits and single inner hyphens. */
export const ALIAS_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
