/**
 * The monthly close (issue 30) through HTTP on PGlite and PostgreSQL, charging cards saved
 * through the paystack test gateway over loopback: one bill per subscription and month by the
 * formula with credit applied, a second close writing and charging nothing, live time across a
 * month boundary, a declined card (outstanding + payment-failed), no card (payment-due), a month
 * not over refused, only a SOVEREIGN closing by hand, two processes closing at once (PostgreSQL),
 * the job runner's close, and a charge that settles later (a stripe 3-D Secure card whose
 * challenge the merchant passes or fails after the close: the webhook brings the receipt or the
 * payment-failed notice).
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@contract/constants';
import { IDEMPOTENCY_HEADER, PORTAL_SHOP_ALIAS, STRIPE_TEST_SETUP_PAGE } from '@contract/payments/paths';
import type { InitializeAnswer, SetupIntent, SetupIntentAnswer, Transaction } from '@contract/payments/schemas';
import type { AuthResult } from '@contract/auth/schemas';
import type { Billing, Subscription } from '@contract/billing/schemas';
import type { AppInstance } from '../../server/src/app';
import type { DatabaseHandle } from '../../server/src/db/database';
import type { JobRunner } from '../../server/src/jobs/runner';
import {
  billings,
  credits,
  liveIntervals,
  notifications,
  paymentTransactions,
  subscriptionPlans,
  subscriptions,
  userRoles,
  webhookEvents,
} from '../../server/src/db/schema';
import { TEST_CARDS } from '../../server/src/modules/payments/sandbox/cards';
import { openSeededDatabaseAt } from '../../server/src/seed';
import { createUsdShop, gatewayPages, useApp } from './kit';
import { databaseKinds, removeTempDirs, startApp, testConfig } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

const at = (iso: string) => new Date(iso);

describe.each(kinds)('the monthly close on %s', (kind) => {
  let jobs: JobRunner | undefined;
  const kit = useApp(kind, { jobs: true, configure: (_app, deps) => void (jobs = deps.jobs) });
  // The close the server queues at start (last month) runs before the tests make their apps.
  beforeAll(async () => jobs?.settled('billing-close'));
  let counter = 0;

  async function listening(app: AppInstance): Promise<void> {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  }

  /** A card saved the way a merchant saves one: a card check through the test gateway's hosted page. */
  async function saveCard(owner: AuthResult, number: string = TEST_CARDS.succeeds): Promise<void> {
    await listening(kit.app);
    const started = await kit.call(
      'POST',
      '/v1/transactions/initialize',
      owner.token,
      { type: 'card-setup', provider: 'paystack', shopAlias: PORTAL_SHOP_ALIAS },
      { [IDEMPOTENCY_HEADER]: `close-${kind}-${++counter}` },
    );
    expect(started.statusCode, started.body).toBe(200);
    const { launch, transaction } = started.json<{ data: InitializeAnswer }>().data;
    const page = new URL(launch.checkoutUrl ?? '').pathname;
    const form = new URLSearchParams({ number, expiry: '12 / 34', cvc: '123', name: 'Ada Payer' }).toString();
    const paid = await kit.app.inject({ method: 'POST', url: `${page}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    expect(paid.statusCode).toBe(303);
    // The 3-D Secure card is saved once its challenge is passed (and then cannot be charged unattended).
    if (number === TEST_CARDS.threeDSecure) await kit.app.inject({ method: 'POST', url: `${page}/challenge/complete` });
    for (let tries = 0; tries < 50; tries += 1) {
      const verified = await kit.call('POST', '/v1/transactions', owner.token, { reference: transaction.reference });
      if (['succeeded', 'refunded'].includes(verified.json<{ data: Transaction }>().data.status)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the card was not saved');
  }

  /** A stripe card saved through a setup intent and the test gateway's setup page (its 3-D Secure challenge passed). */
  async function saveStripeCard(owner: AuthResult, number: string): Promise<void> {
    await listening(kit.app);
    const created = await kit.call(
      'POST',
      '/v1/transactions/stripe/setup-intents',
      owner.token,
      { shopAlias: PORTAL_SHOP_ALIAS, provider: 'stripe' },
      { [IDEMPOTENCY_HEADER]: `close-${kind}-${++counter}` },
    );
    const intent = created.json<{ data: SetupIntentAnswer }>().data;
    const pages = gatewayPages(kit.app);
    const query = new URLSearchParams({ client_secret: intent.client_secret, return_url: `${kit.config.PUBLIC_ORIGIN}/payment-methods` });
    const posted = await pages.post((await pages.open(`${STRIPE_TEST_SETUP_PAGE}?${query.toString()}`)).submit, {
      number,
      expiry: '12 / 34',
      cvc: '123',
      name: 'Ada Payer',
    });
    if (number === TEST_CARDS.threeDSecure) await pages.post((await pages.open(String(posted.headers.location))).submit);
    const checked = (await kit.call('GET', `/v1/transactions/stripe/setup-intents/${intent.id}`, owner.token)).json<{ data: SetupIntent }>().data;
    const saved = await kit.call('POST', '/v1/authorizations', owner.token, {
      authorizationCode: checked.payment_method,
      provider: 'stripe',
      setAsDefault: true,
      shopAlias: PORTAL_SHOP_ALIAS,
      gatewayCredentialAlias: 'portal-stripe',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  const createShop = (owner: AuthResult) => createUsdShop(kit, owner, `Close Shop ${kind} ${++counter}`);

  /** An app on `planCode` since 1 August 2026 with the given live intervals (recorded as going live and pausing would). */
  async function subscribedApp(owner: AuthResult, planCode: string, intervals: { from: string; to: string | null }[]) {
    const shop = await createShop(owner);
    const created = await kit.call('POST', '/v1/subscriptions', owner.token, { shopAlias: shop.alias, planCode });
    expect(created.statusCode, created.body).toBe(200);
    const { subscriptionCode } = created.json<{ data: Subscription }>().data;
    const [row] = await kit.database.db.select().from(subscriptions).where(eq(subscriptions.subscriptionCode, subscriptionCode));
    if (!row) throw new Error('no subscription');
    await kit.database.db
      .update(subscriptions)
      .set({ createdAt: at('2026-08-01T00:00:00Z') })
      .where(eq(subscriptions.id, row.id));
    await kit.database.db
      .update(subscriptionPlans)
      .set({ effectiveFrom: at('2026-08-01T00:00:00Z') })
      .where(eq(subscriptionPlans.subscriptionId, row.id));
    for (const interval of intervals)
      await kit.database.db
        .insert(liveIntervals)
        .values({ subscriptionId: row.id, startedAt: at(interval.from), endedAt: interval.to ? at(interval.to) : null });
    return { shop, subscriptionId: row.id };
  }

  async function sovereignToken(): Promise<string> {
    const result = await kit.register();
    await kit.database.db.insert(userRoles).values({ userId: result.user.id, roleId: ROLE.SOVEREIGN });
    return result.token;
  }

  const close = (app: AppInstance, token: string, year: number, month: number): Promise<LightMyRequestResponse> =>
    app.inject({ method: 'POST', url: '/v1/admin/billing/close', headers: { authorization: `Bearer ${token}` }, payload: { year, month } });

  const billsOf = (subscriptionId: number) => kit.database.db.select().from(billings).where(eq(billings.subscriptionId, subscriptionId));
  const billingCharges = (userId: number) =>
    kit.database.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.userId, userId), eq(paymentTransactions.type, 'billing')));

  it('bills a month by the formula with credit applied, charges the default card once and mails a receipt; closing again writes and charges nothing', async () => {
    const owner = await kit.register();
    await saveCard(owner);
    // 12 hours live on 5 October 2026 on Growth (7,900 cents a month, 31 days): 720 x 7900 / 44640 = 127.4 -> 127 cents.
    const { subscriptionId } = await subscribedApp(owner, 'growth', [{ from: '2026-10-05T10:00:00Z', to: '2026-10-05T22:00:00Z' }]);
    await kit.database.db.update(credits).set({ value: 50 }).where(eq(credits.userId, owner.user.id));
    const sovereign = await sovereignToken();

    const first = await close(kit.app, sovereign, 2026, 10);
    expect(first.statusCode, first.body).toBe(200);
    const [bill] = await billsOf(subscriptionId);
    expect(bill).toMatchObject({ year: 2026, month: 10, usageMinutes: 720, planAmount: 7900, amount: 127, creditUsed: 50, payable: 77, noticeSent: 'paid' });
    expect(await kit.creditValue(owner.user.id)).toBe(0);
    const charges = await billingCharges(owner.user.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount: 77, currencyCode: 'USD', status: 'success', reference: bill?.transactionReference });
    const receipts = kit.mails(owner.user.email).filter((mail) => mail.subject.startsWith('Receipt: October 2026'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('12.00 hours on Growth, USD 1.27, credit used USD 0.50, charged USD 0.77');

    for (let run = 0; run < 2; run += 1) {
      const again = await close(kit.app, sovereign, 2026, 10);
      expect(again.json<{ data: { billed: number } }>().data.billed).toBe(0);
    }
    expect(await billsOf(subscriptionId)).toHaveLength(1);
    expect(await billingCharges(owner.user.id)).toHaveLength(1);
    expect(kit.mails(owner.user.email).filter((mail) => mail.subject.startsWith('Receipt: October 2026'))).toHaveLength(1);
  });

  it('splits live time across a month boundary into each month’s bill; credit larger than the bill pays it all', async () => {
    const owner = await kit.register();
    await saveCard(owner);
    const { subscriptionId } = await subscribedApp(owner, 'starter', [{ from: '2026-09-30T23:00:00Z', to: '2026-10-01T01:30:00Z' }]);
    await kit.database.db.update(credits).set({ value: 10_000 }).where(eq(credits.userId, owner.user.id));
    const sovereign = await sovereignToken();
    await close(kit.app, sovereign, 2026, 9);
    await close(kit.app, sovereign, 2026, 10);
    const bills = (await billsOf(subscriptionId)).sort((a, b) => a.month - b.month);
    // 60 minutes of Starter in September (30 days): 60 x 2900 / 43200 = 4.03 -> 4; 90 in October (31): 5.85 -> 6.
    expect(bills.map(({ month, usageMinutes, amount, creditUsed, payable }) => ({ month, usageMinutes, amount, creditUsed, payable }))).toEqual([
      { month: 9, usageMinutes: 60, amount: 4, creditUsed: 4, payable: 0 },
      { month: 10, usageMinutes: 90, amount: 6, creditUsed: 6, payable: 0 },
    ]);
    expect(await kit.creditValue(owner.user.id)).toBe(10_000 - 10);
    expect(await billingCharges(owner.user.id)).toHaveLength(0);
  });

  it('a card the bank declines leaves the bill outstanding with a payment-failed notification and e-mail; no card leaves it due', async () => {
    const declining = await kit.register();
    await saveCard(declining, TEST_CARDS.threeDSecure);
    const { subscriptionId } = await subscribedApp(declining, 'scale', [{ from: '2026-10-10T00:00:00Z', to: '2026-10-11T00:00:00Z' }]);
    const noCard = await kit.register();
    await saveCard(noCard);
    const second = await subscribedApp(noCard, 'starter', [{ from: '2026-10-10T00:00:00Z', to: '2026-10-10T12:00:00Z' }]);
    // The card is removed after subscribing: nothing is left to charge at the close.
    const cards = await kit.call('GET', '/v1/authorizations', noCard.token);
    for (const card of cards.json<{ data: { authorizationCode: string }[] }>().data)
      await kit.call('PUT', `/v1/authorizations/${card.authorizationCode}`, noCard.token, { status: 'removed' });

    const sovereign = await sovereignToken();
    await close(kit.app, sovereign, 2026, 10);
    const [declined] = await billsOf(subscriptionId);
    // A day of Scale in October: 1440 x 19900 / 44640 = 641.9 -> 642 cents.
    expect(declined).toMatchObject({ amount: 642, payable: 642, noticeSent: 'failed' });
    expect((await billingCharges(declining.user.id)).map((charge) => charge.status)).toEqual(['failed']);
    const failedNotice = await kit.database.db.select().from(notifications).where(eq(notifications.userId, declining.user.id));
    expect(failedNotice.map((row) => [row.type, row.title])).toEqual([['payment-failed', 'Payment failed: October 2026, USD 6.42']]);
    expect(
      kit.mails(declining.user.email).some((mail) => mail.subject === 'Payment due: October 2026, USD 6.42' && mail.text.includes('Your card was declined.')),
    ).toBe(true);

    const [due] = await billsOf(second.subscriptionId);
    expect(due).toMatchObject({ noticeSent: 'due', transactionReference: null });
    const dueNotice = await kit.database.db.select().from(notifications).where(eq(notifications.userId, noCard.user.id));
    expect(dueNotice.map((row) => row.type)).toEqual(['payment-due']);

    // Closing again tells nobody twice.
    await close(kit.app, sovereign, 2026, 10);
    expect(await kit.database.db.select().from(notifications).where(eq(notifications.userId, declining.user.id))).toHaveLength(1);
    expect(await billingCharges(declining.user.id)).toHaveLength(1);
  });

  it('a charge that waits for 3-D Secure leaves the bill pending; passing the challenge later brings the receipt once, failing it the payment-failed notice', async () => {
    const sovereign = await sovereignToken();
    const pages = gatewayPages(kit.app);
    // The webhook settled it (nobody asked the gateway): its event (not the earlier requires_action
    // one) is recorded as applied once what follows is done.
    const settledByWebhook = async (subscriptionId: number) => {
      for (let tries = 0; tries < 100; tries += 1) {
        const [bill] = await billsOf(subscriptionId);
        const events = await kit.database.db
          .select()
          .from(webhookEvents)
          .where(eq(webhookEvents.reference, bill?.transactionReference ?? ''));
        if (bill && events.some((event) => event.outcome === 'applied' && event.type !== 'payment_intent.requires_action')) return bill;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('no webhook settled the charge');
    };
    const apps = [];
    for (const outcome of ['passes', 'fails'] as const) {
      const owner = await kit.register();
      await saveStripeCard(owner, TEST_CARDS.threeDSecure);
      // Ten hours of Growth on 3 October 2026: 600 x 7900 / 44640 = 106.2 -> 106 cents.
      const { subscriptionId } = await subscribedApp(owner, 'growth', [{ from: '2026-10-03T00:00:00Z', to: '2026-10-03T10:00:00Z' }]);
      apps.push({ outcome, owner, subscriptionId });
    }
    await close(kit.app, sovereign, 2026, 10);

    for (const { outcome, owner, subscriptionId } of apps) {
      const [bill] = await billsOf(subscriptionId);
      expect(bill).toMatchObject({ amount: 106, payable: 106, noticeSent: 'pending' });
      const [charge] = await billingCharges(owner.user.id);
      expect(charge).toMatchObject({ status: 'requires_action', provider: 'stripe', reference: bill?.transactionReference });
      const listed = await kit.call('GET', '/v1/billings', owner.token);
      expect(listed.json<{ data: Billing[] }>().data.map((entry) => entry.status)).toEqual(['pending']);
      expect(kit.mails(owner.user.email).filter((mail) => mail.subject.startsWith('Receipt: October 2026'))).toHaveLength(0);

      const challenge = await pages.open(charge?.actionUrl ?? '');
      await pages.post(outcome === 'passes' ? challenge.submit : challenge.cancel);
      expect((await settledByWebhook(subscriptionId)).noticeSent).toBe(outcome === 'passes' ? 'paid' : 'failed');
      const after = await kit.call('GET', '/v1/billings', owner.token);
      expect(after.json<{ data: Billing[] }>().data.map((entry) => entry.status)).toEqual([outcome === 'passes' ? 'paid' : 'outstanding']);
      const receipts = kit.mails(owner.user.email).filter((mail) => mail.subject.startsWith('Receipt: October 2026'));
      const failedNotices = await kit.database.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
      if (outcome === 'passes') {
        expect(receipts).toHaveLength(1);
        expect(receipts[0]?.text).toContain('10.00 hours on Growth, USD 1.06');
        expect(failedNotices).toHaveLength(0);
      } else {
        expect(receipts).toHaveLength(0);
        expect(failedNotices.map((row) => [row.type, row.title])).toEqual([['payment-failed', 'Payment failed: October 2026, USD 1.06']]);
      }
    }
    // Asking the gateway again, and closing again, tell nobody twice.
    for (const { owner } of apps) {
      const [charge] = await billingCharges(owner.user.id);
      await kit.call('POST', '/v1/billings/verify-payment', owner.token, { reference: charge?.reference });
    }
    await close(kit.app, sovereign, 2026, 10);
    const passed = apps[0];
    expect(kit.mails(passed?.owner.user.email ?? '').filter((mail) => mail.subject.startsWith('Receipt: October 2026'))).toHaveLength(1);
    expect(await billingCharges(passed?.owner.user.id ?? 0)).toHaveLength(1);
    const failedOwner = apps[1]?.owner.user.id ?? 0;
    expect(await kit.database.db.select().from(notifications).where(eq(notifications.userId, failedOwner))).toHaveLength(1);
  });

  it('lists bills newest first and the outstanding ones; Pay now pressed three times at once charges once, with another card', async () => {
    const owner = await kit.register();
    await saveCard(owner, TEST_CARDS.threeDSecure);
    const { subscriptionId } = await subscribedApp(owner, 'growth', [
      { from: '2026-08-03T00:00:00Z', to: '2026-08-03T10:00:00Z' },
      { from: '2026-09-03T00:00:00Z', to: '2026-09-03T10:00:00Z' },
    ]);
    const sovereign = await sovereignToken();
    await close(kit.app, sovereign, 2026, 8);
    await close(kit.app, sovereign, 2026, 9);
    const list = await kit.call('GET', '/v1/billings?page=0', owner.token);
    expect(list.statusCode, list.body).toBe(200);
    const bills = list.json<{ data: Billing[] }>().data;
    expect(bills.map((bill) => [bill.year, bill.month, bill.status])).toEqual([
      [2026, 9, 'outstanding'],
      [2026, 8, 'outstanding'],
    ]);
    expect(bills[0]).toMatchObject({
      usageMinutes: 600,
      subscription: { plan: { planCode: 'growth', amount: 7900 } },
      failureMessage: 'Your card was declined.',
    });
    expect((await kit.call('GET', '/v1/billings?outstanding=true', owner.token)).json<{ data: Billing[] }>().data).toHaveLength(2);
    expect((await kit.call('GET', '/v1/billings?page=0', (await kit.register()).token)).json<{ data: Billing[] }>().data).toEqual([]);

    // Pay now with the default card, which the bank declines again: a new failed charge, still outstanding.
    const failedBefore = (await billingCharges(owner.user.id)).length;
    const again = await kit.call('POST', '/v1/billings/pay-with-authorization', owner.token, { billingIds: [bills[0]?.id ?? 0] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: Billing[] }>().data[0]).toMatchObject({ status: 'outstanding', failureMessage: 'Your card was declined.' });
    expect(again.json<{ data: Billing[] }>().data[0]?.transactionReference).not.toBe(bills[0]?.transactionReference);
    expect(await billingCharges(owner.user.id)).toHaveLength(failedBefore + 1);

    // Another card, that can be charged; then Pay now with it, three times at once.
    await saveCard(owner);
    const cards = (await kit.call('GET', '/v1/authorizations', owner.token)).json<{ data: { authorizationCode: string; last4: string }[] }>().data;
    const good = cards.find((card) => card.last4 === '4242')?.authorizationCode ?? '';
    const pays = await Promise.all(
      Array.from({ length: 3 }, () => kit.call('POST', '/v1/billings/pay-with-authorization', owner.token, { authorizationCode: good })),
    );
    expect(pays.some((pay) => pay.statusCode === 200)).toBe(true);
    const after = (await kit.call('GET', '/v1/billings?page=0', owner.token)).json<{ data: Billing[] }>().data;
    expect(after.map((bill) => bill.status)).toEqual(['paid', 'paid']);
    const charges = (await billingCharges(owner.user.id)).filter((charge) => charge.status === 'success');
    expect(charges).toHaveLength(2);
    expect(charges.map((charge) => charge.amount).sort()).toEqual(after.map((bill) => bill.payable).sort());
    expect((await kit.call('GET', '/v1/billings?outstanding=true', owner.token)).json<{ data: Billing[] }>().data).toEqual([]);
    expect((await kit.call('POST', '/v1/billings/pay-with-authorization', owner.token, {})).statusCode).toBe(400);
    expect((await kit.call('POST', '/v1/billings/pay-with-authorization', owner.token, { billingIds: [999_999] })).statusCode).toBe(404);
    expect(kit.mails(owner.user.email).filter((mail) => mail.subject.startsWith('Receipt:'))).toHaveLength(2);
    const reference = after[0]?.transactionReference ?? '';
    const verified = await kit.call('POST', '/v1/billings/verify-payment', owner.token, { reference });
    expect(verified.json<{ data: Billing }>().data.status).toBe('paid');
    expect((await kit.call('POST', '/v1/billings/verify-payment', (await kit.register()).token, { reference })).statusCode).toBe(404);

    // The payments of this subscription's bills: two declined at the close, one declined Pay now, two paid.
    const [row] = await kit.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    const ofSubscription = await kit.call('GET', `/v1/subscriptions/${row?.subscriptionCode}/transactions?page=0`, owner.token);
    expect(ofSubscription.statusCode, ofSubscription.body).toBe(200);
    expect(ofSubscription.headers['x-total-count']).toBe('5');
    expect(
      ofSubscription
        .json<{ data: Transaction[] }>()
        .data.map((charge) => charge.status)
        .sort(),
    ).toEqual(['failed', 'failed', 'failed', 'success', 'success']);
    expect((await kit.call('GET', `/v1/subscriptions/${row?.subscriptionCode}/transactions`, (await kit.register()).token)).statusCode).toBe(403);
    // Every bill payment of the caller, and none of the card checks.
    const billPayments = await kit.call('GET', '/v1/transactions/portal/billings?page=0&limit=2', owner.token);
    expect(billPayments.headers['x-total-count']).toBe('5');
    expect(billPayments.json<{ data: Transaction[] }>().data).toHaveLength(2);
    expect(
      billPayments
        .json<{ data: Transaction[] }>()
        .data.every((charge) => charge.appAlias === row?.shopAlias && /^(August|September) 2026: /.test(charge.description)),
    ).toBe(true);
  });

  it('usage corrections: billed on the plan of the time (the first plan before the first subscription), a range twice or over live time counted once', async () => {
    const owner = await kit.register();
    await saveCard(owner);
    // On Growth from 1 August; live 10:00 to 12:00 on 3 September.
    const { shop, subscriptionId } = await subscribedApp(owner, 'growth', [{ from: '2026-09-03T10:00:00Z', to: '2026-09-03T12:00:00Z' }]);
    const sovereign = await sovereignToken();
    const correct = (body: Record<string, unknown>, token = sovereign) =>
      kit.call('POST', '/v1/admin/usage-corrections', token, { shopAlias: shop.alias, reason: 'Usage moved over from the old host', ...body });
    // July: before the subscription began, billed on its first plan. Sent twice: one row.
    for (let time = 0; time < 2; time += 1) {
      const july = await correct({ from: '2026-07-10T00:00:00Z', to: '2026-07-10T03:00:00Z' });
      expect(july.statusCode, july.body).toBe(200);
    }
    // September: 11:00 to 13:00 over the live 10:00 to 12:00 -> 10:00 to 13:00, 180 minutes.
    expect((await correct({ from: '2026-09-03T11:00:00Z', to: '2026-09-03T13:00:00Z' })).statusCode).toBe(200);

    expect((await correct({ from: '2026-09-05T10:00:00Z', to: '2026-09-05T09:00:00Z' })).json<{ message: string }>().message).toBe(
      'The end of a correction must come after its start',
    );
    const future = await correct({ from: '2026-09-05T10:00:00Z', to: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json<{ message: string }>().message).toBe('A correction covers past time only: its end must not be in the future');
    expect((await correct({ from: 'yesterday', to: '2026-09-05T09:00:00Z' })).statusCode).toBe(400);
    expect((await correct({ from: '2026-09-05T08:00:00Z', to: '2026-09-05T09:00:00Z' }, owner.token)).statusCode).toBe(403);
    const bare = await createShop(owner);
    const noPlan = await kit.call('POST', '/v1/admin/usage-corrections', sovereign, {
      shopAlias: bare.alias,
      from: '2026-09-05T08:00:00Z',
      to: '2026-09-05T09:00:00Z',
      reason: 'x',
    });
    expect(noPlan.json<{ message: string }>().message).toBe('This app has no plan: a correction is billed on the plan the app had');

    await close(kit.app, sovereign, 2026, 7);
    await close(kit.app, sovereign, 2026, 9);
    const bills = (await billsOf(subscriptionId)).sort((a, b) => a.month - b.month);
    // July, 180 minutes of Growth over 31 days: 180 x 7900 / 44640 = 31.85 -> 32; September 180 over 30 days: 32.9 -> 33.
    expect(bills.map(({ month, usageMinutes, amount }) => ({ month, usageMinutes, amount }))).toEqual([
      { month: 7, usageMinutes: 180, amount: 32 },
      { month: 9, usageMinutes: 180, amount: 33 },
    ]);
    const billed = await correct({ from: '2026-09-20T00:00:00Z', to: '2026-09-20T01:00:00Z' });
    expect(billed.statusCode).toBe(409);
    expect(billed.json<{ message: string }>().message).toBe('September 2026 is already billed for this app: a correction goes into a month not billed yet');
  });

  it('one owner’s bills closed three times at once take credit exactly once and are charged once each (bills written a page at a time, charged 8 at once)', async () => {
    const owner = await kit.register();
    await saveCard(owner);
    // Three apps, 12 hours each on 10 October 2026 on Growth (31 days): 720 x 7900 / 44640 = 127.4 -> 127 cents a bill.
    const apps = [];
    for (let app = 0; app < 3; app += 1) apps.push(await subscribedApp(owner, 'growth', [{ from: '2026-10-10T06:00:00Z', to: '2026-10-10T18:00:00Z' }]));
    // Enough for one bill and part of the next.
    await kit.database.db.update(credits).set({ value: 200 }).where(eq(credits.userId, owner.user.id));
    const sovereign = await sovereignToken();
    const answers = await Promise.all([close(kit.app, sovereign, 2026, 10), close(kit.app, sovereign, 2026, 10), close(kit.app, sovereign, 2026, 10)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const bills = (await Promise.all(apps.map((app) => billsOf(app.subscriptionId)))).flat();
    expect(bills).toHaveLength(3);
    expect(bills.every((bill) => bill.amount === 127)).toBe(true);
    expect(bills.reduce((sum, bill) => sum + bill.creditUsed, 0)).toBe(200);
    expect(await kit.creditValue(owner.user.id)).toBe(0);
    const charges = await billingCharges(owner.user.id);
    expect(charges.every((charge) => charge.status === 'success')).toBe(true);
    // The first bill is paid by credit (127 of 200), the second by the rest (73) and the card (54), the third by the card.
    expect(charges.map((charge) => charge.amount).sort((a, b) => a - b)).toEqual([54, 127]);
  });

  it('refuses a month not over, bad months and anyone but a SOVEREIGN', async () => {
    const sovereign = await sovereignToken();
    const now = new Date();
    const current = await close(kit.app, sovereign, now.getUTCFullYear(), now.getUTCMonth() + 1);
    expect(current.statusCode).toBe(400);
    expect(current.json<{ message: string }>().message).toBe('This month is not over yet: a month is closed once it has ended');
    expect((await close(kit.app, sovereign, 2026, 13)).statusCode).toBe(400);
    expect((await close(kit.app, sovereign, 2031, 1)).statusCode).toBe(400);
    const merchant = await kit.register();
    expect((await close(kit.app, merchant.token, 2026, 10)).statusCode).toBe(403);
  });

  it('the job runner closes a month: a queued close bills like the call', async () => {
    const owner = await kit.register();
    await saveCard(owner);
    const { subscriptionId } = await subscribedApp(owner, 'starter', [{ from: '2026-08-20T00:00:00Z', to: '2026-08-20T06:00:00Z' }]);
    // What the cron sends on the 1st (here naming the month).
    await jobs?.send('billing-close', { year: 2026, month: 8 });
    await jobs?.settled('billing-close');
    const [bill] = await billsOf(subscriptionId);
    // 6 hours of Starter in August (31 days): 360 x 2900 / 44640 = 23.4 -> 23 cents.
    expect(bill).toMatchObject({ month: 8, usageMinutes: 360, amount: 23, noticeSent: 'paid' });
  });

  if (kind === 'postgres') {
    it('two server processes closing the same month at once write one bill and make one charge', async () => {
      const owner = await kit.register();
      await saveCard(owner);
      const { subscriptionId } = await subscribedApp(owner, 'growth', [{ from: '2026-09-01T00:00:00Z', to: '2026-09-02T00:00:00Z' }]);
      const url = (kit.database as DatabaseHandle & { url?: string }).url ?? '';
      const second = await openSeededDatabaseAt({ kind: 'postgres', url });
      const other = await startApp(second, { config: testConfig({ PUBLIC_URL: kit.config.PUBLIC_ORIGIN }) });
      try {
        await listening(other);
        const sovereign = await sovereignToken();
        const answers = await Promise.all([close(kit.app, sovereign, 2026, 9), close(other, sovereign, 2026, 9), close(other, sovereign, 2026, 9)]);
        for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
        expect(answers.reduce((sum, answer) => sum + answer.json<{ data: { billed: number } }>().data.billed, 0)).toBeGreaterThanOrEqual(1);
        expect(await billsOf(subscriptionId)).toHaveLength(1);
        const charges = await billingCharges(owner.user.id);
        expect(charges).toHaveLength(1);
        expect(charges[0]?.status).toBe('success');
      } finally {
        await other.close();
        await second.close();
      }
    });
  }
});
