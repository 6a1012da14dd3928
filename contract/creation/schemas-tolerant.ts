/**
 * A Creation read from storage or the live database may be old, partial or damaged. The preview
 * never refuses one: each part that fails the schema falls back to its default, the rest is kept
 * (issue #9, "Bad input").
 */
import { type Creation, creationSchema } from './schemas';

const REMOVED = Symbol('removed');
const MAX_PASSES = 25;

type Json = Record<string | number, unknown>;

/** Removes the value at `path`: undefined in an object (its default applies), dropped from a list. */
function removeAt(root: Json, path: readonly PropertyKey[]): void {
  let node: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return;
    node = (node as Json)[key as string];
  }
  if (node === null || typeof node !== 'object') return;
  const last = path[path.length - 1] as string | number;
  if (Array.isArray(node) && typeof last === 'number') node[last] = REMOVED;
  else (node as Json)[last] = undefined;
}

function dropRemoved(node: unknown): unknown {
  if (Array.isArray(node)) return node.filter((item) => item !== REMOVED).map(dropRemoved);
  if (node !== null && typeof node === 'object') {
    for (const key of Object.keys(node)) (node as Json)[key] = dropRemoved((node as Json)[key]);
  }
  return node;
}

function copy(input: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(input)) as unknown;
  } catch {
    return {};
  }
}

/** The Creation `input` describes, with the defaults in place of every missing or invalid part. */
export function parseCreationTolerant(input: unknown): Creation {
  let value = copy(input);
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) value = {};
    const result = creationSchema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      if (issue.path.length === 0) value = {};
      else removeAt(value as Json, issue.path);
    }
    value = dropRemoved(value);
  }
  return creationSchema.parse({});
}
