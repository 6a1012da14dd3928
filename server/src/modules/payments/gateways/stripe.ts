/**
 * Stripe through its official SDK. The SDK takes a host, port and protocol but no base path, and
 * our test gateway lives under `/sandbox/stripe` on a port known only once the server listens:
 * so every request goes through a small HttpClient that reads `apiBase()` at call time and
 * prefixes its path. With real keys `apiBase()` is https://api.stripe.com and nothing changes.
 *
 * Port mapping: initialize = a Checkout Session; retrieve = the session (or payment intent);
 * chargeAuthorization = an off-session, confirmed PaymentIntent on a saved PaymentMethod;
 * refund = a Refund; retrieveAuthorization = the PaymentMethod's card; parseWebhook =
 * `webhooks.constructEvent` on the raw body.
 */
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { TransactionStatus } from '@contract/payments/statuses';
import {
  GatewayRefusal,
  GatewayUnavailable,
  WebhookRejected,
  type AdapterOptions,
  type CardAuthorization,
  type GatewayCustomer,
  type GatewayPayment,
  type PaymentGateway,
  type StripeExtras,
  type StripeSetupIntent,
} from '../gateway';

/** Where Stripe's Checkout sends the merchant back names the session (Stripe fills the template). */
const SESSION_TEMPLATE = '{CHECKOUT_SESSION_ID}';

/** Routes each SDK request to `apiBase()` (origin and base path), read per request. */
function baseRoutedClient(apiBase: () => string): Stripe.HttpClient {
  const inner = Stripe.createNodeHttpClient();
  return {
    getClientName: () => inner.getClientName(),
    makeRequest(_host, _port, path, method, headers, body, _protocol, timeout) {
      const base = new URL(apiBase());
      const protocol = base.protocol === 'https:' ? 'https' : 'http';
      const port = base.port || (protocol === 'https' ? '443' : '80');
      const host = base.hostname.replace(/^\[(.*)\]$/, '$1');
      return inner.makeRequest(host, port, base.pathname.replace(/\/+$/, '') + path, method, headers, body, protocol, timeout);
    },
  };
}

/** The SDK's errors in the port's words: a refusal (4xx, the provider's message) or unavailable. */
function translate(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) return error instanceof Error ? error : new Error(String(error));
  // 409: another request with this idempotency key is still running; asking again later is right.
  if (
    error.type === 'StripeConnectionError' ||
    error.type === 'StripeAPIError' ||
    error.type === 'StripeRateLimitError' ||
    error.statusCode === 409 ||
    (error.statusCode ?? 0) >= 500
  ) {
    return new GatewayUnavailable(`Stripe did not answer: ${error.message}`, error);
  }
  return new GatewayRefusal(error.message, error.code ?? error.type);
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw translate(error);
  }
}

function paymentIntentStatus(intent: Stripe.PaymentIntent, refunded: boolean): TransactionStatus {
  switch (intent.status) {
    case 'succeeded':
      return refunded ? 'refunded' : 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      return 'cancelled';
    case 'requires_payment_method':
      // A fresh intent also waits for a payment method: only a failed attempt needs the merchant.
      return intent.last_payment_error ? 'requires_payment_method' : 'initialized';
    default:
      return 'initialized';
  }
}

function cardOf(method: Stripe.PaymentMethod): CardAuthorization {
  if (!method.card) throw new GatewayRefusal('This payment method is not a card', 'payment_method_unactivated');
  const customer = method.customer;
  return {
    authorizationCode: method.id,
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
    // Only a card attached to a customer can be charged again.
    reusable: customer !== null,
    customerCode: typeof customer === 'string' ? customer : (customer?.id ?? null),
  };
}

const objectOf = <T extends { id: string }>(value: string | T | null | undefined): T | null => (value && typeof value === 'object' ? value : null);
const idOf = (value: string | { id: string } | null | undefined): string | null => (value ? (typeof value === 'string' ? value : value.id) : null);

function actionUrlOf(intent: Stripe.PaymentIntent): string | null {
  return intent.status === 'requires_action' ? (intent.next_action?.redirect_to_url?.url ?? null) : null;
}

/** A payment intent (expanded or not) as the port's payment. */
function fromPaymentIntent(intent: Stripe.PaymentIntent, fallbackReference: string): GatewayPayment {
  const charge = objectOf(intent.latest_charge);
  const method = objectOf(intent.payment_method);
  const status = paymentIntentStatus(intent, charge?.refunded ?? false);
  return {
    reference: intent.metadata.reference ?? fallbackReference,
    providerId: intent.id,
    status,
    amount: intent.amount,
    currencyCode: intent.currency.toUpperCase(),
    checkoutUrl: null,
    actionUrl: actionUrlOf(intent),
    failureMessage: status === 'requires_payment_method' ? (intent.last_payment_error?.message ?? null) : null,
    authorization: method?.card && (status === 'succeeded' || status === 'refunded') ? cardOf(method) : null,
  };
}

/** A checkout session; its payment intent, when expanded, says the most. */
function fromSession(session: Stripe.Checkout.Session, fallbackReference: string): GatewayPayment {
  const reference = session.metadata?.reference ?? session.client_reference_id ?? fallbackReference;
  const intent = objectOf(session.payment_intent);
  if (intent) {
    const payment = fromPaymentIntent(intent, reference);
    // An expired session (24 h) takes no more cards: unless its intent was paid, it is over.
    const status = session.status === 'expired' && payment.status !== 'succeeded' && payment.status !== 'refunded' ? 'cancelled' : payment.status;
    return { ...payment, status, reference, providerId: session.id, checkoutUrl: session.status === 'open' ? session.url : null };
  }
  const status: TransactionStatus =
    session.status === 'complete' && session.payment_status === 'paid' ? 'succeeded' : session.status === 'expired' ? 'cancelled' : 'initialized';
  return {
    reference,
    providerId: session.id,
    status,
    amount: session.amount_total ?? 0,
    currencyCode: (session.currency ?? '').toUpperCase(),
    checkoutUrl: session.status === 'open' ? session.url : null,
    actionUrl: null,
    failureMessage: null,
    authorization: null,
  };
}

function fromSetupIntent(intent: Stripe.SetupIntent): StripeSetupIntent {
  const error = intent.last_setup_error;
  return {
    id: intent.id,
    client_secret: intent.client_secret ?? '',
    status: intent.status,
    payment_method: idOf(intent.payment_method),
    customer: idOf(intent.customer),
    last_setup_error: error ? { message: error.message ?? 'The card could not be saved.' } : null,
  };
}

/** A refunded charge (charge.refunded): the payment it belongs to, now refunded. */
function fromRefundedCharge(charge: Stripe.Charge): GatewayPayment | null {
  const reference = charge.metadata.reference;
  if (!reference) return null;
  return {
    reference,
    providerId: idOf(charge.payment_intent),
    status: charge.refunded ? 'refunded' : 'succeeded',
    amount: charge.amount,
    currencyCode: charge.currency.toUpperCase(),
    checkoutUrl: null,
    actionUrl: null,
    failureMessage: null,
    authorization: null,
  };
}

function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Stripe idempotency keys are at most 255 characters. */
const keyFor = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

export function createStripeGateway(options: AdapterOptions): PaymentGateway & StripeExtras {
  const stripe = new Stripe(options.keys.secretKey, {
    httpClient: baseRoutedClient(options.apiBase),
    telemetry: false,
    timeout: 20_000,
    maxNetworkRetries: 1,
    appInfo: { name: 'ShopApp Studio portal' },
  });
  const paymentExpand = ['payment_method', 'latest_charge'];

  async function paymentIntentOf(providerId: string | null, reference: string): Promise<Stripe.PaymentIntent> {
    if (providerId?.startsWith('pi_')) return call(() => stripe.paymentIntents.retrieve(providerId, { expand: paymentExpand }));
    if (providerId?.startsWith('cs_')) {
      const session = await call(() => stripe.checkout.sessions.retrieve(providerId, { expand: ['payment_intent'] }));
      const intentId = idOf(session.payment_intent);
      if (!intentId) throw new GatewayRefusal('This payment was not made yet', 'payment_intent_missing');
      return call(() => stripe.paymentIntents.retrieve(intentId, { expand: paymentExpand }));
    }
    // No id kept (the charge call never answered): find it by our reference. Stripe's search lags
    // writes by up to a minute, so a miss is "not yet", never "not charged".
    const found = await call(() =>
      stripe.paymentIntents.search({
        query: `metadata['reference']:'${reference.replace(/['\\]/g, '')}'`,
        limit: 1,
        expand: paymentExpand.map((path) => `data.${path}`),
      }),
    );
    const intent = found.data[0];
    if (!intent) throw new GatewayRefusal(`No Stripe payment is known for ${reference} yet`, 'resource_missing');
    return intent;
  }

  return {
    id: 'stripe',
    testMode: options.testMode,
    publicKey: options.keys.publicKey,
    credentialAlias: options.credentialAlias,

    async initialize(input) {
      const metadata = { ...input.metadata, reference: input.reference };
      const successUrl = input.returnUrl.includes(SESSION_TEMPLATE)
        ? input.returnUrl
        : `${input.returnUrl}${input.returnUrl.includes('?') ? '&' : '?'}session_id=${SESSION_TEMPLATE}`;
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              { quantity: 1, price_data: { currency: input.currencyCode.toLowerCase(), unit_amount: input.amount, product_data: { name: input.description } } },
            ],
            client_reference_id: input.reference,
            metadata,
            payment_intent_data: { description: input.description, metadata, ...(input.saveCard ? { setup_future_usage: 'off_session' as const } : {}) },
            ...(input.customer.customerCode
              ? { customer: input.customer.customerCode }
              : { customer_email: input.customer.email, ...(input.saveCard ? { customer_creation: 'always' as const } : {}) }),
            success_url: successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return fromSession(session, input.reference);
    },

    async retrieve(reference, providerId) {
      if (providerId?.startsWith('cs_')) {
        const session = await call(() =>
          stripe.checkout.sessions.retrieve(providerId, { expand: ['payment_intent.payment_method', 'payment_intent.latest_charge'] }),
        );
        return fromSession(session, reference);
      }
      return fromPaymentIntent(await paymentIntentOf(providerId, reference), reference);
    },

    async chargeAuthorization(input) {
      if (!input.customer.customerCode) throw new GatewayRefusal('This card is not saved with Stripe for this customer', 'customer_missing');
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currencyCode.toLowerCase(),
            customer: input.customer.customerCode,
            payment_method: input.authorizationCode,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { ...input.metadata, reference: input.reference },
            expand: paymentExpand,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return fromPaymentIntent(intent, input.reference);
      } catch (error) {
        // A decline (or Stripe's authentication_required) still made a payment intent: report its state.
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
          const payment = fromPaymentIntent(error.payment_intent, input.reference);
          return { ...payment, failureMessage: payment.failureMessage ?? error.message };
        }
        throw translate(error);
      }
    },

    async refund(input) {
      const intent = input.providerId?.startsWith('pi_') ? input.providerId : (await paymentIntentOf(input.providerId, input.reference)).id;
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: intent, ...(input.amount === undefined ? {} : { amount: input.amount }), metadata: { reference: input.reference } },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
      return { providerId: refund.id, status };
    },

    async retrieveAuthorization(authorizationCode, customer) {
      const method = await call(() => stripe.paymentMethods.retrieve(authorizationCode));
      const card = cardOf(method);
      // Another customer's card is as good as unknown.
      if (customer.customerCode && card.customerCode && card.customerCode !== customer.customerCode)
        throw new GatewayRefusal(`No such PaymentMethod: '${authorizationCode}'`, 'resource_missing');
      return card;
    },

    parseWebhook(rawBody, headers) {
      const signature = headerOf(headers, 'stripe-signature');
      if (!signature) throw new WebhookRejected('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.keys.webhookSecret);
      } catch (error) {
        throw new WebhookRejected(error instanceof Error ? error.message : 'The Stripe webhook signature is wrong');
      }
      return { eventId: event.id, type: event.type, payment: paymentOfEvent(event) };
    },

    async createCustomer(customer: GatewayCustomer) {
      const created = await call(() =>
        stripe.customers.create(
          { email: customer.email, name: customer.name, ...(customer.phone ? { phone: customer.phone } : {}), metadata: { userId: String(customer.userId) } },
          { idempotencyKey: keyFor('customer', String(customer.userId), customer.email, customer.name, customer.phone ?? '') },
        ),
      );
      return created.id;
    },

    async createSetupIntent(input) {
      const intent = await call(() =>
        stripe.setupIntents.create(
          { customer: input.customerCode, usage: 'off_session', description: input.description },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return fromSetupIntent(intent);
    },

    async retrieveSetupIntent(id) {
      return fromSetupIntent(await call(() => stripe.setupIntents.retrieve(id)));
    },

    async retrievePaymentIntent(id) {
      const intent = await call(() => stripe.paymentIntents.retrieve(id));
      return { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency, metadata: intent.metadata };
    },

    async retrieveSession(id) {
      const session = await call(() => stripe.checkout.sessions.retrieve(id));
      return {
        id: session.id,
        url: session.url,
        status: session.status,
        payment_status: session.payment_status,
        payment_intent: idOf(session.payment_intent),
        metadata: session.metadata ?? {},
      };
    },
  };
}

/** The payment an event reports (null: not one we act on, or not one of ours). */
function paymentOfEvent(event: Stripe.Event): GatewayPayment | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return session.metadata?.reference || session.client_reference_id ? fromSession(session, '') : null;
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.requires_action':
    case 'payment_intent.processing':
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      return intent.metadata.reference ? fromPaymentIntent(intent, '') : null;
    }
    case 'charge.refunded':
      return fromRefundedCharge(event.data.object);
    default:
      return null;
  }
}
