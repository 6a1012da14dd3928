/**
 * `/templates` rendered for each request with the templates its filter selects (issue #11: data
 * "rendered in and refreshed by the client"): the gallery's list is in the HTML, with JavaScript
 * off too, and the client hydrates it from the same data instead of rendering it after load.
 */
import { templateFilterOf, templateKeys } from '@contract/templates/filter';
import { templateCategorySchema } from '@contract/templates/schemas';
import type { AppInstance } from '../../deps';
import type { Database } from '../../db/database';
import type { Portal } from '../../web/portal';
import { listTemplates } from './service';

/**
 * The addresses rendered with their data: the gallery and each category's, nothing else in the
 * query. A tag search (free text) or any other parameter gets the page prerendered without data,
 * which the client fills in: the renders the server keeps stay few, and none can be forced by
 * varying the address.
 */
export function registerGalleryPage(app: AppInstance, portal: Portal, db: Database): void {
  app.get('/templates', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const filter = templateFilterOf(query);
    const onlyCategory = Object.keys(query).every((key) => key === 'category') && (query.category === undefined || query.category === filter.category);
    const known = filter.category === undefined || templateCategorySchema.safeParse(filter.category).success;
    if (!onlyCategory || !known) return portal.sendIndex(request, reply, '/templates');
    let templates;
    try {
      templates = await listTemplates(db, { category: filter.category });
    } catch (error) {
      request.log.warn({ err: error }, 'the gallery page is served without its templates');
      return portal.sendIndex(request, reply, '/templates');
    }
    const url = filter.category ? `/templates?category=${filter.category}` : '/templates';
    return portal.sendRendered(request, reply, url, { readAt: Date.now(), queries: [{ queryKey: templateKeys.list(filter), data: templates }] });
  });
}
