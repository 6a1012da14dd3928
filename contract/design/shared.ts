/**
 * Structural sharing of JSON values (plain objects, arrays, primitives): `shareEqual(previous,
 * next)` is `next` with every part that deep-equals the same part of `previous` replaced by that
 * part of `previous`; `previous` itself when the two are equal. Memoised renderers then skip what
 * did not change. (The same idea as TanStack Query's replaceEqualDeep, without the dependency in
 * the shared contract.)
 */
const isPlain = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

export function shareEqual<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return previous as T;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const shared = next.map((item: unknown, index) => {
      const kept = shareEqual(previous[index], item);
      if (kept !== previous[index]) same = false;
      return kept;
    });
    return (same ? previous : shared) as T;
  }
  if (isPlain(previous) && isPlain(next)) {
    const previousKeys = Object.keys(previous);
    const nextKeys = Object.keys(next);
    let same = previousKeys.length === nextKeys.length;
    const shared: Record<string, unknown> = {};
    nextKeys.forEach((key, index) => {
      if (previousKeys[index] !== key) same = false;
      const kept = shareEqual(previous[key], next[key]);
      if (kept !== previous[key] || !Object.hasOwn(previous, key)) same = false;
      shared[key] = kept;
    });
    return (same ? previous : shared) as T;
  }
  return next;
}

/** Whether two JSON values are equal (plain objects compared by their keys, in any order). */
export function equalJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => equalJson(item, b[index]));
  if (isPlain(a) && isPlain(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && equalJson(a[key], b[key]));
  }
  return false;
}
