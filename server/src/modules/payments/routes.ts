/** HTTP shape of the payment, authorization and remote-config calls (spec section 7) and the provider webhooks. */
import type { onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { API_PREFIX, TOTAL_COUNT_HEADER } from '@contract/api';
import { CONSTANTS, ROLE } from '@contract/constants';
import { pageQuery } from '@contract/paging';
import { IDEMPOTENCY_HEADER, PAYMENT_PATHS, WEBHOOK_SIGNATURE_HEADERS } from '@contract/payments/paths';
import {
  authorizationQuerySchema,
  authorizationSchema,
  authorizationUpdateSchema,
  initializeAnswerSchema,
  initializeRequestSchema,
  PAYMENT_MESSAGES,
  paymentIntentSchema,
  providerSchema,
  remoteConfigSchema,
  saveAuthorizationSchema,
  sessionRequestSchema,
  sessionSchema,
  setupIntentAnswerSchema,
  setupIntentRequestSchema,
  setupIntentSchema,
  transactionListItemSchema,
  transactionSchema,
  transactionsQuerySchema,
  verifyRequestSchema,
  type Transaction,
  type TransactionListItem,
  BILLING_TRANSACTION_TYPE,
} from '@contract/payments/schemas';
import { envelopeOf, noData } from '@contract/response';
import { tokenText } from '@contract/text';
import { describeGuard, signedInUser } from '../../auth/guards';
import type { AppDeps, AppInstance, ModulePlugin } from '../../deps';
import { rawBodies } from '../../http/bodyless';
import { ok } from '../../http/envelope';
import { idempotencyKeyOf } from '../../http/params';
import { HttpError } from '../../http/http-error';
import type { ZodTypeProvider } from '../../http/validation';
import { WebhookRejected } from './gateway';
import { PROVIDER_KITS } from './gateways/providers';
import { mountGateways, type GatewayRegistry } from './gateways/registry';
import { currentRemoteConfig, remoteConfigCache, setRemoteConfig, type RemoteConfigCache } from './remote-config';
import { getAuthorization, listAuthorizations, refreshAuthorization, saveStripeAuthorization, updateAuthorization } from './authorizations';
import { reconcile } from './reconcile';
import type { PaymentsDeps, SettledHook, SettledHooks } from './records';
import { createSetupIntent, getPaymentIntent, getSession, getSetupIntent, sessionOfTransaction } from './stripe-helpers';
import { getTransaction, initializeTransaction, listTransactionApps, listTransactions, verifyTransaction } from './transactions';
import { receiveWebhook } from './webhooks';
import { chargeSavedCard, type Charge, type ChargeRequest } from './charges';

declare module 'fastify' {
  interface FastifyInstance {
    /** One reconciliation pass now (the timer runs one every RECONCILE_EVERY); answers how many transactions it claimed. */
    reconcilePayments(): Promise<number>;
  }
}

/** Pending transactions untouched this long are verified again, every RECONCILE_EVERY. */
const RECONCILE_AFTER_SECONDS = 10 * 60;
const RECONCILE_EVERY_MS = 5 * 60 * 1000;

const referenceParams = z.object({ reference: tokenText('reference', 128) });
const codeParams = z.object({ authorizationCode: tokenText('authorizationCode', 128) });
const objectId = (name: string) => z.object({ [name]: tokenText(name, 255) });

/**
 * The signature a provider's webhook must carry, checked for presence before the body is read;
 * the adapter verifies it against the raw body (parseWebhook).
 */
const webhookSignature = describeGuard<onRequestAsyncHookHandler>(
  async (request) => {
    const provider = providerSchema.safeParse((request.params as { provider?: string }).provider);
    if (!provider.success) throw new HttpError(400, PAYMENT_MESSAGES.provider);
    if (!request.headers[WEBHOOK_SIGNATURE_HEADERS[provider.data]]) throw new HttpError(400, PAYMENT_MESSAGES.webhookSignature);
  },
  [{ stripeSignature: [] }, { paystackSignature: [] }, { flutterwaveSignature: [] }],
);

const paymentsRoutes =
  (gateways: GatewayRegistry, remoteConfig: RemoteConfigCache, settled: SettledHooks): ModulePlugin =>
  async (app, options) => {
    const { db, guards } = options;
    const requireUser = guards.requireUser;
    const tags = ['payments'];
    const deps = (log: PaymentsDeps['log']): PaymentsDeps => ({ db, config: options.config, gateways, remoteConfig, settled, log });

    app.post(
      PAYMENT_PATHS.initialize,
      { onRequest: requireUser, schema: { tags, body: initializeRequestSchema, response: { 200: envelopeOf(initializeAnswerSchema) } } },
      async (request) => {
        const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
        if (!key) throw new HttpError(400, PAYMENT_MESSAGES.idempotencyKey);
        return ok(await initializeTransaction(deps(request.log), signedInUser(request), request.body, key));
      },
    );

    app.post(
      PAYMENT_PATHS.transactions,
      { onRequest: requireUser, schema: { tags, body: verifyRequestSchema, response: { 200: envelopeOf(transactionSchema) } } },
      async (request) => ok(await verifyTransaction(deps(request.log), signedInUser(request).id, request.body.reference)),
    );

    app.get(
      PAYMENT_PATHS.transactions,
      { onRequest: requireUser, schema: { tags, querystring: transactionsQuerySchema, response: { 200: envelopeOf(z.array(transactionListItemSchema)) } } },
      async (request, reply) => {
        const { items, total } = await listTransactions(db, signedInUser(request).id, request.query);
        reply.header(TOTAL_COUNT_HEADER, String(total));
        return ok(items);
      },
    );

    app.get(
      PAYMENT_PATHS.billingTransactions,
      {
        onRequest: requireUser,
        schema: { tags, querystring: pageQuery(CONSTANTS.defaultListLimit), response: { 200: envelopeOf(z.array(transactionListItemSchema)) } },
      },
      async (request, reply) => {
        const { items, total } = await listTransactions(db, signedInUser(request).id, { ...request.query, type: BILLING_TRANSACTION_TYPE });
        reply.header(TOTAL_COUNT_HEADER, String(total));
        return ok(items);
      },
    );

    app.get(PAYMENT_PATHS.transactionApps, { onRequest: requireUser, schema: { tags, response: { 200: envelopeOf(z.array(z.string())) } } }, async (request) =>
      ok(await listTransactionApps(db, signedInUser(request).id)),
    );

    app.post(
      PAYMENT_PATHS.sessions,
      { onRequest: requireUser, schema: { tags, body: sessionRequestSchema, response: { 200: envelopeOf(sessionSchema) } } },
      async (request) => ok(await sessionOfTransaction(deps(request.log), signedInUser(request).id, request.body.reference)),
    );

    app.get(
      PAYMENT_PATHS.session,
      { onRequest: requireUser, schema: { tags, params: objectId('sessionId'), response: { 200: envelopeOf(sessionSchema) } } },
      async (request) => ok(await getSession(deps(request.log), signedInUser(request).id, String(request.params.sessionId))),
    );

    app.get(
      PAYMENT_PATHS.transaction,
      { onRequest: requireUser, schema: { tags, params: referenceParams, response: { 200: envelopeOf(transactionSchema) } } },
      async (request) => ok(await getTransaction(db, signedInUser(request).id, request.params.reference)),
    );

    app.post(
      PAYMENT_PATHS.setupIntents,
      { onRequest: requireUser, schema: { tags, body: setupIntentRequestSchema, response: { 200: envelopeOf(setupIntentAnswerSchema) } } },
      async (request) =>
        ok(await createSetupIntent(deps(request.log), signedInUser(request), request.body, idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]))),
    );

    app.get(
      PAYMENT_PATHS.setupIntent,
      { onRequest: requireUser, schema: { tags, params: objectId('setUpIntentId'), response: { 200: envelopeOf(setupIntentSchema) } } },
      async (request) => ok(await getSetupIntent(deps(request.log), signedInUser(request), String(request.params.setUpIntentId))),
    );

    app.get(
      PAYMENT_PATHS.paymentIntent,
      { onRequest: requireUser, schema: { tags, params: objectId('paymentIntentId'), response: { 200: envelopeOf(paymentIntentSchema) } } },
      async (request) => ok(await getPaymentIntent(deps(request.log), signedInUser(request).id, String(request.params.paymentIntentId))),
    );

    app.get(
      PAYMENT_PATHS.authorizations,
      { onRequest: requireUser, schema: { tags, response: { 200: envelopeOf(z.array(authorizationSchema)) } } },
      async (request) => ok(await listAuthorizations(db, signedInUser(request).id)),
    );

    app.post(
      PAYMENT_PATHS.authorizations,
      { onRequest: requireUser, schema: { tags, body: saveAuthorizationSchema, response: { 200: envelopeOf(authorizationSchema) } } },
      async (request) => ok(await saveStripeAuthorization(deps(request.log), signedInUser(request), request.body), 'Card saved'),
    );

    app.put(
      PAYMENT_PATHS.authorization,
      { onRequest: requireUser, schema: { tags, params: codeParams, body: authorizationUpdateSchema, response: { 200: envelopeOf(authorizationSchema) } } },
      async (request) => ok(await updateAuthorization(db, signedInUser(request).id, request.params.authorizationCode, request.body)),
    );

    app.get(
      PAYMENT_PATHS.cardAuthorization,
      {
        onRequest: requireUser,
        schema: { tags, params: codeParams, querystring: authorizationQuerySchema, response: { 200: envelopeOf(authorizationSchema) } },
      },
      async (request) => ok(await getAuthorization(db, signedInUser(request).id, request.params.authorizationCode, request.query.provider)),
    );

    app.get(
      PAYMENT_PATHS.cardAuthorizationUpstream,
      {
        onRequest: requireUser,
        schema: { tags, params: codeParams, querystring: authorizationQuerySchema, response: { 200: envelopeOf(authorizationSchema) } },
      },
      async (request) => ok(await refreshAuthorization(deps(request.log), signedInUser(request), request.params.authorizationCode, request.query.provider)),
    );

    app.get(PAYMENT_PATHS.remoteConfig, { onRequest: guards.requireClient, schema: { tags, response: { 200: envelopeOf(remoteConfigSchema) } } }, async () =>
      ok(await currentRemoteConfig(db, remoteConfig)),
    );

    app.put(
      PAYMENT_PATHS.remoteConfig,
      { onRequest: guards.requireRole(ROLE.SOVEREIGN), schema: { tags, body: remoteConfigSchema, response: { 200: envelopeOf(remoteConfigSchema) } } },
      async (request) => ok(await setRemoteConfig(db, remoteConfig, request.body, signedInUser(request).id)),
    );

    // The webhook is verified on the exact bytes the provider signed: this scope keeps the body raw.
    await app.register(async (rawScope) => {
      rawBodies(rawScope);
      const scope = rawScope.withTypeProvider<ZodTypeProvider>();
      scope.post(
        PAYMENT_PATHS.webhook,
        { onRequest: webhookSignature, schema: { tags, params: z.object({ provider: providerSchema }), response: { 200: envelopeOf(noData) } } },
        async (request) => {
          const gateway = gateways.get(request.params.provider);
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          let event;
          try {
            event = gateway.parseWebhook(body, request.headers);
          } catch (error) {
            if (error instanceof WebhookRejected) throw new HttpError(400, error.message);
            throw error;
          }
          const outcome = await receiveWebhook(deps(request.log), gateway, event);
          request.log.info({ provider: gateway.id, eventId: event.eventId, type: event.type, outcome }, 'payment webhook');
          return ok(null, outcome);
        },
      );
    });
  };

/**
 * The payments module: the adapters and their test gateways (mounted at the root), the calls
 * under API_PREFIX, and the reconciliation timer (stopped when the app closes).
 */
/** What other modules may ask of payments (billing charges saved cards). */
export interface Payments {
  chargeSavedCard(request: ChargeRequest): Promise<Charge>;
  /** The user's bill payments whose idempotency key starts with one of `keyPrefixes` (a subscription's bills), a page of them. */
  billPayments(userId: number, keyPrefixes: readonly string[], page: { page: number; limit: number }): Promise<{ items: TransactionListItem[]; total: number }>;
  /** Asks the gateway about one of the user's payments again (404 for anyone else's). */
  verify(userId: number, reference: string): Promise<Transaction>;
  /** Runs `hook` when a payment of this type settles (paid or failed), whenever and however it does. */
  onSettled(type: string, hook: SettledHook): void;
}

export async function registerPayments(app: AppInstance, deps: AppDeps): Promise<Payments> {
  const gateways = await mountGateways(app, deps, PROVIDER_KITS);
  const remoteConfig = remoteConfigCache(deps.changes);
  const settled: SettledHooks = new Map();
  await app.register(paymentsRoutes(gateways, remoteConfig, settled), { ...deps, prefix: API_PREFIX });

  const log = app.log.child({ job: 'payments-reconciliation' });
  const reconcilePayments = () => reconcile({ db: deps.db, config: deps.config, gateways, remoteConfig, settled, log }, RECONCILE_AFTER_SECONDS);
  app.decorate('reconcilePayments', reconcilePayments);
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      reconcilePayments().catch((error: unknown) => log.error({ err: error }, 'reconciliation failed'));
    }, RECONCILE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  const chargeLog = app.log.child({ module: 'payments' });
  const paymentsDeps = { db: deps.db, config: deps.config, gateways, remoteConfig, settled, log: chargeLog };
  return {
    chargeSavedCard: (request) => chargeSavedCard(paymentsDeps, request),
    verify: (userId, reference) => verifyTransaction(paymentsDeps, userId, reference),
    billPayments: (userId, keyPrefixes, page) => listTransactions(deps.db, userId, { ...page, type: BILLING_TRANSACTION_TYPE, keyPrefixes }),
    onSettled: (type, hook) => void settled.set(type, hook),
  };
}
