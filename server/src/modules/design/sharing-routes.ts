/**
 * A shop's sharing (spec section 6): the public link, the preview key a QR code carries, and the
 * public page's data and Open Graph picture. Turning the link off or rotating the key drops the
 * phones that may no longer read the design (readers.ts).
 */
import { DESIGN_PATHS } from '@contract/design/paths';
import { publicShopSchema, sharingSchema, sharingUpdateSchema } from '@contract/design/sharing';
import { envelopeOf } from '@contract/response';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ignoreBodies } from '../../http/bodyless';
import { ok } from '../../http/envelope';
import { aliasParams } from '../../http/params';
import type { ZodTypeProvider } from '../../http/validation';
import { renderOgImage } from './og-image';
import { dropUnreadableReaders } from './readers';
import { getSharing, publicShop, rotatePreviewKey, setSharing } from './sharing';

export const designSharingModule: ModulePlugin = async (app, { db, guards, firebase, storage }) => {
  const tags = ['collaborators'];
  const requireUser = guards.requireUser;
  const { realtime } = app;

  // A call without a body, in its own scope: whatever body arrives is read and ignored.
  await app.register(async (plain) => {
    ignoreBodies(plain);
    const bodyless = plain.withTypeProvider<ZodTypeProvider>();
    bodyless.post(
      DESIGN_PATHS.previewKey,
      {
        onRequest: requireUser,
        schema: {
          tags,
          params: aliasParams,
          description: 'A new preview key (owner or manager); phones holding the old one lose the design.',
          response: { 200: envelopeOf(sharingSchema) },
        },
      },
      async (request) => {
        const sharing = await rotatePreviewKey(db, signedInUser(request), request.params.alias);
        await dropUnreadableReaders(realtime, db, request.params.alias);
        return ok(sharing, 'New preview key');
      },
    );
  });

  app.get(
    DESIGN_PATHS.sharing,
    { onRequest: requireUser, schema: { tags, params: aliasParams, response: { 200: envelopeOf(sharingSchema) } } },
    async (request) => ok(await getSharing(db, signedInUser(request), request.params.alias)),
  );

  app.put(
    DESIGN_PATHS.sharing,
    { onRequest: requireUser, schema: { tags, params: aliasParams, body: sharingUpdateSchema, response: { 200: envelopeOf(sharingSchema) } } },
    async (request) => {
      const sharing = await setSharing(db, signedInUser(request), request.params.alias, request.body);
      await firebase.shopChanged(request.params.alias);
      if (!sharing.publicLink) await dropUnreadableReaders(realtime, db, request.params.alias);
      return ok(sharing);
    },
  );

  app.get(
    DESIGN_PATHS.publicShop,
    { onRequest: guards.requireClient, schema: { tags, params: aliasParams, response: { 200: envelopeOf(publicShopSchema) } } },
    async (request) => {
      const { shop: _shop, ...page } = await publicShop(db, request.params.alias);
      void _shop;
      return ok(page);
    },
  );

  // No credential: link unfurlers fetch it as they find it in the page's Open Graph tags.
  app.get(
    DESIGN_PATHS.publicImage,
    { schema: { tags, params: aliasParams, description: 'A 1200x630 PNG of the default design (Open Graph image).' } },
    async (request, reply) => {
      const page = await publicShop(db, request.params.alias);
      const key = `${page.alias}/${page.version}/${JSON.stringify(page.config ?? {}).length}/${page.shop.updatedAt.getTime()}/${hashOf(page.config)}`;
      const png = await renderOgImage(storage, key, { name: page.name, slogan: page.slogan, logo: page.logo, config: page.config });
      return reply.type('image/png').header('cache-control', 'public, max-age=300').send(png);
    },
  );
};

function hashOf(value: unknown): string {
  let hash = 0;
  const text = JSON.stringify(value ?? null);
  for (let index = 0; index < text.length; index += 1) hash = (hash * 31 + text.charCodeAt(index)) | 0;
  return String(hash >>> 0);
}
