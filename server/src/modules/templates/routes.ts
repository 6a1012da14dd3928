/** HTTP shape of the template calls (issue #11): public reads, owner-or-SOVEREIGN writes. */
import { z } from 'zod';
import { envelopeOf, noData } from '@contract/response';
import { designPath, REALTIME_EVENTS } from '@contract/design/realtime';
import { TEMPLATE_MESSAGES, TEMPLATE_PATHS, templateCategoryDocPath, templateDocPath } from '@contract/templates/paths';
import {
  createTemplateSchema,
  listTemplatesQuery,
  saveTemplateSchema,
  templateSchema,
  useTemplateAnswerSchema,
  useTemplateSchema,
} from '@contract/templates/schemas';
import type { User } from '@contract/users/schemas';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { dropUnreadableReaders, publishDesign, readDocument } from '../design/index';
import { requireVisibleTemplate, templateRoom } from './documents';
import { createTemplate, getTemplate, listTemplates, removeTemplate, saveTemplate, useTemplate } from './service';

const templateParams = z.object({ templateId: z.string().min(1).max(100) });

export const templatesModule: ModulePlugin = async (app, { db, guards, firebase, storage }) => {
  /** A design document a template call wrote: to its open editors and previews, and to Firebase in Firebase mode. */
  const publishStored = async (path: string) => {
    const snapshot = await readDocument(db, path);
    if (snapshot?.value) await publishDesign({ realtime: app.realtime, firebase }, snapshot);
  };
  /** Sockets in a template's rooms (its documents and its design) that may no longer see it leave them. */
  const dropHiddenTemplateReaders = async (templateId: string, docPaths: string[], alias: string) => {
    for (const room of docPaths.map(templateRoom)) {
      for (const socket of await app.realtime.io.in(room).fetchSockets()) {
        const visible = await requireVisibleTemplate(db, (socket.data as { user?: User | null }).user ?? null, templateId).then(
          () => true,
          () => false,
        );
        if (!visible) socket.leave(room);
      }
    }
    await dropUnreadableReaders(app.realtime, db, alias);
  };
  const tags = ['templates'];
  const one = { 200: envelopeOf(templateSchema) };

  app.get(
    TEMPLATE_PATHS.list,
    { onRequest: guards.requireClient, schema: { tags, querystring: listTemplatesQuery, response: { 200: envelopeOf(z.array(templateSchema)) } } },
    async (request) => ok(await listTemplates(db, request.query)),
  );

  app.get(TEMPLATE_PATHS.one, { onRequest: guards.requireClient, schema: { tags, params: templateParams, response: one } }, async (request) =>
    ok(await getTemplate(db, request.user, request.params.templateId)),
  );

  app.post(
    TEMPLATE_PATHS.list,
    { onRequest: guards.requireUser, schema: { tags, body: createTemplateSchema, response: { 201: envelopeOf(templateSchema) } } },
    async (request, reply) => {
      const template = await createTemplate(db, signedInUser(request), request.body);
      await firebase.shopChanged(template.data.shop.alias);
      await publishStored(designPath(template.data.shop.alias, template.data.configVersion));
      return reply.code(201).send(ok(template, TEMPLATE_MESSAGES.created));
    },
  );

  app.put(
    TEMPLATE_PATHS.one,
    { onRequest: guards.requireUser, schema: { tags, params: templateParams, body: saveTemplateSchema, response: one } },
    async (request) => {
      const saved = await saveTemplate(db, signedInUser(request), request.params.templateId, request.body);
      const docPath = templateDocPath(saved.category, saved.templateId);
      const { creation, ...doc } = saved;
      void creation;
      // Unpublished: whoever followed it while it was public and may not see it now stops following it.
      if (saved.isPublished !== 1)
        await dropHiddenTemplateReaders(saved.templateId, [docPath, templateCategoryDocPath(saved.templateId)], saved.data.shop.alias);
      app.realtime.emitToRoom(templateRoom(docPath), REALTIME_EVENTS.value, { path: docPath, value: doc, revision: saved.version + 1 });
      return ok(saved, TEMPLATE_MESSAGES.saved);
    },
  );

  app.delete(
    TEMPLATE_PATHS.one,
    { onRequest: guards.requireUser, schema: { tags, params: templateParams, response: { 200: envelopeOf(noData) } } },
    async (request) => {
      await firebase.shopChanged(await removeTemplate(db, storage, signedInUser(request), request.params.templateId));
      return ok(null, TEMPLATE_MESSAGES.removed);
    },
  );

  app.post(
    TEMPLATE_PATHS.use,
    {
      onRequest: guards.requireUser,
      schema: { tags, params: templateParams, body: useTemplateSchema, response: { 200: envelopeOf(useTemplateAnswerSchema) } },
    },
    async (request) => {
      const used = await useTemplate(db, signedInUser(request), request.params.templateId, request.body.alias);
      await publishStored(designPath(used.alias, used.configVersion));
      return ok(used, TEMPLATE_MESSAGES.used);
    },
  );
};
