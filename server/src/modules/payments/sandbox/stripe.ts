/**
 * Stripe's built-in test gateway: the subset of Stripe's HTTP API our adapter calls (customers,
 * setup intents, payment intents, checkout sessions, refunds, payment methods), answered with
 * Stripe's own shapes, errors and Idempotency-Key rules, plus the pages Stripe would host
 * (checkout, card setup, 3-D Secure challenge) and signed webhooks (Stripe-Signature).
 *
 * Everything lives in `context.store`, so any server process of one install answers alike. A
 * page submission moves its object conditionally: two submits of one page make one outcome.
 * Card numbers are read once by `readCardForm` and dropped; a payment method keeps brand,
 * last four digits and expiry, as Stripe shows them.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CARD_MESSAGES, readCardForm, type CardOutcome, type CardSummary } from './cards';
import type { SandboxContext } from './context';
import { cardPage, challengePage, noticePage } from './hosted-page';
import type { SandboxRecord } from './store';
import { FormError, parseStripeForm, type FormObject, type FormValue } from './stripe-form';
import { deliverWebhook } from './webhook-sender';

type StripeObject = SandboxRecord & { id: string; object: string };

/** The API version our events say they were rendered with. */
const API_VERSION = '2026-10-28.endive';
const PROVIDER_NAME = 'Stripe';

/** Store kinds, by the id prefix Stripe gives each object. */
const KIND_BY_PREFIX: Record<string, string> = {
  cus: 'customer',
  seti: 'setup_intent',
  pi: 'payment_intent',
  pm: 'payment_method',
  ch: 'charge',
  cs: 'checkout.session',
  re: 'refund',
};

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message));
  }
}

const invalid = (message: string, param?: string) => new ApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
const missing = (kind: string, id: string) =>
  new ApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' });

const now = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string, bytes = 12) => prefix + randomBytes(bytes).toString('hex');
/** An id derived from another: a retried or raced step finds the object the first one made. */
const derivedId = (prefix: string, from: string) => prefix + createHash('sha256').update(from).digest('hex').slice(0, 24);
const digest = (text: string) => createHash('sha256').update(text).digest();

/** The object as Stripe shows it: without our bookkeeping fields (`_...`). */
function present(object: SandboxRecord): StripeObject {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith('_'))) as StripeObject;
}

const text = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const flag = (value: FormValue | undefined) => value === 'true';
const record = (value: FormValue | undefined): FormObject => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});

function metadataOf(value: FormValue | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(record(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function amountOf(value: FormValue | undefined, param: string): number {
  const amount = Number(text(value));
  if (!Number.isInteger(amount) || amount < 1) throw invalid(`Invalid integer: ${text(value) ?? ''}`, param);
  return amount;
}

function currencyOf(value: FormValue | undefined, param: string): string {
  const currency = text(value)?.toLowerCase() ?? '';
  if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}`, param);
  return currency;
}

function httpUrl(value: string | undefined, param: string): string {
  try {
    const url = new URL(value ?? '');
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // answered below
  }
  throw invalid(`Not a valid URL`, param);
}

function withQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return target.toString();
}

function amountText(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

export async function stripeSandbox(app: FastifyInstance, context: SandboxContext): Promise<void> {
  const { store, keys } = context;
  /** Pages post back to their own path; API answers link pages for the browser at publicOrigin. */
  const pagePath = (path: string) => `${app.prefix}${path}`;
  const pageUrl = (path: string) => `${context.publicOrigin}${pagePath(path)}`;
  const secretDigest = digest(keys.secretKey);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  async function load(id: string): Promise<StripeObject | null> {
    const kind = KIND_BY_PREFIX[id.split('_', 1)[0] ?? ''];
    return kind ? store.get<StripeObject>(kind, id) : null;
  }

  async function must(kind: string, id: string): Promise<StripeObject> {
    const found = await store.get<StripeObject>(kind, id);
    if (!found) throw missing(kind, id);
    return found;
  }

  async function createOnce(kind: string, id: string, data: StripeObject): Promise<StripeObject> {
    try {
      return await store.create(kind, id, data);
    } catch (error) {
      const existing = await store.get<StripeObject>(kind, id);
      if (!existing) throw error;
      return existing;
    }
  }

  /** Stripe's `expand[]`: ids become the objects they name, dotted paths go deeper. */
  async function expanded(object: SandboxRecord, paths: string[]): Promise<StripeObject> {
    const copy: SandboxRecord = present(object);
    const nested = new Map<string, string[]>();
    for (const path of paths) {
      const [head = '', ...rest] = path.split('.');
      nested.set(head, [...(nested.get(head) ?? []), ...(rest.length ? [rest.join('.')] : [])]);
    }
    for (const [field, deeper] of nested) {
      const value = copy[field];
      const target = typeof value === 'string' ? await load(value) : null;
      if (target) copy[field] = await expanded(target, deeper);
    }
    return copy as StripeObject;
  }

  const expandOf = (form: FormObject) => (Array.isArray(form.expand) ? form.expand.filter((path): path is string => typeof path === 'string') : []);

  /** An event, stored and sent signed as Stripe signs: HMAC-SHA256 of `{t}.{body}` with the endpoint secret. */
  async function emit(type: string, object: SandboxRecord): Promise<void> {
    const event = {
      id: randomId('evt_'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: present(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    await store.create('event', event.id, event);
    const body = JSON.stringify(event);
    const timestamp = now();
    const signature = createHmac('sha256', keys.webhookSecret).update(`${timestamp}.${body}`).digest('hex');
    void deliverWebhook({ url: context.webhookUrl(), body, headers: { 'stripe-signature': `t=${timestamp},v1=${signature}` } }, context.log);
  }

  // ---- objects and their moves --------------------------------------------------------------

  function paymentMethodFor(card: CardSummary): StripeObject & { _outcome: CardOutcome } {
    return {
      id: randomId('pm_'),
      object: 'payment_method',
      billing_details: { address: null, email: null, name: null, phone: null },
      card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear, country: 'US', funding: 'credit' },
      created: now(),
      customer: null,
      livemode: false,
      metadata: {},
      type: 'card',
      _outcome: card.outcome,
    };
  }

  const declineOf = (method: StripeObject) => ({
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: CARD_MESSAGES.declined,
    payment_method: present(method),
  });
  const authenticationFailureOf = (code: string, method: StripeObject | null) => ({
    type: 'invalid_request_error',
    code,
    message: CARD_MESSAGES.threeDSecureFailed,
    ...(method ? { payment_method: present(method) } : {}),
  });
  const redirectAction = (clientSecret: string, returnUrl: string | null) => ({
    type: 'redirect_to_url',
    redirect_to_url: { url: pageUrl(`/challenge?client_secret=${encodeURIComponent(clientSecret)}`), return_url: returnUrl },
  });

  async function attach(method: StripeObject, customer: string): Promise<void> {
    await store.update('payment_method', method.id, { customer });
  }

  /** The winning move to succeeded: one charge, the card kept when asked, the events. Null: another submit won. */
  async function succeed(intent: StripeObject, method: StripeObject, from: string): Promise<StripeObject | null> {
    const chargeId = derivedId('ch_', intent.id);
    const updated = await store.update<StripeObject>(
      'payment_intent',
      intent.id,
      { status: 'succeeded', amount_received: intent.amount, latest_charge: chargeId, payment_method: method.id, next_action: null, last_payment_error: null },
      from,
    );
    if (!updated) return null;
    const charge = await createOnce('charge', chargeId, {
      id: chargeId,
      object: 'charge',
      amount: updated.amount,
      amount_captured: updated.amount,
      amount_refunded: 0,
      captured: true,
      created: now(),
      currency: updated.currency,
      customer: updated.customer,
      description: updated.description,
      livemode: false,
      metadata: updated.metadata,
      paid: true,
      payment_intent: updated.id,
      payment_method: method.id,
      payment_method_details: { type: 'card', card: present(method).card },
      refunded: false,
      status: 'succeeded',
    });
    if (updated.setup_future_usage && typeof updated.customer === 'string') await attach(method, updated.customer);
    await emit('charge.succeeded', charge);
    await emit('payment_intent.succeeded', updated);
    return updated;
  }

  /** Tries a card on an intent waiting in `from`: the new intent, or null when another submit moved it first. */
  async function attempt(
    intent: StripeObject,
    method: StripeObject & { _outcome?: CardOutcome },
    from: string,
    returnUrl: string | null,
  ): Promise<StripeObject | null> {
    if (method._outcome === 'succeeds') return succeed(intent, method, from);
    if (method._outcome === 'declined') {
      const updated = await store.update<StripeObject>(
        'payment_intent',
        intent.id,
        { status: 'requires_payment_method', payment_method: null, last_payment_error: declineOf(method), next_action: null },
        from,
      );
      if (updated) await emit('payment_intent.payment_failed', updated);
      return updated;
    }
    const updated = await store.update<StripeObject>(
      'payment_intent',
      intent.id,
      { status: 'requires_action', payment_method: method.id, last_payment_error: null, next_action: redirectAction(String(intent.client_secret), returnUrl) },
      from,
    );
    if (updated) await emit('payment_intent.requires_action', updated);
    return updated;
  }

  async function completeSession(sessionId: string, intent: StripeObject): Promise<void> {
    const session = await store.update<StripeObject>(
      'checkout.session',
      sessionId,
      { status: 'complete', payment_status: 'paid', customer: intent.customer, url: null },
      'open',
    );
    if (session) await emit('checkout.session.completed', session);
  }

  // ---- the API ------------------------------------------------------------------------------

  function authorized(request: FastifyRequest): boolean {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    return match !== null && timingSafeEqual(digest(match[1]!), secretDigest);
  }

  /** Stripe's idempotency: one answer per key; the same key with other parameters is an error; a key in flight is 409. */
  async function idempotent(
    key: string,
    fingerprint: string,
    run: () => Promise<{ status: number; body: unknown }>,
  ): Promise<{ status: number; body: unknown; replayed: boolean }> {
    try {
      await store.create('idempotency', key, { status: 'pending', fingerprint });
    } catch (error) {
      const previous = await store.get<{ status: string; fingerprint: string; answer?: { status: number; body: unknown } }>('idempotency', key);
      if (!previous) throw error;
      if (previous.fingerprint !== fingerprint) {
        throw new ApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      if (previous.status === 'done' && previous.answer) return { ...previous.answer, replayed: true };
      // A request that failed inside (5xx) leaves no answer: Stripe lets the key be tried again.
      const retaken = previous.status === 'failed' && (await store.update('idempotency', key, { status: 'pending' }, 'failed'));
      if (!retaken)
        throw new ApiError(409, {
          type: 'idempotency_error',
          message: 'There is currently another in-progress request using this Stripe API key and idempotency key. Please try again later.',
        });
    }
    try {
      const answer = await run();
      await store.update('idempotency', key, { status: 'done', answer });
      return { ...answer, replayed: false };
    } catch (error) {
      await store.update('idempotency', key, { status: 'failed' });
      throw error;
    }
  }

  async function answerOf(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
    try {
      return { status: 200, body: await run() };
    } catch (error) {
      if (error instanceof ApiError) return { status: error.status, body: { error: error.error } };
      if (error instanceof FormError) return { status: 400, body: { error: { type: 'invalid_request_error', message: error.message } } };
      throw error;
    }
  }

  function api(method: 'GET' | 'POST', url: string, handler: (form: FormObject, params: Record<string, string>) => Promise<unknown>): void {
    app.route({
      method,
      url,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!authorized(request)) {
          const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
          const message = given ? `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}` : 'You did not provide an API key.';
          return reply.code(401).send({ error: { type: 'invalid_request_error', message } });
        }
        const raw = method === 'GET' ? (request.raw.url?.split('?')[1] ?? '') : typeof request.body === 'string' ? request.body : '';
        const params = request.params as Record<string, string>;
        const run = () => answerOf(() => handler(parseStripeForm(raw), params));
        const key = request.headers['idempotency-key'];
        const answer: { status: number; body: unknown; replayed?: boolean } =
          method === 'POST' && typeof key === 'string' && key
            ? await idempotent(key, `${method} ${url} ${JSON.stringify(params)} ${raw}`, run).catch((error: unknown) => answerOf(() => Promise.reject(error)))
            : await run();
        if (answer.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(answer.status).send(answer.body);
      },
    });
  }

  api('POST', '/v1/customers', async (form) => {
    const customer = {
      id: randomId('cus_'),
      object: 'customer',
      created: now(),
      email: text(form.email) ?? null,
      name: text(form.name) ?? null,
      phone: text(form.phone) ?? null,
      livemode: false,
      metadata: metadataOf(form.metadata),
    };
    return store.create('customer', customer.id, customer);
  });
  api('GET', '/v1/customers/:id', async (_form, params) => present(await must('customer', params.id!)));

  api('GET', '/v1/payment_methods/:id', async (_form, params) => present(await must('payment_method', params.id!)));

  api('POST', '/v1/setup_intents', async (form) => {
    const customer = text(form.customer);
    if (customer) await must('customer', customer);
    const id = randomId('seti_');
    const intent = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      created: now(),
      customer: customer ?? null,
      description: text(form.description) ?? null,
      last_setup_error: null,
      livemode: false,
      metadata: metadataOf(form.metadata),
      next_action: null,
      payment_method: null,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
      usage: text(form.usage) ?? 'off_session',
    };
    return store.create('setup_intent', id, intent);
  });
  api('GET', '/v1/setup_intents/:id', async (form, params) => expanded(await must('setup_intent', params.id!), expandOf(form)));

  api('POST', '/v1/payment_intents', async (form) => {
    const id = randomId('pi_');
    const customer = text(form.customer) ?? null;
    if (customer) await must('customer', customer);
    const methodId = text(form.payment_method) ?? null;
    const method = methodId ? await must('payment_method', methodId) : null;
    if (method && customer && method.customer !== customer)
      throw invalid(`The provided PaymentMethod ${method.id} does not belong to the Customer ${customer}.`, 'payment_method');
    const intent: StripeObject = {
      id,
      object: 'payment_intent',
      amount: amountOf(form.amount, 'amount'),
      amount_received: 0,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      created: now(),
      currency: currencyOf(form.currency, 'currency'),
      customer,
      description: text(form.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadataOf(form.metadata),
      next_action: null,
      payment_method: methodId,
      payment_method_types: ['card'],
      setup_future_usage: text(form.setup_future_usage) ?? null,
      status: methodId ? 'requires_confirmation' : 'requires_payment_method',
      _reference: metadataOf(form.metadata).reference ?? null,
    };
    await store.create('payment_intent', id, intent);
    if (!flag(form.confirm)) return expanded(intent, expandOf(form));
    if (!method) throw invalid("You cannot confirm this PaymentIntent because it's missing a payment method.", 'payment_method');
    // Off session a 3-D Secure card stops in requires_action (Stripe declines it as authentication_required
    // and the merchant confirms again on session): the merchant finishes it on the challenge page.
    const moved = (await attempt(intent, method, 'requires_confirmation', text(form.return_url) ?? null)) ?? (await must('payment_intent', id));
    if (moved.status === 'requires_payment_method') {
      throw new ApiError(402, { ...(moved.last_payment_error as Record<string, unknown>), payment_intent: present(moved) });
    }
    return expanded(moved, expandOf(form));
  });
  // Search by our reference only (the one query the adapter makes), as `metadata['reference']:'...'`.
  api('GET', '/v1/payment_intents/search', async (form) => {
    const reference = /^metadata\['reference'\]:'([^']*)'$/.exec(text(form.query) ?? '')?.[1];
    if (reference === undefined) throw invalid("The test gateway searches payment intents by metadata['reference'] only.", 'query');
    const found = await store.findBy<StripeObject>('payment_intent', '_reference', reference);
    const paths = expandOf(form).map((path) => path.replace(/^data\./, ''));
    return { object: 'search_result', data: found ? [await expanded(found, paths)] : [], has_more: false, next_page: null, url: '/v1/payment_intents/search' };
  });
  api('GET', '/v1/payment_intents/:id', async (form, params) => expanded(await must('payment_intent', params.id!), expandOf(form)));

  api('POST', '/v1/checkout/sessions', async (form) => {
    if (text(form.mode) !== 'payment') throw invalid('The test gateway makes checkout sessions in payment mode only.', 'mode');
    const items = Array.isArray(form.line_items) ? form.line_items.map(record) : [];
    if (items.length === 0) throw invalid('line_items is required in payment mode.', 'line_items');
    const prices = items.map((item, index) => {
      const price = record(item.price_data);
      return {
        currency: currencyOf(price.currency, `line_items[${index}][price_data][currency]`),
        total: amountOf(price.unit_amount, `line_items[${index}][price_data][unit_amount]`) * Number(text(item.quantity) ?? '1'),
        name: text(record(price.product_data).name) ?? '',
      };
    });
    const currency = prices[0]!.currency;
    if (prices.some((price) => price.currency !== currency)) throw invalid('All line items must share one currency.', 'line_items');
    const customer = text(form.customer) ?? null;
    if (customer) await must('customer', customer);
    const intentData = record(form.payment_intent_data);
    const id = randomId('cs_test_', 24);
    const session = {
      id,
      object: 'checkout.session',
      amount_subtotal: prices.reduce((sum, price) => sum + price.total, 0),
      amount_total: prices.reduce((sum, price) => sum + price.total, 0),
      cancel_url: httpUrl(text(form.cancel_url), 'cancel_url'),
      client_reference_id: text(form.client_reference_id) ?? null,
      created: now(),
      currency,
      customer,
      customer_creation: text(form.customer_creation) ?? null,
      customer_email: text(form.customer_email) ?? null,
      expires_at: now() + 24 * 3600,
      livemode: false,
      metadata: metadataOf(form.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: httpUrl(text(form.success_url)?.replaceAll('{CHECKOUT_SESSION_ID}', '__SESSION__'), 'success_url').replaceAll('__SESSION__', id),
      url: pageUrl(`/checkout/${id}`),
      _description: text(intentData.description) ?? prices[0]!.name,
      _intent_metadata: metadataOf(intentData.metadata),
      _setup_future_usage: text(intentData.setup_future_usage) ?? null,
    };
    return present(await store.create('checkout.session', id, session));
  });
  api('POST', '/v1/checkout/sessions/:id/expire', async (_form, params) => {
    const session = await must('checkout.session', params.id!);
    const expired = await store.update<StripeObject>('checkout.session', session.id, { status: 'expired', url: null }, 'open');
    if (!expired)
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`);
    await emit('checkout.session.expired', expired);
    return present(expired);
  });
  api('GET', '/v1/checkout/sessions/:id', async (form, params) => expanded(await must('checkout.session', params.id!), expandOf(form)));

  api('POST', '/v1/refunds', async (form) => {
    const chargeGiven = text(form.charge);
    const intentId = text(form.payment_intent) ?? (chargeGiven ? String((await must('charge', chargeGiven)).payment_intent) : undefined);
    if (!intentId) throw invalid('One of payment_intent or charge is required.', 'payment_intent');
    const intent = await must('payment_intent', intentId);
    if (intent.status !== 'succeeded' || typeof intent.latest_charge !== 'string')
      throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, 'payment_intent');
    const charge = await must('charge', intent.latest_charge);
    const remaining = Number(charge.amount) - Number(charge.amount_refunded);
    if (remaining <= 0)
      throw new ApiError(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${charge.id} has already been refunded.` });
    const amount = form.amount === undefined ? remaining : amountOf(form.amount, 'amount');
    if (amount > remaining)
      throw invalid(
        `Refund amount (${amountText(amount, String(charge.currency))}) is greater than unrefunded amount on charge (${amountText(remaining, String(charge.currency))})`,
        'amount',
      );
    const refund = {
      id: randomId('re_'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: metadataOf(form.metadata),
      payment_intent: intentId,
      reason: null,
      status: 'succeeded',
    };
    await store.create('refund', refund.id, refund);
    const refunded = Number(charge.amount_refunded) + amount;
    const updatedCharge = await store.update<StripeObject>('charge', charge.id, { amount_refunded: refunded, refunded: refunded >= Number(charge.amount) });
    await emit('refund.created', refund);
    if (updatedCharge) await emit('charge.refunded', updatedCharge);
    return refund;
  });

  // ---- hosted pages -------------------------------------------------------------------------

  const html = (reply: FastifyReply, page: string, status = 200) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  const cardFormOf = (request: FastifyRequest) => {
    const form = typeof request.body === 'string' ? parseStripeForm(request.body) : {};
    return { number: text(form.number) ?? '', expiry: text(form.expiry) ?? '', cvc: text(form.cvc) ?? '', name: text(form.name) ?? '' };
  };

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof FormError) return reply.code(400).send({ error: { type: 'invalid_request_error', message: error.message } });
    return reply.send(error);
  });

  const checkoutPage = (session: StripeObject, error: string | null) =>
    cardPage({
      providerName: PROVIDER_NAME,
      title: String(session._description || 'Checkout'),
      amountText: amountText(Number(session.amount_total), String(session.currency)),
      submitLabel: 'Pay',
      submitAction: pagePath(`/checkout/${session.id}/pay`),
      cancelAction: pagePath(`/checkout/${session.id}/cancel`),
      error,
    });

  /** The checkout as the browser should see it now: the form, the challenge, or the way back. */
  async function showCheckout(reply: FastifyReply, session: StripeObject, status = 200): Promise<FastifyReply> {
    const intent = typeof session.payment_intent === 'string' ? await store.get<StripeObject>('payment_intent', session.payment_intent) : null;
    // A paid intent whose session another submit is still completing is as good as complete.
    if (session.status === 'complete' || intent?.status === 'succeeded') return reply.redirect(String(session.success_url), 303);
    if (session.status !== 'open')
      return html(reply, noticePage('Checkout expired', 'This checkout is no longer open. Go back and start the payment again.'), 410);
    if (intent?.status === 'requires_action')
      return reply.redirect(pageUrl(`/challenge?client_secret=${encodeURIComponent(String(intent.client_secret))}`), 303);
    const failure = intent?.last_payment_error as { message?: string } | null | undefined;
    return html(reply, checkoutPage(session, failure?.message ?? null), status);
  }

  app.get('/checkout/:id', async (request, reply) => {
    const session = await store.get<StripeObject>('checkout.session', (request.params as { id: string }).id);
    if (!session) return html(reply, noticePage('Checkout not found', 'This checkout link is not valid.'), 404);
    return showCheckout(reply, session);
  });

  app.post('/checkout/:id/pay', async (request, reply) => {
    const session = await store.get<StripeObject>('checkout.session', (request.params as { id: string }).id);
    if (!session) return html(reply, noticePage('Checkout not found', 'This checkout link is not valid.'), 404);
    if (session.status !== 'open') return showCheckout(reply, session);
    const read = readCardForm(cardFormOf(request));
    if (!read.ok) return html(reply, checkoutPage(session, read.message), 400);
    // One payment intent per session (derived id): two submits meet on it.
    let customer = typeof session.customer === 'string' ? session.customer : null;
    if (!customer && session.customer_creation === 'always') {
      customer = (
        await createOnce('customer', derivedId('cus_', session.id), {
          id: derivedId('cus_', session.id),
          object: 'customer',
          created: now(),
          email: session.customer_email,
          name: null,
          phone: null,
          livemode: false,
          metadata: {},
        })
      ).id;
    }
    const intentId = derivedId('pi_', session.id);
    const intent = await createOnce('payment_intent', intentId, {
      id: intentId,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: 0,
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      created: now(),
      currency: session.currency,
      customer,
      description: session._description,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: session._intent_metadata,
      next_action: null,
      payment_method: null,
      payment_method_types: ['card'],
      setup_future_usage: session._setup_future_usage,
      status: 'requires_payment_method',
      _session: session.id,
      _reference: (session._intent_metadata as Record<string, string>).reference ?? null,
    });
    const current = (await store.update<StripeObject>('checkout.session', session.id, { payment_intent: intentId, customer })) ?? session;
    if (intent.status !== 'requires_payment_method') return showCheckout(reply, current);
    const method = paymentMethodFor(read.card);
    await store.create('payment_method', method.id, method);
    return finishCheckoutAttempt(reply, session, intent, method);
  });

  async function finishCheckoutAttempt(
    reply: FastifyReply,
    session: StripeObject,
    intent: StripeObject,
    method: StripeObject & { _outcome: CardOutcome },
  ): Promise<FastifyReply> {
    const moved = await attempt(intent, method, 'requires_payment_method', String(session.success_url));
    if (moved?.status === 'succeeded') await completeSession(session.id, moved);
    const current = (await store.get<StripeObject>('checkout.session', session.id)) ?? session;
    return showCheckout(reply, current, moved?.status === 'requires_payment_method' ? 402 : 200);
  }

  app.post('/checkout/:id/cancel', async (request, reply) => {
    const session = await store.get<StripeObject>('checkout.session', (request.params as { id: string }).id);
    if (!session) return html(reply, noticePage('Checkout not found', 'This checkout link is not valid.'), 404);
    // Like Stripe: the session stays open until it expires; the merchant is sent back.
    return reply.redirect(String(session.cancel_url), 303);
  });

  /** The setup intent a client secret names, with the return URL it came with. */
  async function setupOf(request: FastifyRequest): Promise<{ intent: StripeObject; returnUrl: string } | null> {
    const query = request.query as { client_secret?: string; return_url?: string };
    const secret = query.client_secret ?? '';
    const intent = await store.get<StripeObject>('setup_intent', secret.split('_secret_', 1)[0] ?? '');
    if (!intent || intent.client_secret !== secret) return null;
    try {
      return { intent, returnUrl: httpUrl(query.return_url, 'return_url') };
    } catch {
      return null;
    }
  }

  const setupQuery = (intent: StripeObject, returnUrl: string) =>
    `client_secret=${encodeURIComponent(String(intent.client_secret))}&return_url=${encodeURIComponent(returnUrl)}`;
  const setupReturn = (intent: StripeObject, returnUrl: string, status: string) =>
    withQuery(returnUrl, { setup_intent: intent.id, setup_intent_client_secret: String(intent.client_secret), redirect_status: status });
  const setupPage = (intent: StripeObject, returnUrl: string, error: string | null) =>
    cardPage({
      providerName: PROVIDER_NAME,
      title: 'Save a card',
      amountText: null,
      submitLabel: 'Save card',
      submitAction: pagePath(`/setup/confirm?${setupQuery(intent, returnUrl)}`),
      cancelAction: pagePath(`/setup/cancel?${setupQuery(intent, returnUrl)}`),
      error,
    });

  async function showSetup(reply: FastifyReply, intent: StripeObject, returnUrl: string, status = 200): Promise<FastifyReply> {
    if (intent.status === 'succeeded') return reply.redirect(setupReturn(intent, returnUrl, 'succeeded'), 303);
    if (intent.status === 'requires_action')
      return reply.redirect(pageUrl(`/challenge?client_secret=${encodeURIComponent(String(intent.client_secret))}`), 303);
    const failure = intent.last_setup_error as { message?: string } | null;
    return html(reply, setupPage(intent, returnUrl, failure?.message ?? null), status);
  }

  const badSetupLink = (reply: FastifyReply) => html(reply, noticePage('Card setup not found', 'This card setup link is not valid.'), 404);

  app.get('/setup', async (request, reply) => {
    const setup = await setupOf(request);
    return setup ? showSetup(reply, setup.intent, setup.returnUrl) : badSetupLink(reply);
  });

  app.post('/setup/confirm', async (request, reply) => {
    const setup = await setupOf(request);
    if (!setup) return badSetupLink(reply);
    const { intent, returnUrl } = setup;
    if (intent.status !== 'requires_payment_method') return showSetup(reply, intent, returnUrl);
    const read = readCardForm(cardFormOf(request));
    if (!read.ok) return html(reply, setupPage(intent, returnUrl, read.message), 400);
    const method = paymentMethodFor(read.card);
    await store.create('payment_method', method.id, method);
    let moved: StripeObject | null;
    if (read.card.outcome === 'declined') {
      moved = await store.update<StripeObject>('setup_intent', intent.id, { last_setup_error: declineOf(method) }, 'requires_payment_method');
      if (moved) await emit('setup_intent.setup_failed', moved);
    } else if (read.card.outcome === 'three_d_secure') {
      moved = await store.update<StripeObject>(
        'setup_intent',
        intent.id,
        { status: 'requires_action', payment_method: method.id, last_setup_error: null, next_action: redirectAction(String(intent.client_secret), returnUrl) },
        'requires_payment_method',
      );
      if (moved) await emit('setup_intent.requires_action', moved);
    } else {
      moved = await store.update<StripeObject>(
        'setup_intent',
        intent.id,
        { status: 'succeeded', payment_method: method.id, last_setup_error: null },
        'requires_payment_method',
      );
      if (moved && typeof moved.customer === 'string') await attach(method, moved.customer);
      if (moved) await emit('setup_intent.succeeded', moved);
    }
    const current = moved ?? (await must('setup_intent', intent.id));
    return showSetup(reply, current, returnUrl, read.card.outcome === 'declined' ? 402 : 200);
  });

  app.post('/setup/cancel', async (request, reply) => {
    const setup = await setupOf(request);
    return setup ? reply.redirect(setupReturn(setup.intent, setup.returnUrl, 'canceled'), 303) : badSetupLink(reply);
  });

  /** The intent (payment or setup) a challenge's client secret names. */
  async function challengeOf(request: FastifyRequest): Promise<StripeObject | null> {
    const secret = (request.query as { client_secret?: string }).client_secret ?? '';
    const intent = await load(secret.split('_secret_', 1)[0] ?? '');
    return intent && intent.client_secret === secret && (intent.object === 'payment_intent' || intent.object === 'setup_intent') ? intent : null;
  }

  const badChallenge = (reply: FastifyReply) => html(reply, noticePage('Authentication not found', 'This 3-D Secure link is not valid.'), 404);

  /** Where the browser goes once the bank answered. */
  async function afterChallenge(reply: FastifyReply, intent: StripeObject): Promise<FastifyReply> {
    if (typeof intent._session === 'string') {
      const session = await store.get<StripeObject>('checkout.session', intent._session);
      if (session) return showCheckout(reply, session);
    }
    const action = (await load(intent.id)) ?? intent;
    // `intent` is read before the move, so it still holds the action's return URL.
    const returnUrl = ((intent.next_action ?? action.next_action) as { redirect_to_url?: { return_url?: string | null } } | null)?.redirect_to_url?.return_url;
    if (intent.object === 'setup_intent' && returnUrl)
      return reply.redirect(setupReturn(action, returnUrl, action.status === 'succeeded' ? 'succeeded' : 'failed'), 303);
    if (returnUrl)
      return reply.redirect(
        withQuery(returnUrl, {
          payment_intent: intent.id,
          payment_intent_client_secret: String(intent.client_secret),
          redirect_status: action.status === 'succeeded' ? 'succeeded' : 'failed',
        }),
        303,
      );
    return html(
      reply,
      noticePage(action.status === 'succeeded' ? 'Payment confirmed' : 'Payment not confirmed', 'You can close this page and go back to the portal.'),
    );
  }

  app.get('/challenge', async (request, reply) => {
    const intent = await challengeOf(request);
    if (!intent) return badChallenge(reply);
    if (intent.status !== 'requires_action') return afterChallenge(reply, intent);
    const query = `client_secret=${encodeURIComponent(String(intent.client_secret))}`;
    const amount = intent.object === 'payment_intent' ? amountText(Number(intent.amount), String(intent.currency)) : null;
    return html(
      reply,
      challengePage({
        providerName: PROVIDER_NAME,
        amountText: amount,
        completeAction: pagePath(`/challenge/complete?${query}`),
        failAction: pagePath(`/challenge/fail?${query}`),
      }),
    );
  });

  app.post('/challenge/complete', async (request, reply) => {
    const intent = await challengeOf(request);
    if (!intent) return badChallenge(reply);
    if (intent.status === 'requires_action') {
      const method = await must('payment_method', String(intent.payment_method));
      if (intent.object === 'payment_intent') {
        const moved = await succeed(intent, method, 'requires_action');
        if (moved && typeof intent._session === 'string') await completeSession(intent._session, moved);
      } else {
        const moved = await store.update<StripeObject>('setup_intent', intent.id, { status: 'succeeded', next_action: null }, 'requires_action');
        if (moved && typeof moved.customer === 'string') await attach(method, moved.customer);
        if (moved) await emit('setup_intent.succeeded', moved);
      }
    }
    return afterChallenge(reply, intent);
  });

  app.post('/challenge/fail', async (request, reply) => {
    const intent = await challengeOf(request);
    if (!intent) return badChallenge(reply);
    if (intent.status === 'requires_action') {
      const method = await store.get<StripeObject>('payment_method', String(intent.payment_method));
      if (intent.object === 'payment_intent') {
        const moved = await store.update<StripeObject>(
          'payment_intent',
          intent.id,
          {
            status: 'requires_payment_method',
            payment_method: null,
            next_action: null,
            last_payment_error: authenticationFailureOf('payment_intent_authentication_failure', method),
          },
          'requires_action',
        );
        if (moved) await emit('payment_intent.payment_failed', moved);
      } else {
        const moved = await store.update<StripeObject>(
          'setup_intent',
          intent.id,
          {
            status: 'requires_payment_method',
            payment_method: null,
            next_action: null,
            last_setup_error: authenticationFailureOf('setup_intent_authentication_failure', method),
          },
          'requires_action',
        );
        if (moved) await emit('setup_intent.setup_failed', moved);
      }
    }
    return afterChallenge(reply, intent);
  });
}
