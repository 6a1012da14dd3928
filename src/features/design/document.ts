/** Pure helpers of the live design document (no React, no browser): usable by tests and the bench. */

export type DesignStatus = 'offline' | 'pending' | 'in-sync';

/**
 * Lays `edit` over `doc` (paths outside `docPath` are ignored), as withValueAt path after path
 * would, copying each object on the way once per edit, not once per path (an edit of the primary
 * colour writes five fields of two groups; this runs on the way to every painted edit).
 */
export function applyToDocument(doc: unknown, docPath: string, updates: Record<string, unknown>): unknown {
  const prefix = `${docPath}/`;
  /** The objects this call made, which it may still change. */
  const own = new Set<object>();
  let next = doc;
  for (const [path, value] of Object.entries(updates)) {
    if (path === docPath) next = value;
    else if (path.startsWith(prefix)) next = writeAt(next, path.slice(prefix.length).split('/'), value, own);
  }
  return next;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

function writeAt(value: unknown, inner: readonly string[], next: unknown, own: Set<object>): unknown {
  if (inner.length === 0) return next ?? null;
  const base: Node = isNode(value) ? (own.has(value) ? value : { ...value }) : {};
  own.add(base);
  const [head = '', ...rest] = inner;
  const child = writeAt(Object.hasOwn(base, head) ? base[head] : null, rest, next, own);
  if (child === null) delete base[head];
  else base[head] = child;
  return base;
}

export function statusText(status: DesignStatus, revision: number, pending: number): string {
  const waiting = `${pending} ${pending === 1 ? 'edit' : 'edits'} waiting`;
  if (status === 'offline') return pending > 0 ? `Offline: ${waiting}` : 'Offline';
  if (status === 'pending') return waiting;
  return `in sync at revision ${revision}`;
}
