interface TokenSearch {
  token?: string | undefined;
}

/**
 * `?token=` of the e-mailed verification and reset links; anything else is dropped. A plain
 * function (no schema library) so the route options, which are not code-split, stay small.
 * The key is always returned (`undefined` when dropped): the router merges the result over the
 * raw search, so only an explicit `undefined` removes a bad value.
 */
export function validateTokenSearch(search: Record<string, unknown>): TokenSearch {
  const raw = search.token;
  if (typeof raw !== 'string' && typeof raw !== 'number') return { token: undefined };
  return { token: String(raw).trim() || undefined };
}
