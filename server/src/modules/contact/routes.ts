/** HTTP shape of the contact form (issue #11): POST /v1/contact, for visitors and merchants alike. */
import { CONTACT_PATHS } from '@contract/contact/paths';
import { CONTACT_MESSAGES, contactMessageSchema } from '@contract/contact/schemas';
import { envelopeOf, noData } from '@contract/response';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { sendContactMessage, type ContactDeps } from './service';

export const contactModule: ModulePlugin = async (app, deps) => {
  const contact: ContactDeps = { ...deps, log: app.log };
  const tags = ['contact'];

  app.post(
    CONTACT_PATHS.messages,
    // The client credential (a visitor) or a session (a merchant, remembered with the message).
    { onRequest: deps.guards.requireClient, schema: { tags, body: contactMessageSchema, response: { 200: envelopeOf(noData) } } },
    async (request) => {
      await sendContactMessage(contact, request.body, { address: request.ip, userId: request.user?.id ?? null });
      return ok(null, CONTACT_MESSAGES.received(request.body.email));
    },
  );
};
