/**
 * Flutterwave (v3) through its REST API (https://api.flutterwave.com, or our test gateway at
 * /sandbox/flutterwave): Flutterwave Standard (POST /v3/payments -> hosted link) -> verify by
 * tx_ref; saved cards are card tokens charged with /v3/tokenized-charges; refunds; webhooks
 * authenticated by the `verif-hash` header, which carries the secret hash set on the dashboard.
 *
 * Amounts: Flutterwave takes and answers MAJOR units (1.00 for 100 cents). This file is the one
 * place they exist: minor -> major with integer arithmetic on the way out, major -> minor
 * rounded to whole cents (and refused if it is not) on the way back.
 *
 * Idempotency: our `tx_ref` is unique per transaction and Flutterwave refuses a second one. Its
 * X-Idempotency-Key header is documented for the v4 API only, so it is not sent to v3.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { PAYMENT_CURRENCIES, PAYMENT_MESSAGES } from '@contract/payments/schemas';
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
} from '../gateway';
import { isRecord, jsonClient, text, type Json } from './http';

/** Verify before the customer tried a card: the transaction is still to be paid, not unknown. */
export const NOT_ATTEMPTED = 'No card has been tried on this Flutterwave payment page yet.';

/** Set on the meta of a saved-card charge: its tx_ref is spent, so a decline ends it. */
const SAVED_CARD_MARK = 'savedCardCharge';

/** Every currency we charge in has 100 minor units to the major one; others cannot be converted here. */
function checkCurrency(currency: string): void {
  if (!(PAYMENT_CURRENCIES as readonly string[]).includes(currency)) throw new GatewayRefusal(PAYMENT_MESSAGES.currency);
}

/** 1999 -> "19.99", without floating point. */
export function toMajor(amount: number, currency: string): string {
  checkCurrency(currency);
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new GatewayRefusal(PAYMENT_MESSAGES.amount);
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

/** 19.99 (or "19.99") -> 1999; an amount that is not whole cents is not one we sent. */
export function toMinor(value: unknown, currency: string): number {
  const major = typeof value === 'string' ? Number(value) : value;
  if (typeof major !== 'number' || !Number.isFinite(major)) throw new GatewayUnavailable('Flutterwave answered a payment without an amount.');
  checkCurrency(currency);
  const minor = Math.round(major * 100);
  if (Math.abs(major * 100 - minor) > 1e-6 || !Number.isSafeInteger(minor))
    throw new GatewayUnavailable('Flutterwave answered an amount that is not whole cents.');
  return minor;
}

function statusOf(data: Json): TransactionStatus {
  switch (data.status) {
    case 'successful':
      return 'successful';
    // A declined checkout takes another card under the same tx_ref; a saved-card charge cannot.
    case 'failed':
      return isRecord(data.meta) && (data.meta[SAVED_CARD_MARK] === true || data.meta[SAVED_CARD_MARK] === 'true') ? 'failed' : 'requires_payment_method';
    case 'cancelled':
      return 'cancelled';
    // Pending on the bank's 3-D Secure page (auth_model VBVSECURECODE) or an OTP: the customer must act.
    case 'pending':
      return /VBVSECURECODE|OTP/i.test(text(data.auth_model) ?? '') ? 'requires_action' : 'processing';
    default:
      return 'processing';
  }
}

/** card.expiry is "MM/YY". */
function authorizationOf(data: Json): CardAuthorization | null {
  const card = data.card;
  if (!isRecord(card)) return null;
  const token = text(card.token);
  if (!token) return null;
  const expiry = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(text(card.expiry) ?? '');
  const year = expiry ? Number(expiry[2]) : 0;
  return {
    authorizationCode: token,
    brand: (text(card.type) ?? 'card').trim().toLowerCase(),
    last4: text(card.last_4digits) ?? '',
    expMonth: expiry ? Number(expiry[1]) : 0,
    expYear: year < 100 && expiry ? 2000 + year : year,
    reusable: true,
    customerCode: isRecord(data.customer) ? text(data.customer.id) : null,
  };
}

function paymentOf(data: Json): GatewayPayment {
  const reference = text(data.tx_ref);
  const currencyCode = (text(data.currency) ?? '').toUpperCase();
  if (!reference) throw new GatewayUnavailable('Flutterwave answered a transaction without its tx_ref.');
  const status = statusOf(data);
  return {
    reference,
    providerId: text(data.id),
    status,
    amount: toMinor(data.amount, currencyCode),
    currencyCode,
    checkoutUrl: null,
    // Flutterwave's verify names no page: the hosted link resumes the payment.
    actionUrl: null,
    failureMessage: status === 'failed' || status === 'requires_payment_method' ? (text(data.processor_response) ?? PAYMENT_MESSAGES.declined) : null,
    authorization: status === 'successful' ? authorizationOf(data) : null,
  };
}

function metaOf(metadata: Record<string, string>, description: string, customer: GatewayCustomer): Json {
  return { ...metadata, transactionDescription: description, userId: String(customer.userId) };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** Compares digests, so the comparison takes the same time whatever the lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function createFlutterwaveGateway(options: AdapterOptions): PaymentGateway {
  const { keys } = options;
  const http = jsonClient({ provider: 'Flutterwave', apiBase: options.apiBase, secretKey: keys.secretKey });

  /** Flutterwave wraps every answer as {status: 'success', message, data}. */
  async function data(answer: Promise<unknown>): Promise<unknown> {
    const body = (await answer) as Json;
    if (body.status !== 'success') throw new GatewayRefusal(text(body.message) ?? 'Flutterwave refused the request.');
    return body.data;
  }
  async function record(answer: Promise<unknown>): Promise<Json> {
    const value = await data(answer);
    if (!isRecord(value)) throw new GatewayUnavailable('Flutterwave answered without data.');
    return value;
  }

  /** Flutterwave makes a transaction only when the customer pays on the link: before that, verify finds none. */
  async function retrieve(reference: string): Promise<GatewayPayment> {
    try {
      return paymentOf(await record(http.get(`/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(reference)}`)));
    } catch (error) {
      if (error instanceof GatewayRefusal && /no transaction was found/i.test(error.message)) throw new GatewayRefusal(NOT_ATTEMPTED, 'transaction_not_found');
      throw error;
    }
  }

  return {
    id: 'flutterwave',
    testMode: options.testMode,
    publicKey: keys.publicKey,
    credentialAlias: options.credentialAlias,

    async initialize(input) {
      const amount = toMajor(input.amount, input.currencyCode);
      const answer = await record(
        http.post('/v3/payments', {
          tx_ref: input.reference,
          amount,
          currency: input.currencyCode,
          redirect_url: input.returnUrl,
          payment_options: 'card',
          customer: { email: input.customer.email, name: input.customer.name, ...(input.customer.phone ? { phonenumber: input.customer.phone } : {}) },
          // No cancel URL: Flutterwave sends a cancelled payment to redirect_url with ?status=cancelled.
          meta: metaOf(input.metadata, input.description, input.customer),
          customizations: { title: 'ShopApp Studio', description: input.description },
        }),
      );
      const checkoutUrl = text(answer.link);
      if (!checkoutUrl) throw new GatewayUnavailable('Flutterwave answered without a payment link.');
      return {
        reference: input.reference,
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

    retrieve,

    async chargeAuthorization(input) {
      const [firstName, ...rest] = input.customer.name.trim().split(/\s+/);
      const answer = await record(
        http.post('/v3/tokenized-charges', {
          token: input.authorizationCode,
          email: input.customer.email,
          // The tokenized-charges reference shows a number here (the payments call takes the string).
          amount: Number(toMajor(input.amount, input.currencyCode)),
          currency: input.currencyCode,
          tx_ref: input.reference,
          first_name: firstName ?? '',
          last_name: rest.join(' '),
          narration: input.description,
          meta: { ...metaOf(input.metadata, input.description, input.customer), [SAVED_CARD_MARK]: true },
        }),
      );
      return paymentOf(answer);
    },

    async refund(input) {
      const id = input.providerId ?? (await retrieve(input.reference)).providerId;
      if (!id) throw new GatewayUnavailable('Flutterwave did not name the transaction to refund.');
      let amount: number | undefined;
      if (input.amount !== undefined) {
        const { currencyCode } = await retrieve(input.reference);
        amount = Number(toMajor(input.amount, currencyCode));
      }
      const answer = await record(http.post(`/v3/transactions/${encodeURIComponent(id)}/refund`, amount === undefined ? {} : { amount }));
      const providerId = text(answer.id);
      if (!providerId) throw new GatewayUnavailable('Flutterwave answered a refund without its id.');
      const status = answer.status === 'completed' ? 'succeeded' : answer.status === 'failed' ? 'failed' : 'pending';
      return { providerId, status };
    },

    async retrieveAuthorization(authorizationCode, customer) {
      // v3 has no call that reads a token: the customer's successful transactions carry their cards.
      const list = await data(http.get(`/v3/transactions?customer_email=${encodeURIComponent(customer.email)}&status=successful`));
      const found = (Array.isArray(list) ? list : [])
        .filter(isRecord)
        .map(authorizationOf)
        .find((authorization) => authorization?.authorizationCode === authorizationCode);
      if (!found) throw new GatewayRefusal(PAYMENT_MESSAGES.cardNotFound, 'authorization_not_found');
      return found;
    },

    parseWebhook(rawBody, headers) {
      const hash = header(headers, 'verif-hash');
      if (!hash) throw new WebhookRejected('The verif-hash header is missing.');
      if (!sameSecret(hash, keys.webhookSecret)) throw new WebhookRejected('The verif-hash does not match the secret hash.');
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRejected('The webhook body is not JSON.');
      }
      if (!isRecord(body) || typeof body.event !== 'string' || !isRecord(body.data)) throw new WebhookRejected('The webhook has no event or data.');
      const { event, data: eventData } = body;
      const id = text(eventData.id);
      if (!id) throw new WebhookRejected('The webhook names no transaction.');
      // The verif-hash proves the sender, not the body: the transaction id and status it reports are the dedupe key.
      return { eventId: `flutterwave:${id}:${text(eventData.status) ?? ''}`, type: event, payment: event === 'charge.completed' ? paymentOf(eventData) : null };
    },
  };
}
