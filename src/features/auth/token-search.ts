export interface TokenSearch {
  token?: string;
}

/**
 * `?token=` of the e-mailed verification and reset links; anything else is dropped. A plain
 * function (no schema library) so the route options, which are not code-split, stay small.
 */
export function validateTokenSearch(search: Record<string, unknown>): TokenSearch {
  const raw = search.token;
  if (typeof raw !== 'string' && typeof raw !== 'number') return {};
  const token = String(raw).trim();
  return token ? { token } : {};
}
