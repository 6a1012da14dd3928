/**
 * The built-in test gateway for Paystack: the subset of https://api.paystack.co the adapter
 * uses, with Paystack's shapes ({status: true, message, data}; {status: false, message} with 400,
 * 401 or 404), its statuses (abandoned, ongoing, success, failed, reversed), its hosted checkout
 * and its webhooks (charge.success and refund.processed only: Paystack sends none for a failed
 * payment), signed x-paystack-signature = HMAC-SHA512(secret key, raw body).
 *
 * Records (sandbox_objects, provider 'paystack'): transaction (by reference), customer (by
 * e-mail), authorization (by AUTH_ code), refund (by id). A card form leaves brand, last four
 * digits and expiry only.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readCardForm, CARD_MESSAGES, type CardOutcome, type CardSummary } from './cards';
import type { SandboxContext } from './context';
import { acceptFormBodies, formField } from './form-body';
import { cardPage, challengePage, noticePage } from './hosted-page';
import { sandboxPath } from './keys';
import { deliverWebhook } from './webhook-sender';

type Json = Record<string, unknown>;

/** The currencies a Paystack integration can be enabled for (amounts in kobo, pesewas, cents). */
const PAYSTACK_CURRENCIES = ['NGN', 'GHS', 'ZAR', 'USD', 'KES'];

type SandboxTransaction = {
  id: number;
  reference: string;
  access_code: string;
  amount: number;
  currency: string;
  email: string;
  status: 'abandoned' | 'ongoing' | 'success' | 'failed' | 'reversed';
  gateway_response: string;
  callback_url: string | null;
  metadata: unknown;
  /** The card of the last attempt (brand, last4, expiry, outcome), never its number. */
  card: CardSummary | null;
  authorization_code: string | null;
  refunded: number;
  created_at: string;
  paid_at: string | null;
};

type SandboxCustomer = {
  id: number;
  customer_code: string;
  email: string;
  authorizations: string[];
};

type SandboxAuthorization = {
  authorization_code: string;
  email: string;
  brand: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  signature: string;
  /** What the card does when it is charged again (the 3-D Secure card asks every time). */
  outcome: CardOutcome;
};

const ok = (message: string, data: unknown) => ({ status: true, message, data });
const refuse = (reply: FastifyReply, statusCode: number, message: string) => reply.code(statusCode).send({ status: false, message });
const code = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').slice(0, 14)}`;

function body(request: { body: unknown }): Json {
  return typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Json) : {};
}

/** Paystack takes amounts as integers or integer strings, in the currency's subunit. */
function amountOf(value: unknown): number | null {
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

const emailOf = (value: unknown) => (typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value.trim()) ? value.trim().toLowerCase() : null);
const referenceOf = (value: unknown) => (typeof value === 'string' && /^[\w.=-]{1,100}$/.test(value) ? value : null);

function authorizationData(authorization: SandboxAuthorization | null): Json {
  if (!authorization) return {};
  return {
    authorization_code: authorization.authorization_code,
    // The test gateway keeps no digits beyond the last four.
    bin: null,
    last4: authorization.last4,
    exp_month: authorization.exp_month,
    exp_year: authorization.exp_year,
    channel: 'card',
    card_type: `${authorization.brand} `,
    bank: 'TEST BANK',
    country_code: 'NG',
    brand: authorization.brand,
    reusable: true,
    signature: authorization.signature,
    account_name: null,
  };
}

function transactionData(transaction: SandboxTransaction, customer: SandboxCustomer | null, authorization: SandboxAuthorization | null): Json {
  return {
    id: transaction.id,
    domain: 'test',
    status: transaction.status,
    reference: transaction.reference,
    receipt_number: null,
    amount: transaction.amount,
    message: null,
    gateway_response: transaction.gateway_response,
    paid_at: transaction.paid_at,
    created_at: transaction.created_at,
    channel: 'card',
    currency: transaction.currency,
    ip_address: null,
    metadata: transaction.metadata,
    log: null,
    fees: null,
    authorization: authorizationData(authorization),
    customer: customer
      ? {
          id: customer.id,
          first_name: null,
          last_name: null,
          email: customer.email,
          customer_code: customer.customer_code,
          phone: null,
          metadata: null,
          risk_action: 'default',
        }
      : null,
    plan: null,
    requested_amount: transaction.amount,
    paidAt: transaction.paid_at,
    createdAt: transaction.created_at,
  };
}

const money = (amount: number, currency: string) => `${currency} ${(amount / 100).toFixed(2)}`;

/** Where Paystack sends the customer back: the callback URL with ?trxref=&reference=. */
function callbackUrl(transaction: SandboxTransaction): string | null {
  if (!transaction.callback_url) return null;
  try {
    const url = new URL(transaction.callback_url);
    url.searchParams.set('trxref', transaction.reference);
    url.searchParams.set('reference', transaction.reference);
    return url.toString();
  } catch {
    return null;
  }
}

export async function paystackSandbox(app: FastifyInstance, context: SandboxContext): Promise<void> {
  const { store, keys, log } = context;
  const pagesBase = `${context.publicOrigin}${sandboxPath('paystack')}`;

  const getCustomer = (email: string) => store.get<SandboxCustomer>('customer', email);
  async function customerFor(email: string): Promise<SandboxCustomer> {
    const existing = await getCustomer(email);
    if (existing) return existing;
    try {
      return await store.create<SandboxCustomer>('customer', email, { id: randomInt(1, 2 ** 31), customer_code: code('CUS_'), email, authorizations: [] });
    } catch (error) {
      // Two first payments of one customer at once: the other insert won.
      const raced = await getCustomer(email);
      if (raced) return raced;
      throw error;
    }
  }

  const authorizationOf = async (transaction: SandboxTransaction) =>
    transaction.authorization_code ? store.get<SandboxAuthorization>('authorization', transaction.authorization_code) : null;

  /** `authorization`: the transaction's, when the caller has it already. */
  async function dataOf(transaction: SandboxTransaction, authorization?: SandboxAuthorization): Promise<Json> {
    return transactionData(transaction, await getCustomer(transaction.email), authorization ?? (await authorizationOf(transaction)));
  }

  function sendWebhook(event: string, data: Json): void {
    const payload = JSON.stringify({ event, data });
    const signature = createHmac('sha512', keys.secretKey).update(payload).digest('hex');
    void deliverWebhook({ url: context.webhookUrl(), body: payload, headers: { 'x-paystack-signature': signature } }, log);
  }

  /** A card that paid: the same card of the same customer keeps one authorization, as Paystack's signature does. */
  async function saveAuthorization(email: string, card: CardSummary): Promise<SandboxAuthorization> {
    const signature = `SIG_${createHash('sha256').update(`${email}|${card.brand}|${card.last4}|${card.expMonth}/${card.expYear}`).digest('hex').slice(0, 20)}`;
    const existing = await store.findBy<SandboxAuthorization>('authorization', 'signature', signature);
    if (existing) return existing;
    const authorization: SandboxAuthorization = {
      authorization_code: code('AUTH_'),
      email,
      brand: card.brand,
      last4: card.last4,
      exp_month: String(card.expMonth).padStart(2, '0'),
      exp_year: String(card.expYear),
      signature,
      outcome: card.outcome,
    };
    await store.create('authorization', authorization.authorization_code, authorization);
    const customer = await customerFor(email);
    await store.update<SandboxCustomer>('customer', email, { authorizations: [...customer.authorizations, authorization.authorization_code] });
    return authorization;
  }

  /** The winning submission pays: the authorization is saved and charge.success goes out. */
  async function markPaid(transaction: SandboxTransaction, card: CardSummary, expectStatus: string): Promise<SandboxTransaction | null> {
    const paid = await store.update<SandboxTransaction>(
      'transaction',
      transaction.reference,
      { status: 'success', gateway_response: 'Successful', paid_at: new Date().toISOString(), card },
      expectStatus,
    );
    if (!paid) return null;
    const authorization = await saveAuthorization(paid.email, card);
    const saved = (await store.update<SandboxTransaction>('transaction', paid.reference, { authorization_code: authorization.authorization_code })) ?? paid;
    sendWebhook('charge.success', await dataOf(saved));
    return saved;
  }

  async function createTransaction(
    reply: FastifyReply,
    fields: Omit<SandboxTransaction, 'id' | 'access_code' | 'created_at' | 'refunded'>,
  ): Promise<SandboxTransaction | null> {
    const transaction: SandboxTransaction = { ...fields, id: randomInt(1, 2 ** 31), access_code: code(''), refunded: 0, created_at: new Date().toISOString() };
    try {
      return await store.create('transaction', transaction.reference, transaction);
    } catch (error) {
      // A reference used before (or twice at once): the primary key let one in.
      if (await store.get('transaction', fields.reference)) {
        refuse(reply, 400, 'Duplicate Transaction Reference');
        return null;
      }
      throw error;
    }
  }

  // The API: every call carries the secret key, as Paystack requires.
  await app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      const expected = Buffer.from(`Bearer ${keys.secretKey}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refuse(reply, 401, 'Invalid key');
    });

    api.post('/transaction/initialize', async (request, reply) => {
      const input = body(request);
      const email = emailOf(input.email);
      if (!email) return refuse(reply, 400, 'Invalid Email Address Passed');
      const amount = amountOf(input.amount);
      if (amount === null) return refuse(reply, 400, 'Invalid Amount Sent');
      const currency = typeof input.currency === 'string' ? input.currency.toUpperCase() : 'NGN';
      if (!PAYSTACK_CURRENCIES.includes(currency)) return refuse(reply, 400, 'Currency not supported by merchant');
      const reference = input.reference === undefined ? code('T') : referenceOf(input.reference);
      if (!reference) return refuse(reply, 400, 'Invalid transaction reference');
      await customerFor(email);
      const transaction = await createTransaction(reply, {
        reference,
        amount,
        currency,
        email,
        status: 'abandoned',
        gateway_response: 'The transaction was not completed',
        callback_url: typeof input.callback_url === 'string' ? input.callback_url : null,
        metadata: input.metadata ?? null,
        card: null,
        authorization_code: null,
        paid_at: null,
      });
      if (!transaction) return reply;
      return ok('Authorization URL created', {
        authorization_url: `${pagesBase}/checkout/${transaction.access_code}`,
        access_code: transaction.access_code,
        reference: transaction.reference,
      });
    });

    api.get<{ Params: { reference: string } }>('/transaction/verify/:reference', async (request, reply) => {
      const transaction = await store.get<SandboxTransaction>('transaction', request.params.reference);
      if (!transaction) return refuse(reply, 400, 'Transaction reference not found');
      return ok('Verification successful', await dataOf(transaction));
    });

    api.post('/transaction/charge_authorization', async (request, reply) => {
      const input = body(request);
      const email = emailOf(input.email);
      if (!email) return refuse(reply, 400, 'Invalid Email Address Passed');
      const amount = amountOf(input.amount);
      if (amount === null) return refuse(reply, 400, 'Invalid Amount Sent');
      const authorization =
        typeof input.authorization_code === 'string' ? await store.get<SandboxAuthorization>('authorization', input.authorization_code) : null;
      // An authorization belongs to the customer whose card made it.
      if (!authorization || authorization.email !== email) return refuse(reply, 400, 'Invalid authorization code');
      const currency = typeof input.currency === 'string' ? input.currency.toUpperCase() : 'NGN';
      if (!PAYSTACK_CURRENCIES.includes(currency)) return refuse(reply, 400, 'Currency not supported by merchant');
      const reference = input.reference === undefined ? code('T') : referenceOf(input.reference);
      if (!reference) return refuse(reply, 400, 'Invalid transaction reference');
      // The 3-D Secure test card asks for authentication on every charge, and a saved-card charge has nobody to ask.
      const paid = authorization.outcome === 'succeeds';
      const now = new Date().toISOString();
      const transaction = await createTransaction(reply, {
        reference,
        amount,
        currency,
        email,
        status: paid ? 'success' : 'failed',
        gateway_response: paid ? 'Approved' : CARD_MESSAGES.declined,
        callback_url: null,
        metadata: input.metadata ?? null,
        card: null,
        authorization_code: authorization.authorization_code,
        paid_at: paid ? now : null,
      });
      if (!transaction) return reply;
      const data = await dataOf(transaction, authorization);
      if (paid) sendWebhook('charge.success', data);
      return ok('Charge attempted', data);
    });

    api.post('/refund', async (request, reply) => {
      const input = body(request);
      const key = typeof input.transaction === 'string' || typeof input.transaction === 'number' ? String(input.transaction) : '';
      const transaction =
        (await store.get<SandboxTransaction>('transaction', key)) ?? (key ? await store.findBy<SandboxTransaction>('transaction', 'id', key) : null);
      if (!transaction) return refuse(reply, 404, 'Transaction not found');
      if (transaction.status === 'reversed') return refuse(reply, 400, 'Transaction has been fully reversed');
      if (transaction.status !== 'success') return refuse(reply, 400, 'Transaction cannot be refunded');
      const remaining = transaction.amount - transaction.refunded;
      const amount = input.amount === undefined ? remaining : amountOf(input.amount);
      if (amount === null) return refuse(reply, 400, 'Invalid Amount Sent');
      if (amount > remaining) return refuse(reply, 400, 'Refund amount cannot be more than the unrefunded balance');
      const refunded = transaction.refunded + amount;
      // Conditional on the status read: of two full refunds at once, one reverses the payment and the other is refused.
      const moved = await store.update<SandboxTransaction>(
        'transaction',
        transaction.reference,
        { refunded, ...(refunded === transaction.amount ? { status: 'reversed' as const } : {}) },
        transaction.status,
      );
      if (!moved) return refuse(reply, 400, 'A refund for this transaction is already being processed');
      const id = randomInt(1, 2 ** 31);
      const createdAt = new Date().toISOString();
      const refund = { id, transaction_reference: transaction.reference, amount, currency: transaction.currency, status: 'pending', created_at: createdAt };
      await store.create('refund', String(id), refund);
      // Paystack queues a refund and reports it processed by webhook; here it is processed at once.
      void (async () => {
        await store.update('refund', String(id), { status: 'processed' });
        const customer = await getCustomer(transaction.email);
        sendWebhook('refund.processed', {
          status: 'processed',
          transaction_reference: transaction.reference,
          refund_reference: null,
          amount,
          currency: transaction.currency,
          processor: 'test',
          customer: { first_name: null, last_name: null, email: customer?.email ?? transaction.email },
          integration: 1,
          domain: 'test',
        });
      })().catch((error: unknown) => log.warn({ err: (error as Error).message }, 'test gateway: paystack refund not processed'));
      return ok('Refund has been queued for processing', {
        transaction: {
          id: transaction.id,
          domain: 'test',
          reference: transaction.reference,
          amount: transaction.amount,
          paid_at: transaction.paid_at,
          channel: 'card',
          currency: transaction.currency,
        },
        integration: 1,
        deducted_amount: 0,
        channel: null,
        merchant_note: null,
        customer_note: null,
        status: 'pending',
        refunded_by: null,
        expected_at: createdAt,
        currency: transaction.currency,
        domain: 'test',
        amount,
        fully_deducted: false,
        id,
        createdAt,
      });
    });

    api.get<{ Params: { customer: string } }>('/customer/:customer', async (request, reply) => {
      const key = request.params.customer.toLowerCase();
      const customer = (await getCustomer(key)) ?? (await store.findBy<SandboxCustomer>('customer', 'customer_code', request.params.customer));
      if (!customer) return refuse(reply, 404, 'Customer not found');
      const authorizations = await Promise.all(
        customer.authorizations.map((authorizationCode) => store.get<SandboxAuthorization>('authorization', authorizationCode)),
      );
      return ok('Customer retrieved', {
        id: customer.id,
        email: customer.email,
        customer_code: customer.customer_code,
        first_name: null,
        last_name: null,
        phone: null,
        metadata: null,
        domain: 'test',
        risk_action: 'default',
        authorizations: authorizations.filter((authorization) => authorization !== null).map(authorizationData),
      });
    });
  });

  // The hosted checkout: what authorization_url opens in the merchant's browser.
  await app.register(async (pages) => {
    acceptFormBodies(pages);
    const byAccessCode = (accessCode: string) => store.findBy<SandboxTransaction>('transaction', 'access_code', accessCode);
    const html = (reply: FastifyReply, page: string, statusCode = 200) =>
      reply.code(statusCode).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    const missing = (reply: FastifyReply) => html(reply, noticePage('Payment not found', 'This test payment does not exist.'), 404);
    const backToCheckout = (reply: FastifyReply, transaction: SandboxTransaction) => reply.redirect(`${pagesBase}/checkout/${transaction.access_code}`, 303);
    const payable = (transaction: SandboxTransaction) => transaction.status === 'abandoned' || transaction.status === 'failed';

    function checkoutPage(transaction: SandboxTransaction, error: string | null): string {
      const base = `${pagesBase}/checkout/${transaction.access_code}`;
      return cardPage({
        providerName: 'Paystack',
        title: 'Pay with card',
        amountText: money(transaction.amount, transaction.currency),
        submitLabel: 'Pay',
        submitAction: `${base}/pay`,
        cancelAction: `${base}/cancel`,
        error,
      });
    }

    function finished(reply: FastifyReply, transaction: SandboxTransaction) {
      const back = callbackUrl(transaction);
      return back ? reply.redirect(back, 303) : html(reply, noticePage('Payment complete', 'This test payment is complete. You can close this page.'));
    }

    pages.get<{ Params: { accessCode: string } }>('/checkout/:accessCode', async (request, reply) => {
      const transaction = await byAccessCode(request.params.accessCode);
      if (!transaction) return missing(reply);
      if (transaction.status === 'ongoing') {
        const base = `${pagesBase}/checkout/${transaction.access_code}/challenge`;
        return html(
          reply,
          challengePage({
            providerName: 'Paystack',
            amountText: money(transaction.amount, transaction.currency),
            completeAction: `${base}/complete`,
            failAction: `${base}/fail`,
          }),
        );
      }
      if (payable(transaction)) return html(reply, checkoutPage(transaction, transaction.status === 'failed' ? transaction.gateway_response : null));
      return html(reply, noticePage('Payment complete', 'This test payment is already complete.'));
    });

    pages.post<{ Params: { accessCode: string } }>('/checkout/:accessCode/pay', async (request, reply) => {
      const transaction = await byAccessCode(request.params.accessCode);
      if (!transaction) return missing(reply);
      if (!payable(transaction)) return backToCheckout(reply, transaction);
      const form = readCardForm({
        number: formField(request.body, 'number'),
        expiry: formField(request.body, 'expiry'),
        cvc: formField(request.body, 'cvc'),
        name: formField(request.body, 'name'),
      });
      if (!form.ok) return html(reply, checkoutPage(transaction, form.message), 422);
      const { card } = form;
      if (card.outcome === 'succeeds') {
        const paid = await markPaid(transaction, card, transaction.status);
        return paid ? finished(reply, paid) : backToCheckout(reply, transaction);
      }
      // Declined: the checkout stays open for another card. 3-D Secure: the bank's page comes next.
      const patch: Partial<SandboxTransaction> =
        card.outcome === 'declined'
          ? { status: 'failed', gateway_response: CARD_MESSAGES.declined, card }
          : { status: 'ongoing', gateway_response: 'Awaiting 3-D Secure authentication', card };
      await store.update<SandboxTransaction>('transaction', transaction.reference, patch, transaction.status);
      return backToCheckout(reply, transaction);
    });

    pages.post<{ Params: { accessCode: string } }>('/checkout/:accessCode/cancel', async (request, reply) => {
      const transaction = await byAccessCode(request.params.accessCode);
      if (!transaction) return missing(reply);
      // The transaction stays abandoned, as Paystack leaves it; metadata.cancel_action says where to go.
      const metadata = typeof transaction.metadata === 'object' && transaction.metadata !== null ? (transaction.metadata as Json) : {};
      const cancelAction = typeof metadata.cancel_action === 'string' ? metadata.cancel_action : callbackUrl(transaction);
      return cancelAction
        ? reply.redirect(cancelAction, 303)
        : html(reply, noticePage('Payment cancelled', 'You cancelled this test payment. You can close this page.'));
    });

    pages.post<{ Params: { accessCode: string; answer: string } }>('/checkout/:accessCode/challenge/:answer', async (request, reply) => {
      const transaction = await byAccessCode(request.params.accessCode);
      if (!transaction) return missing(reply);
      const { answer } = request.params;
      if (answer !== 'complete' && answer !== 'fail') return missing(reply);
      if (transaction.status !== 'ongoing' || !transaction.card) return backToCheckout(reply, transaction);
      if (answer === 'complete') {
        const paid = await markPaid(transaction, transaction.card, 'ongoing');
        return paid ? finished(reply, paid) : backToCheckout(reply, transaction);
      }
      await store.update<SandboxTransaction>(
        'transaction',
        transaction.reference,
        { status: 'failed', gateway_response: CARD_MESSAGES.threeDSecureFailed },
        'ongoing',
      );
      return backToCheckout(reply, transaction);
    });
  });
}
