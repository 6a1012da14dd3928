import { type Screen, toScreen } from './screens';

interface PreviewSearch {
  templateId?: string | undefined;
  page?: Screen | undefined;
  /** The live preview's short query (src/features/design/preview-url.ts): t, v, c, k, o, e, p. */
  t?: string | undefined;
  v?: number | undefined;
  c?: string | undefined;
  k?: string | undefined;
  o?: string | undefined;
  e?: string | undefined;
  /** The shop's preview key: reads a private design without signing in. */
  p?: string | undefined;
}

const shortText = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : undefined);

/**
 * `/test/preview?templateId=&page=`: which design, and the page to open on. A plain function
 * (no schema library) so the route options stay small; a page that does not fit is dropped, any
 * templateId is kept so the page can say when it does not exist.
 */
export function validatePreviewSearch(search: Record<string, unknown>): PreviewSearch {
  const rawId = search.templateId;
  const templateId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId).slice(0, 200) : undefined;
  const rawPage = search.page;
  const page = typeof rawPage === 'string' && rawPage.length <= 40 ? toScreen(rawPage) : undefined;
  const version = Number(search.v);
  return {
    templateId: templateId && templateId.length > 0 ? templateId : undefined,
    page,
    t: shortText(search.t),
    v: Number.isInteger(version) && version >= 0 && version < 10_000_000 ? version : undefined,
    c: shortText(search.c),
    k: shortText(search.k),
    o: shortText(search.o),
    e: shortText(search.e),
    p: shortText(search.p),
  };
}
