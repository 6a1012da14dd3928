/** HTTP shape of the subscription and billing calls (spec section 7, issue 30). */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BILLING_PATHS, SUBSCRIPTION_PATHS } from '@contract/billing/paths';
import {
  billingSchema,
  billingsQuerySchema,
  closeAnswerSchema,
  closeRequestSchema,
  payBillsSchema,
  usageCorrectionRequestSchema,
  usageCorrectionSchema,
  verifyBillPaymentSchema,
  createSubscriptionSchema,
  subscriptionCodeParams,
  subscriptionSchema,
  subscriptionsQuerySchema,
  updateSubscriptionSchema,
} from '@contract/billing/schemas';
import { CONSTANTS, ROLE } from '@contract/constants';
import { pageQuery } from '@contract/paging';
import { transactionListItemSchema } from '@contract/payments/schemas';
import { TOTAL_COUNT_HEADER } from '@contract/api';
import { envelopeOf } from '@contract/response';
import { hasRole } from '@contract/users/roles';
import { AUTH_MESSAGES, signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import { listBills, payBills, subscriptionPayments, verifyBillPayment } from './bills';
import type { BillingDeps } from './close';
import { recordCorrection } from './corrections';
import { createSubscription, listSubscriptions, updateSubscription } from './subscriptions';

const gzipped = promisify(gzip);
/** Answers smaller than this go as they are: gzip would save a packet at most. */
const GZIP_FROM_BYTES = 4096;

/**
 * A long bills list goes gzipped when the client takes gzip: `/billing` reads every bill, and 200
 * bills are about 80 kB of JSON (about 8 kB gzipped), which is most of a second on a 1.6 Mbps phone.
 */
async function gzipLongAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || Buffer.byteLength(payload) < GZIP_FROM_BYTES) return payload;
  if (!/\bgzip\b/i.test(String(request.headers['accept-encoding'] ?? ''))) return payload;
  reply.header('content-encoding', 'gzip');
  reply.header('vary', 'accept-encoding');
  reply.removeHeader('content-length');
  return gzipped(payload);
}

export function billingRoutes(billing: BillingDeps, closeMonth: (year: number, month: number) => Promise<z.infer<typeof closeAnswerSchema>>): ModulePlugin {
  return async (app, { db, guards }) => {
    const tags = ['billing'];
    const onRequest = guards.requireUser;

    app.get(
      SUBSCRIPTION_PATHS.subscriptions,
      { onRequest, schema: { tags, querystring: subscriptionsQuerySchema, response: { 200: envelopeOf(z.array(subscriptionSchema)) } } },
      async (request, reply) => {
        const { data, total } = await listSubscriptions(db, signedInUser(request), request.query);
        reply.header(TOTAL_COUNT_HEADER, String(total));
        return ok(data);
      },
    );

    app.get(
      SUBSCRIPTION_PATHS.transactions,
      {
        onRequest,
        schema: {
          tags,
          params: subscriptionCodeParams,
          querystring: pageQuery(CONSTANTS.defaultListLimit),
          response: { 200: envelopeOf(z.array(transactionListItemSchema)) },
        },
      },
      async (request, reply) => {
        const { items, total } = await subscriptionPayments(billing, signedInUser(request), request.params.subscriptionCode, request.query);
        reply.header(TOTAL_COUNT_HEADER, String(total));
        return ok(items);
      },
    );

    app.post(
      SUBSCRIPTION_PATHS.subscriptions,
      { onRequest, schema: { tags, body: createSubscriptionSchema, response: { 200: envelopeOf(subscriptionSchema) } } },
      async (request) => ok(await createSubscription(db, signedInUser(request), request.body)),
    );

    app.put(
      SUBSCRIPTION_PATHS.one,
      { onRequest, schema: { tags, params: subscriptionCodeParams, body: updateSubscriptionSchema, response: { 200: envelopeOf(subscriptionSchema) } } },
      async (request) => ok(await updateSubscription(db, signedInUser(request), request.params.subscriptionCode, request.body)),
    );

    app.get(
      BILLING_PATHS.billings,
      { onRequest, onSend: gzipLongAnswer, schema: { tags, querystring: billingsQuerySchema, response: { 200: envelopeOf(z.array(billingSchema)) } } },
      async (request, reply) => {
        const { data, total } = await listBills(billing, signedInUser(request), request.query);
        reply.header(TOTAL_COUNT_HEADER, String(total));
        return ok(data);
      },
    );

    app.post(
      BILLING_PATHS.payWithAuthorization,
      { onRequest, schema: { tags, body: payBillsSchema, response: { 200: envelopeOf(z.array(billingSchema)) } } },
      async (request) => ok(await payBills(billing, signedInUser(request), request.body)),
    );

    app.post(
      BILLING_PATHS.verifyPayment,
      { onRequest, schema: { tags, body: verifyBillPaymentSchema, response: { 200: envelopeOf(billingSchema) } } },
      async (request) => ok(await verifyBillPayment(billing, signedInUser(request), request.body.reference)),
    );

    app.post(
      BILLING_PATHS.usageCorrections,
      { onRequest, schema: { tags, body: usageCorrectionRequestSchema, response: { 200: envelopeOf(usageCorrectionSchema) } } },
      async (request) => ok(await recordCorrection(db, signedInUser(request), request.body)),
    );

    app.post(
      BILLING_PATHS.close,
      { onRequest, schema: { tags, body: closeRequestSchema, response: { 200: envelopeOf(closeAnswerSchema) } } },
      async (request) => {
        if (!hasRole(signedInUser(request), ROLE.SOVEREIGN)) throw new HttpError(403, AUTH_MESSAGES.forbidden);
        return ok(await closeMonth(request.body.year, request.body.month));
      },
    );
  };
}
