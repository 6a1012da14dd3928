/** Customers (spec section 7): the caller's billing identity. */
import { CUSTOMER_PATHS } from '@contract/customers/paths';
import { customerResponseSchema, customerSchema } from '@contract/customers/schemas';
import { envelopeOf } from '@contract/response';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { customerOf, saveCustomer } from './service';

export const customersModule: ModulePlugin = async (app, { db, guards }) => {
  const tags = ['customers'];
  app.post(
    CUSTOMER_PATHS.save,
    { onRequest: guards.requireUser, schema: { tags, body: customerSchema, response: { 200: envelopeOf(customerResponseSchema) } } },
    async (request) => ok(await saveCustomer(db, signedInUser(request).id, request.body)),
  );
  app.get(
    CUSTOMER_PATHS.me,
    { onRequest: guards.requireUser, schema: { tags, response: { 200: envelopeOf(customerResponseSchema.nullable()) } } },
    async (request) => ok(await customerOf(db, signedInUser(request).id)),
  );
};
