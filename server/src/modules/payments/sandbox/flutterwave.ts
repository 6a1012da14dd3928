/**
 * The built-in test gateway for Flutterwave v3: the subset of https://api.flutterwave.com the
 * adapter uses, with Flutterwave's shapes ({status: 'success', message, data}; {status: 'error',
 * message, data: null} with 400, 401 or 404), amounts in MAJOR units, its statuses (pending,
 * successful, failed), the Standard hosted payment link, and charge.completed webhooks (for
 * failed charges too, as Flutterwave sends them) carrying the secret hash in `verif-hash`.
 *
 * Records (sandbox_objects, provider 'flutterwave'): tx_ref (one per reference: the primary key
 * makes a second one fail), payment (a hosted link, by tx_ref), transaction (a charge, by id),
 * token (a saved card), customer (by e-mail, with its transaction ids), refund (by transaction
 * id: this test gateway takes one refund per transaction). Amounts are kept in minor units and
 * written in major units only in answers. A card form leaves brand, last four digits and expiry.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readCardForm, CARD_MESSAGES, type CardOutcome, type CardSummary } from './cards';
import type { SandboxContext } from './context';
import { acceptFormBodies, formField } from './form-body';
import { cardPage, challengePage, noticePage } from './hosted-page';
import { sandboxPath } from './keys';
import { deliverWebhook } from './webhook-sender';

type Json = Record<string, unknown>;

const FLUTTERWAVE_CURRENCIES = ['NGN', 'USD', 'GHS', 'KES', 'ZAR', 'EUR', 'GBP'];

type SandboxCustomer = {
  id: number;
  email: string;
  name: string;
  phone_number: string;
  created_at: string;
  transactions: number[];
};

type SandboxPayment = {
  link_id: string;
  tx_ref: string;
  amount: number;
  currency: string;
  email: string;
  redirect_url: string | null;
  meta: unknown;
  /** open -> pending (3-D Secure) | failed (declined, payable again) | successful. */
  status: 'open' | 'pending' | 'failed' | 'successful';
  transaction_id: number;
};

type SandboxTransaction = {
  id: number;
  tx_ref: string;
  flw_ref: string;
  amount: number;
  currency: string;
  email: string;
  status: 'pending' | 'successful' | 'failed';
  processor_response: string;
  auth_model: string;
  meta: unknown;
  card: CardSummary | null;
  token: string | null;
  created_at: string;
};

type SandboxToken = {
  token: string;
  email: string;
  signature: string;
  card: CardSummary;
  /** What the card does when charged again (the 3-D Secure card asks every time). */
  outcome: CardOutcome;
};

const ok = (message: string, data: unknown) => ({ status: 'success', message, data });
const refuse = (reply: FastifyReply, statusCode: number, message: string) => reply.code(statusCode).send({ status: 'error', message, data: null });

function body(request: { body: unknown }): Json {
  return typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Json) : {};
}

/** Major units as Flutterwave takes them ("19.99" or 19.99), kept as whole minor units; null if not whole cents. */
function minorOf(value: unknown): number | null {
  const major = typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value.trim()) ? Number(value) : value;
  if (typeof major !== 'number' || !Number.isFinite(major) || major <= 0) return null;
  const minor = Math.round(major * 100);
  return Math.abs(major * 100 - minor) < 1e-6 && Number.isSafeInteger(minor) ? minor : null;
}

const emailOf = (value: unknown) => (typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value.trim()) ? value.trim().toLowerCase() : null);
const refOf = (value: unknown) => (typeof value === 'string' && /^[\w.=:-]{1,100}$/.test(value) ? value : null);
const major = (minor: number) => minor / 100;
const money = (amount: number, currency: string) => `${currency} ${(amount / 100).toFixed(2)}`;

function withQuery(url: string | null, params: Record<string, string>): string | null {
  if (!url) return null;
  try {
    const target = new URL(url);
    for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
    return target.toString();
  } catch {
    return null;
  }
}

export async function flutterwaveSandbox(app: FastifyInstance, context: SandboxContext): Promise<void> {
  const { store, keys, log } = context;
  const pagesBase = `${context.publicOrigin}${sandboxPath('flutterwave')}`;

  /** Claims a tx_ref for good: the second claim of one reference fails on the primary key. */
  async function claimReference(reply: FastifyReply, txRef: string): Promise<boolean> {
    try {
      await store.create('tx_ref', txRef, { tx_ref: txRef });
      return true;
    } catch (error) {
      if (await store.get('tx_ref', txRef)) {
        refuse(reply, 400, 'Duplicate transaction reference. Please pass a unique tx_ref');
        return false;
      }
      throw error;
    }
  }

  async function customerFor(email: string, name: string, phone: string): Promise<SandboxCustomer> {
    const existing = await store.get<SandboxCustomer>('customer', email);
    if (existing) return existing;
    try {
      return await store.create<SandboxCustomer>('customer', email, {
        id: randomInt(1, 2 ** 31),
        email,
        name,
        phone_number: phone,
        created_at: new Date().toISOString(),
        transactions: [],
      });
    } catch (error) {
      const raced = await store.get<SandboxCustomer>('customer', email);
      if (raced) return raced;
      throw error;
    }
  }

  async function transactionData(transaction: SandboxTransaction): Promise<Json> {
    const customer = await store.get<SandboxCustomer>('customer', transaction.email);
    const { card } = transaction;
    return {
      id: transaction.id,
      tx_ref: transaction.tx_ref,
      flw_ref: transaction.flw_ref,
      device_fingerprint: 'N/A',
      amount: major(transaction.amount),
      currency: transaction.currency,
      charged_amount: major(transaction.amount),
      app_fee: 0,
      merchant_fee: 0,
      processor_response: transaction.processor_response,
      auth_model: transaction.auth_model,
      ip: '127.0.0.1',
      narration: 'CARD Transaction ',
      status: transaction.status,
      payment_type: 'card',
      created_at: transaction.created_at,
      account_id: 1,
      amount_settled: transaction.status === 'successful' ? major(transaction.amount) : 0,
      card: card
        ? {
            // The test gateway keeps no digits beyond the last four.
            first_6digits: null,
            last_4digits: card.last4,
            issuer: 'TEST BANK',
            country: 'NG',
            type: card.brand.toUpperCase(),
            token: transaction.token,
            expiry: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`,
          }
        : null,
      meta: transaction.meta,
      customer: customer
        ? { id: customer.id, name: customer.name, phone_number: customer.phone_number, email: customer.email, created_at: customer.created_at }
        : null,
    };
  }

  async function sendWebhook(transaction: SandboxTransaction): Promise<void> {
    const payload = JSON.stringify({ event: 'charge.completed', data: await transactionData(transaction), 'event.type': 'CARD_TRANSACTION' });
    void deliverWebhook({ url: context.webhookUrl(), body: payload, headers: { 'verif-hash': keys.webhookSecret } }, log);
  }

  /** The same card of the same customer keeps one token. */
  async function tokenFor(email: string, card: CardSummary): Promise<string> {
    const signature = createHash('sha256').update(`${email}|${card.brand}|${card.last4}|${card.expMonth}/${card.expYear}`).digest('hex');
    const existing = await store.findBy<SandboxToken>('token', 'signature', signature);
    if (existing) return existing.token;
    const token = `flw-t1nf-${randomBytes(16).toString('hex')}-m03k`;
    await store.create<SandboxToken>('token', token, { token, email, signature, card, outcome: card.outcome });
    return token;
  }

  async function recordTransaction(transaction: SandboxTransaction): Promise<SandboxTransaction> {
    const id = String(transaction.id);
    if (await store.get('transaction', id)) return (await store.update<SandboxTransaction>('transaction', id, transaction)) ?? transaction;
    await store.create('transaction', id, transaction);
    const customer = await store.get<SandboxCustomer>('customer', transaction.email);
    if (customer) await store.update<SandboxCustomer>('customer', transaction.email, { transactions: [...customer.transactions, transaction.id] });
    return transaction;
  }

  // The API: every call carries the secret key as a bearer token.
  await app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      const expected = Buffer.from(`Bearer ${keys.secretKey}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refuse(reply, 401, 'Invalid authorization key');
    });

    api.post('/v3/payments', async (request, reply) => {
      const input = body(request);
      const txRef = refOf(input.tx_ref);
      if (!txRef) return refuse(reply, 400, 'tx_ref is required');
      const amount = minorOf(input.amount);
      if (amount === null) return refuse(reply, 400, 'Invalid amount');
      const currency = typeof input.currency === 'string' ? input.currency.toUpperCase() : 'NGN';
      if (!FLUTTERWAVE_CURRENCIES.includes(currency)) return refuse(reply, 400, 'Invalid currency');
      const customer = typeof input.customer === 'object' && input.customer !== null ? (input.customer as Json) : {};
      const email = emailOf(customer.email);
      if (!email) return refuse(reply, 400, 'customer.email is required');
      if (!(await claimReference(reply, txRef))) return reply;
      await customerFor(email, typeof customer.name === 'string' ? customer.name : '', typeof customer.phonenumber === 'string' ? customer.phonenumber : 'N/A');
      const payment: SandboxPayment = {
        link_id: randomBytes(8).toString('hex'),
        tx_ref: txRef,
        amount,
        currency,
        email,
        redirect_url: typeof input.redirect_url === 'string' ? input.redirect_url : null,
        meta: input.meta ?? null,
        status: 'open',
        transaction_id: randomInt(1, 2 ** 31),
      };
      await store.create('payment', txRef, payment);
      return ok('Hosted Link', { link: `${pagesBase}/v3/hosted/pay/${payment.link_id}` });
    });

    api.get<{ Querystring: { tx_ref?: string } }>('/v3/transactions/verify_by_reference', async (request, reply) => {
      // As on Flutterwave, a payment link nobody has paid on yet has no transaction.
      const transaction = request.query.tx_ref ? await store.findBy<SandboxTransaction>('transaction', 'tx_ref', request.query.tx_ref) : null;
      if (!transaction) return refuse(reply, 400, 'No transaction was found for this id');
      return ok('Transaction fetched successfully', await transactionData(transaction));
    });

    api.get<{ Querystring: { customer_email?: string; status?: string } }>('/v3/transactions', async (request) => {
      const customer = request.query.customer_email ? await store.get<SandboxCustomer>('customer', request.query.customer_email.toLowerCase()) : null;
      const transactions = await Promise.all((customer?.transactions ?? []).map((id) => store.get<SandboxTransaction>('transaction', String(id))));
      const listed = transactions.filter(
        (transaction) => transaction !== null && (!request.query.status || transaction.status === request.query.status),
      ) as SandboxTransaction[];
      return {
        status: 'success',
        message: 'Transactions fetched',
        meta: { page_info: { total: listed.length, current_page: 1, total_pages: 1 } },
        data: await Promise.all(listed.map(transactionData)),
      };
    });

    api.post('/v3/tokenized-charges', async (request, reply) => {
      const input = body(request);
      const txRef = refOf(input.tx_ref);
      if (!txRef) return refuse(reply, 400, 'tx_ref is required');
      const amount = minorOf(input.amount);
      if (amount === null) return refuse(reply, 400, 'Invalid amount');
      const currency = typeof input.currency === 'string' ? input.currency.toUpperCase() : 'NGN';
      if (!FLUTTERWAVE_CURRENCIES.includes(currency)) return refuse(reply, 400, 'Invalid currency');
      const email = emailOf(input.email);
      const token = typeof input.token === 'string' ? await store.get<SandboxToken>('token', input.token) : null;
      // A token charges only for the customer whose card made it.
      if (!token || token.email !== email) return refuse(reply, 400, 'Token not found');
      if (!(await claimReference(reply, txRef))) return reply;
      // The 3-D Secure test card asks for authentication on every charge, and a token charge has nobody to ask.
      const paid = token.outcome === 'succeeds';
      const transaction = await recordTransaction({
        id: randomInt(1, 2 ** 31),
        tx_ref: txRef,
        flw_ref: `FLW-MOCK-${randomBytes(6).toString('hex')}`,
        amount,
        currency,
        email: token.email,
        status: paid ? 'successful' : 'failed',
        processor_response: paid ? 'Approved' : CARD_MESSAGES.declined,
        auth_model: 'noauth',
        meta: input.meta ?? null,
        card: token.card,
        token: token.token,
        created_at: new Date().toISOString(),
      });
      await sendWebhook(transaction);
      return ok(paid ? 'Charge successful' : 'Charge failed', await transactionData(transaction));
    });

    api.post<{ Params: { id: string } }>('/v3/transactions/:id/refund', async (request, reply) => {
      const transaction = await store.get<SandboxTransaction>('transaction', request.params.id);
      if (!transaction) return refuse(reply, 404, 'Transaction not found');
      if (transaction.status !== 'successful') return refuse(reply, 400, 'Only successful transactions can be refunded');
      const input = body(request);
      const amount = input.amount === undefined ? transaction.amount : minorOf(input.amount);
      if (amount === null) return refuse(reply, 400, 'Invalid amount');
      if (amount > transaction.amount) return refuse(reply, 400, 'Refund amount cannot be more than the transaction amount');
      const refund = {
        id: randomInt(1, 2 ** 31),
        account_id: 1,
        tx_id: transaction.id,
        flw_ref: `URF_${Date.now()}_${randomInt(1_000_000, 9_999_999)}`,
        wallet_id: 1,
        amount_refunded: major(amount),
        status: 'completed',
        destination: 'payment_source',
        meta: { source: 'availablebalance' },
        created_at: new Date().toISOString(),
      };
      try {
        await store.create('refund', String(transaction.id), refund);
      } catch (error) {
        if (await store.get('refund', String(transaction.id))) return refuse(reply, 400, 'This transaction has already been refunded');
        throw error;
      }
      return ok('Transaction refund initiated', refund);
    });
  });

  // The hosted payment page: what the Standard link opens in the merchant's browser.
  await app.register(async (pages) => {
    acceptFormBodies(pages);
    const byLink = (linkId: string) => store.findBy<SandboxPayment>('payment', 'link_id', linkId);
    const html = (reply: FastifyReply, page: string, statusCode = 200) =>
      reply.code(statusCode).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    const missing = (reply: FastifyReply) => html(reply, noticePage('Payment not found', 'This test payment does not exist.'), 404);
    const linkOf = (payment: SandboxPayment) => `${pagesBase}/v3/hosted/pay/${payment.link_id}`;
    const backToPage = (reply: FastifyReply, payment: SandboxPayment) => reply.redirect(linkOf(payment), 303);
    const payable = (payment: SandboxPayment) => payment.status === 'open' || payment.status === 'failed';
    const transactionOf = (payment: SandboxPayment) => store.get<SandboxTransaction>('transaction', String(payment.transaction_id));

    function paymentPage(payment: SandboxPayment, error: string | null): string {
      return cardPage({
        providerName: 'Flutterwave',
        title: 'Pay with card',
        amountText: money(payment.amount, payment.currency),
        submitLabel: 'Pay',
        submitAction: `${linkOf(payment)}/pay`,
        cancelAction: `${linkOf(payment)}/cancel`,
        error,
      });
    }

    /** Flutterwave sends the customer back with ?status=&tx_ref=&transaction_id=. */
    function redirectBack(reply: FastifyReply, payment: SandboxPayment, status: string) {
      const back = withQuery(payment.redirect_url, {
        status,
        tx_ref: payment.tx_ref,
        ...(status === 'cancelled' ? {} : { transaction_id: String(payment.transaction_id) }),
      });
      return back ? reply.redirect(back, 303) : html(reply, noticePage('Payment finished', 'You can close this page.'));
    }

    /** Moves the link (conditionally: one submission wins) and records the charge it made. */
    async function settle(
      payment: SandboxPayment,
      from: SandboxPayment['status'],
      card: CardSummary,
      outcome: 'successful' | 'failed' | 'pending',
      processorResponse: string,
    ): Promise<SandboxTransaction | null> {
      const moved = await store.update<SandboxPayment>('payment', payment.tx_ref, { status: outcome }, from);
      if (!moved) return null;
      const previous = await transactionOf(payment);
      const transaction = await recordTransaction({
        id: payment.transaction_id,
        tx_ref: payment.tx_ref,
        flw_ref: previous?.flw_ref ?? `FLW-MOCK-${randomBytes(6).toString('hex')}`,
        amount: payment.amount,
        currency: payment.currency,
        email: payment.email,
        status: outcome,
        processor_response: processorResponse,
        auth_model: card.outcome === 'three_d_secure' ? 'VBVSECURECODE' : 'NOAUTH_INTERNATIONAL',
        meta: payment.meta,
        card,
        token: outcome === 'successful' ? await tokenFor(payment.email, card) : null,
        created_at: previous?.created_at ?? new Date().toISOString(),
      });
      // Flutterwave reports completed charges, failed ones too; a pending one is not completed.
      if (outcome !== 'pending') await sendWebhook(transaction);
      return transaction;
    }

    pages.get<{ Params: { linkId: string } }>('/v3/hosted/pay/:linkId', async (request, reply) => {
      const payment = await byLink(request.params.linkId);
      if (!payment) return missing(reply);
      if (payment.status === 'pending') {
        return html(
          reply,
          challengePage({
            providerName: 'Flutterwave',
            amountText: money(payment.amount, payment.currency),
            completeAction: `${linkOf(payment)}/challenge/complete`,
            failAction: `${linkOf(payment)}/challenge/fail`,
          }),
        );
      }
      if (payable(payment))
        return html(reply, paymentPage(payment, payment.status === 'failed' ? ((await transactionOf(payment))?.processor_response ?? null) : null));
      return html(reply, noticePage('Payment complete', 'This test payment is already complete.'));
    });

    pages.post<{ Params: { linkId: string } }>('/v3/hosted/pay/:linkId/pay', async (request, reply) => {
      const payment = await byLink(request.params.linkId);
      if (!payment) return missing(reply);
      if (!payable(payment)) return backToPage(reply, payment);
      const form = readCardForm({
        number: formField(request.body, 'number'),
        expiry: formField(request.body, 'expiry'),
        cvc: formField(request.body, 'cvc'),
        name: formField(request.body, 'name'),
      });
      if (!form.ok) return html(reply, paymentPage(payment, form.message), 422);
      const { card } = form;
      if (card.outcome === 'succeeds') {
        const paid = await settle(payment, payment.status, card, 'successful', 'Approved');
        return paid ? redirectBack(reply, payment, 'successful') : backToPage(reply, payment);
      }
      // Declined: the page stays open for another card. 3-D Secure: the bank's page comes next.
      if (card.outcome === 'declined') await settle(payment, payment.status, card, 'failed', CARD_MESSAGES.declined);
      else await settle(payment, payment.status, card, 'pending', 'Pending validation');
      return backToPage(reply, payment);
    });

    pages.post<{ Params: { linkId: string } }>('/v3/hosted/pay/:linkId/cancel', async (request, reply) => {
      const payment = await byLink(request.params.linkId);
      if (!payment) return missing(reply);
      return payable(payment) ? redirectBack(reply, payment, 'cancelled') : backToPage(reply, payment);
    });

    pages.post<{ Params: { linkId: string; answer: string } }>('/v3/hosted/pay/:linkId/challenge/:answer', async (request, reply) => {
      const payment = await byLink(request.params.linkId);
      const { answer } = request.params;
      if (!payment || (answer !== 'complete' && answer !== 'fail')) return missing(reply);
      const pending = await transactionOf(payment);
      if (payment.status !== 'pending' || !pending?.card) return backToPage(reply, payment);
      if (answer === 'complete') {
        const paid = await settle(payment, 'pending', pending.card, 'successful', 'Approved');
        return paid ? redirectBack(reply, payment, 'successful') : backToPage(reply, payment);
      }
      await settle(payment, 'pending', pending.card, 'failed', CARD_MESSAGES.threeDSecureFailed);
      return backToPage(reply, payment);
    });
  });
}
