/**
 * `/templates` rendered for each request with the templates its filter selects (issue #11: data
 * "rendered in and refreshed by the client"): the gallery's list is in the HTML, with JavaScript
 * off too, and the client hydrates it from the same data instead of rendering it after load.
 */
import { isKnownCategory, listTag, templateFilterOf, templateListKey } from '@contract/templates/filter';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';
import type { Portal } from '../../web/portal';
import { listTemplates } from './service';

/**
 * Whether the client's router reads this search value as the same string: it parses each value
 * as JSON first (`?tag=12` is the number 12, which the gallery ignores), so such a value is left
 * to the client.
 */
function readsAsString(value: string): boolean {
  try {
    return typeof JSON.parse(value) === 'string';
  } catch {
    return true;
  }
}

export function registerGalleryPage(app: AppInstance, portal: Portal, db: Database): void {
  app.get('/templates', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const filter = templateFilterOf(query);
    const plain = Object.values(query).every((value) => typeof value === 'string' && readsAsString(value));
    if (!plain || !isKnownCategory(filter)) return portal.sendIndex(request, reply, '/templates');
    let templates;
    try {
      templates = await listTemplates(db, { category: filter.category, tag: listTag(filter) || undefined });
    } catch (error) {
      request.log.warn({ err: error }, 'the gallery page is served without its templates');
      return portal.sendIndex(request, reply, '/templates');
    }
    return portal.sendRendered(request, reply, request.url, { readAt: Date.now(), queries: [{ queryKey: templateListKey(filter), data: templates }] });
  });
}
