/**
 * `/apps/{alias}/public` as HTML with Open Graph and Twitter card tags (issue 14), so a shared link
 * unfurls with the shop's name and a picture of its design (link unfurlers do not run scripts).
 * The page itself is the portal's; a shop whose public link is off, or an unknown alias, gets the
 * page without tags (the portal shows the message).
 */
import { PRODUCT_NAME } from '@contract/brand';
import { DESIGN_PATHS } from '@contract/design/paths';
import { API_PREFIX } from '@contract/api';
import { ALIAS_PATTERN } from '@contract/shops/alias';
import type { AppInstance } from '../../deps';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { escapeHtml } from '../../html';
import type { Portal } from '../../web/portal';
import { publicShop } from './sharing';
import { OG_HEIGHT, OG_WIDTH } from './og-image';

function openGraphTags(config: Pick<Config, 'PUBLIC_ORIGIN'>, page: { alias: string; name: string; slogan: string; updatedAt: number }): string {
  const url = new URL(`/apps/${page.alias}/public`, config.PUBLIC_ORIGIN).toString();
  const image = new URL(`${API_PREFIX}${DESIGN_PATHS.publicImage.replace(':alias', page.alias)}?v=${page.updatedAt}`, config.PUBLIC_ORIGIN).toString();
  const title = `${page.name} — designed with ${PRODUCT_NAME}`;
  const description = page.slogan || `The app design of ${page.name}, live.`;
  const meta = (attribute: 'property' | 'name', key: string, content: string) => `  <meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  return [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(OG_WIDTH)),
    meta('property', 'og:image:height', String(OG_HEIGHT)),
    meta('property', 'og:image:alt', `The app design of ${page.name}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:image', image),
  ].join('\n');
}

export function registerPublicPage(app: AppInstance, portal: Portal, db: Database, config: Pick<Config, 'PUBLIC_ORIGIN'>): void {
  app.get('/apps/:alias/public', async (request, reply) => {
    const { alias } = request.params as { alias: string };
    let head: string | undefined;
    if (ALIAS_PATTERN.test(alias)) {
      try {
        const page = await publicShop(db, alias);
        head = openGraphTags(config, { alias: page.alias, name: page.name, slogan: page.slogan, updatedAt: page.shop.updatedAt.getTime() });
      } catch {
        head = undefined;
      }
    }
    return portal.sendIndex(request, reply, `/apps/${alias}/public`, 200, head);
  });
}
