import { type Screen, toScreen } from './screens';

export interface PreviewSearch {
  templateId?: string | undefined;
  page?: Screen | undefined;
}

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
  return { templateId: templateId && templateId.length > 0 ? templateId : undefined, page };
}
