/**
 * A Creation read from storage or the live database may be old, partial or damaged. The preview
 * never refuses one: each part that fails the schema falls back to its default, the rest is kept
 * (issue #9, "Bad input").
 *
 * The Creation is a plain object of groups with no rule across groups, so each top-level group is
 * parsed on its own. `createCreationParser()` makes a parser that remembers the groups it parsed:
 * a group whose input equals its input of last time is not parsed again,
 * and a group that parses to the same content as last time keeps its previous object. Given
 * structurally shared input (an edit replaces only the objects on its path), an edit of one field
 * re-parses one group, and unchanged groups keep their identity for memoised renderers.
 */
import { equalJson, shareEqual } from './shared';
import { type Creation, creationSchema } from './schemas';

const REMOVED = Symbol('removed');
const MAX_PASSES = 25;

type Json = Record<string | number, unknown>;
type Part = {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: Array<{ path: PropertyKey[] }> } };
  parse(value: unknown): unknown;
};

const GROUPS = Object.entries(creationSchema.shape) as Array<[keyof Creation & string, Part]>;

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

/** A private copy the repair may change (JSON's: what storage could hold). */
function copy(input: unknown): unknown {
  if (input === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(input)) as unknown;
  } catch {
    return {};
  }
}

/** One group of the Creation from `input`, with the default in place of each invalid part. */
function parseGroup(schema: Part, input: unknown): unknown {
  const first = schema.safeParse(input);
  if (first.success) return first.data;
  let value = copy(input);
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      if (issue.path.length === 0) value = undefined;
      else if (value !== null && typeof value === 'object') removeAt(value as Json, issue.path);
    }
    value = dropRemoved(value);
  }
  return schema.parse(undefined);
}

const asObject = (input: unknown): Record<string, unknown> =>
  input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};

/** The Creation `input` describes, with the defaults in place of every missing or invalid part. */
export function parseCreationTolerant(input: unknown): Creation {
  const source = asObject(input);
  return Object.fromEntries(GROUPS.map(([key, schema]) => [key, parseGroup(schema, source[key])])) as Creation;
}

/**
 * A parser for a document that changes a little at a time (the live design): the same results
 * as parseCreationTolerant, re-parsing only the groups whose input changed, and returning the
 * previous Creation object itself when nothing in it changed.
 */
export function createCreationParser(): (input: unknown) => Creation {
  const inputs = new Map<string, unknown>();
  const outputs = new Map<string, unknown>();
  let last: Creation | null = null;
  return (input) => {
    const source = asObject(input);
    let changed = last === null;
    const next: Record<string, unknown> = {};
    for (const [key, schema] of GROUPS) {
      const raw = source[key];
      // The same input (the same object, or an equal copy: the store's echo of an edit) parses the same.
      if (last !== null && inputs.has(key) && equalJson(inputs.get(key), raw)) {
        inputs.set(key, raw);
        next[key] = outputs.get(key);
        continue;
      }
      const previous = outputs.get(key);
      const parsed = previous === undefined ? parseGroup(schema, raw) : shareEqual(previous, parseGroup(schema, raw));
      inputs.set(key, raw);
      outputs.set(key, parsed);
      if (parsed !== previous) changed = true;
      next[key] = parsed;
    }
    if (!changed && last) return last;
    last = next as Creation;
    return last;
  };
}
