/**
 * Paystack through its REST API (https://api.paystack.co, or our test gateway at
 * /sandbox/paystack): initialize -> hosted checkout (authorization_url) -> verify; saved cards are
 * Paystack "authorizations" charged with charge_authorization; refunds; webhooks signed with
 * x-paystack-signature = HMAC-SHA512(secret key, raw body).
 *
 * Idempotency: Paystack has no idempotency header. Our `reference` is unique per transaction
 * and Paystack refuses a second transaction with it ("Duplicate Transaction Reference"), so a
 * retried initialize or charge can never charge twice; `idempotencyKey` is not sent.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@contract/payments/schemas';
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
  type WebhookEvent,
} from '../gateway';
import { isRecord, jsonClient, text, type Json } from './http';

/** Set on the metadata of a saved-card charge: its reference is spent, so a decline ends it. */
const SAVED_CARD_MARK = 'savedCardCharge';

/** Paystack's transaction statuses in the spec's words (verify, charge_authorization, webhooks). */
function statusOf(data: Json): TransactionStatus {
  switch (data.status) {
    case 'success':
      return 'success';
    // Every transaction not yet completed verifies as abandoned, a fresh one too: the customer may still pay.
    case 'abandoned':
      return 'initialized';
    // Waiting on the customer (OTP, 3-D Secure, a bank's page): the send_* and open_url steps of a charge.
    case 'ongoing':
    case 'send_otp':
    case 'send_pin':
    case 'send_phone':
    case 'send_birthday':
    case 'send_address':
    case 'open_url':
      return 'requires_action';
    // A declined checkout takes another card under the same reference; a saved-card charge cannot.
    case 'failed':
      return isRecord(data.metadata) && data.metadata[SAVED_CARD_MARK] === true ? 'failed' : 'requires_payment_method';
    case 'reversed':
      return 'refunded';
    default:
      // pending, processing, queued and anything new: in flight, verified again later.
      return 'processing';
  }
}

function authorizationOf(value: unknown, customerCode: string | null): CardAuthorization | null {
  if (!isRecord(value)) return null;
  const code = text(value.authorization_code);
  if (!code) return null;
  return {
    authorizationCode: code,
    brand: (text(value.brand) ?? text(value.card_type) ?? 'card').trim().toLowerCase(),
    last4: text(value.last4) ?? '',
    expMonth: Number(value.exp_month) || 0,
    expYear: Number(value.exp_year) || 0,
    reusable: value.reusable === true,
    customerCode,
  };
}

function paymentOf(data: Json): GatewayPayment {
  const reference = text(data.reference);
  const amount = Number(data.amount);
  if (!reference || !Number.isSafeInteger(amount)) throw new GatewayUnavailable('Paystack answered a transaction without its reference or amount.');
  const status = statusOf(data);
  const customerCode = isRecord(data.customer) ? text(data.customer.customer_code) : null;
  const paid = status === 'success';
  return {
    reference,
    providerId: text(data.id),
    status,
    amount,
    currencyCode: (text(data.currency) ?? '').toUpperCase(),
    checkoutUrl: null,
    // Paystack's verify names no page: the checkout (authorization_url) resumes the payment.
    actionUrl: null,
    failureMessage:
      status === 'failed' || status === 'requires_payment_method' ? (text(data.gateway_response) ?? text(data.message) ?? PAYMENT_MESSAGES.declined) : null,
    authorization: paid ? authorizationOf(data.authorization, customerCode) : null,
  };
}

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new GatewayRefusal(PAYMENT_MESSAGES.amount);
}

/** The metadata the launcher sends too (spec section 7): isAutoRefund, type, transactionDescription, userId, meta. */
function metadataOf(metadata: Record<string, string>, description: string, customer: GatewayCustomer): Json {
  return {
    isAutoRefund: metadata.isAutoRefund === 'true',
    type: metadata.type ?? null,
    transactionDescription: description,
    userId: customer.userId,
    meta: metadata,
  };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

export function createPaystackGateway(options: AdapterOptions): PaymentGateway {
  const { keys } = options;
  const http = jsonClient({ provider: 'Paystack', apiBase: options.apiBase, secretKey: keys.secretKey });

  /** Paystack wraps every answer as {status: true, message, data}; status false is a refusal even on a 200. */
  async function data(answer: Promise<unknown>): Promise<Json> {
    const body = (await answer) as Json;
    if (body.status !== true) throw new GatewayRefusal(text(body.message) ?? 'Paystack refused the request.');
    if (!isRecord(body.data)) throw new GatewayUnavailable('Paystack answered without data.');
    return body.data;
  }

  return {
    id: 'paystack',
    testMode: options.testMode,
    publicKey: keys.publicKey,
    credentialAlias: options.credentialAlias,

    async initialize(input) {
      checkAmount(input.amount);
      const answer = await data(
        http.post('/transaction/initialize', {
          email: input.customer.email,
          amount: input.amount,
          reference: input.reference,
          currency: input.currencyCode,
          channels: ['card'],
          callback_url: input.returnUrl,
          // cancel_action: where Paystack's checkout sends the customer who cancels.
          metadata: { ...metadataOf(input.metadata, input.description, input.customer), cancel_action: input.cancelUrl },
        }),
      );
      const checkoutUrl = text(answer.authorization_url);
      if (!checkoutUrl) throw new GatewayUnavailable('Paystack answered without an authorization_url.');
      return {
        reference: text(answer.reference) ?? input.reference,
        providerId: null,
        status: 'initialized',
        amount: input.amount,
        currencyCode: input.currencyCode,
        checkoutUrl,
        actionUrl: null,
        failureMessage: null,
        authorization: null,
      };
    },

    async retrieve(reference) {
      return paymentOf(await data(http.get(`/transaction/verify/${encodeURIComponent(reference)}`)));
    },

    async chargeAuthorization(input) {
      checkAmount(input.amount);
      const answer = await data(
        http.post('/transaction/charge_authorization', {
          authorization_code: input.authorizationCode,
          email: input.customer.email,
          amount: input.amount,
          reference: input.reference,
          currency: input.currencyCode,
          metadata: { ...metadataOf(input.metadata, input.description, input.customer), [SAVED_CARD_MARK]: true },
        }),
      );
      return paymentOf(answer);
    },

    async refund(input) {
      if (input.amount !== undefined) checkAmount(input.amount);
      const answer = await data(
        http.post('/refund', { transaction: input.providerId ?? input.reference, ...(input.amount === undefined ? {} : { amount: input.amount }) }),
      );
      const providerId = text(answer.id);
      if (!providerId) throw new GatewayUnavailable('Paystack answered a refund without its id.');
      const status = answer.status === 'processed' ? 'succeeded' : answer.status === 'failed' ? 'failed' : 'pending';
      return { providerId, status };
    },

    async retrieveAuthorization(authorizationCode, customer) {
      const answer = await data(http.get(`/customer/${encodeURIComponent(customer.customerCode ?? customer.email)}`)).catch((error: unknown) => {
        // A customer Paystack does not know has no cards either.
        throw error instanceof GatewayRefusal && error.code === '404' ? new GatewayRefusal(PAYMENT_MESSAGES.cardNotFound, 'authorization_not_found') : error;
      });
      const customerCode = text(answer.customer_code);
      const found = (Array.isArray(answer.authorizations) ? answer.authorizations : [])
        .map((entry) => authorizationOf(entry, customerCode))
        .find((authorization) => authorization?.authorizationCode === authorizationCode);
      if (!found) throw new GatewayRefusal(PAYMENT_MESSAGES.cardNotFound, 'authorization_not_found');
      return found;
    },

    parseWebhook(rawBody, headers) {
      const signature = header(headers, 'x-paystack-signature');
      if (!signature) throw new WebhookRejected('The x-paystack-signature header is missing.');
      // Paystack signs with the secret key itself (it has no separate webhook secret).
      const expected = createHmac('sha512', keys.secretKey).update(rawBody).digest();
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new WebhookRejected('The x-paystack-signature does not match this body.');
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRejected('The webhook body is not JSON.');
      }
      if (!isRecord(body) || typeof body.event !== 'string' || !isRecord(body.data)) throw new WebhookRejected('The webhook has no event or data.');
      const event = body.event;
      const eventData = body.data;
      // Paystack's events carry no event id: a digest of what names one event (its type, the
      // transaction or refund it is about, and the status it reports) is the dedupe key instead.
      const names = [event, text(eventData.id), text(eventData.reference), text(eventData.transaction_reference), text(eventData.status)];
      const eventId = `paystack:${createHash('sha256')
        .update(names.map((name) => name ?? '').join('\n'))
        .digest('hex')}`;
      return { eventId, type: event, payment: paymentOfEvent(event, eventData) } satisfies WebhookEvent;
    },
  };
}

/** charge.success reports a payment; refund.processed its refund; other events are recorded only. */
function paymentOfEvent(event: string, data: Json): GatewayPayment | null {
  if (event === 'charge.success') return paymentOf(data);
  if (event === 'refund.processed') {
    const reference = text(data.transaction_reference);
    const amount = Number(data.amount);
    if (!reference || !Number.isSafeInteger(amount)) return null;
    return {
      reference,
      providerId: null,
      status: 'refunded',
      amount,
      currencyCode: (text(data.currency) ?? '').toUpperCase(),
      checkoutUrl: null,
      actionUrl: null,
      failureMessage: null,
      authorization: null,
    };
  }
  return null;
}
