/**
 * Subscriptions (issue 30) through HTTP on PGlite and PostgreSQL: an app on a plan, taken live and
 * paused, a plan change from next month, who may do it, one subscription per app under parallel
 * requests, one open live interval under parallel go-lives, and a deleted app ending its live time.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES, type Subscription } from '@contract/billing/schemas';
import { ROLE } from '@contract/constants';
import { TOTAL_COUNT_HEADER } from '@contract/api';
import type { AuthResult } from '@contract/auth/schemas';
import type { Shop } from '@contract/shops/schemas';
import { testCardRow } from '../../scripts/close-seed';
import { cardAuthorizations, liveIntervals, shopCollaborators, subscriptions, userRoles } from '../../server/src/db/schema';
import { createUsdShop, useApp } from './kit';
import { databaseKinds, removeTempDirs } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

describe.each(kinds)('subscriptions on %s', (kind) => {
  const kit = useApp(kind);
  let counter = 0;

  /** A shop ready to go live, or (`ready` false) without its categories: check-enable refuses it. */
  const createShop = (owner: AuthResult, ready = true) => createUsdShop(kit, owner, `Billing Shop ${kind} ${++counter}`, ready ? [2] : []);

  /** A saved card (saving one through a gateway is the payments tests' business). */
  async function saveCard(userId: number): Promise<void> {
    await kit.database.db.insert(cardAuthorizations).values(testCardRow(userId));
  }

  async function merchantWithShop(): Promise<{ owner: AuthResult; shop: Shop }> {
    const owner = await kit.register();
    await saveCard(owner.user.id);
    return { owner, shop: await createShop(owner) };
  }

  const subscribe = (token: string, shopAlias: string, planCode = 'starter') => kit.call('POST', '/v1/subscriptions', token, { shopAlias, planCode });
  const update = (token: string, code: string, body: Record<string, unknown>) => kit.call('PUT', `/v1/subscriptions/${code}`, token, body);
  const dataOf = (response: { json: <T>() => T }) => response.json<{ data: Subscription }>().data;

  it('puts an app on a plan, paused until its owner takes it live; the same request again answers the same subscription', async () => {
    const { owner, shop } = await merchantWithShop();
    const created = await subscribe(owner.token, shop.alias, 'growth');
    expect(created.statusCode, created.body).toBe(200);
    const subscription = dataOf(created);
    expect(subscription).toMatchObject({
      shopAlias: shop.alias,
      status: 'paused',
      plan: { planCode: 'growth', amount: 7900, currencyCode: 'USD' },
      nextPlan: null,
      liveSince: null,
      usageMinutesThisMonth: 0,
    });
    expect(subscription.subscriptionCode).toMatch(/^SUB_/);
    const again = await subscribe(owner.token, shop.alias, 'growth');
    expect(dataOf(again).subscriptionCode).toBe(subscription.subscriptionCode);
    const otherPlan = await subscribe(owner.token, shop.alias, 'scale');
    expect(otherPlan.statusCode).toBe(409);
    expect(otherPlan.json<{ message: string }>().message).toBe(SUBSCRIPTION_MESSAGES.alreadySubscribed);
  });

  it('a double click or two tabs subscribing at once make one subscription', async () => {
    const { owner, shop } = await merchantWithShop();
    const answers = await Promise.all(Array.from({ length: 6 }, () => subscribe(owner.token, shop.alias)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => dataOf(answer).subscriptionCode)).size).toBe(1);
    const rows = await kit.database.db.select().from(subscriptions).where(eq(subscriptions.shopAlias, shop.alias));
    expect(rows).toHaveLength(1);
  });

  it('needs a saved card (402), a known plan (400), and the app owner or a SOVEREIGN (403 for a collaborator or a stranger)', async () => {
    const owner = await kit.register();
    const shop = await createShop(owner);
    const noCard = await subscribe(owner.token, shop.alias);
    expect(noCard.statusCode).toBe(402);
    expect(noCard.json<{ message: string }>().message).toBe(SUBSCRIPTION_MESSAGES.cardMissing);
    await saveCard(owner.user.id);
    const unknown = await subscribe(owner.token, shop.alias, 'platinum');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toBe(SUBSCRIPTION_MESSAGES.planUnknown);
    expect((await subscribe(owner.token, 'no-such-app')).statusCode).toBe(404);

    const stranger = await kit.register();
    await saveCard(stranger.user.id);
    expect((await subscribe(stranger.token, shop.alias)).statusCode).toBe(403);
    const collaborator = await kit.register();
    await kit.database.db.insert(shopCollaborators).values({
      shopId: shop.id,
      userId: collaborator.user.id,
      accessRights: { view: true, editDesign: true, manageCollaborators: true },
    });
    expect((await subscribe(collaborator.token, shop.alias)).statusCode).toBe(403);

    const sovereign = await kit.register();
    await kit.database.db.insert(userRoles).values({ userId: sovereign.user.id, roleId: ROLE.SOVEREIGN });
    const bySovereign = await subscribe(sovereign.token, shop.alias);
    expect(bySovereign.statusCode, bySovereign.body).toBe(200);
    // The owner pays: the subscription is in the owner's list, not the SOVEREIGN's.
    const mine = await kit.call('GET', '/v1/subscriptions?page=0', owner.token);
    expect(mine.json<{ data: Subscription[] }>().data.map((entry) => entry.shopAlias)).toEqual([shop.alias]);
    expect((await kit.call('GET', '/v1/subscriptions?page=0', sovereign.token)).json<{ data: Subscription[] }>().data).toEqual([]);
    // An app's own list: its owner and a SOVEREIGN, not a collaborator or a stranger.
    const ofShop = `/v1/subscriptions?page=0&shopAlias=${shop.alias}`;
    expect((await kit.call('GET', ofShop, sovereign.token)).json<{ data: Subscription[] }>().data).toHaveLength(1);
    expect((await kit.call('GET', ofShop, collaborator.token)).statusCode).toBe(403);
    expect((await kit.call('GET', ofShop, stranger.token)).statusCode).toBe(403);
    const code = dataOf(bySovereign).subscriptionCode;
    expect((await update(stranger.token, code, { status: 'live' })).statusCode).toBe(403);
    expect((await update(collaborator.token, code, { status: 'cancelled' })).statusCode).toBe(403);
  });

  it('goes live only when check-enable passes, pauses, and counts the live time with the database clock', async () => {
    const owner = await kit.register();
    await saveCard(owner.user.id);
    const shop = await createShop(owner, false);
    const code = dataOf(await subscribe(owner.token, shop.alias)).subscriptionCode;
    const notReady = await update(owner.token, code, { status: 'live' });
    expect(notReady.statusCode).toBe(400);
    expect(notReady.json<{ message: string }>().message).toBe('Please select the categories your shop sells');
    await kit.call('PUT', `/v1/shops/${shop.alias}`, owner.token, { superCategoriesOfInterest: [2] });

    const live = await update(owner.token, code, { status: 'live' });
    expect(live.statusCode, live.body).toBe(200);
    expect(dataOf(live).status).toBe('live');
    expect(dataOf(live).liveSince).not.toBeNull();
    expect(dataOf(live).usageMinutesThisMonth).toBeGreaterThanOrEqual(1);
    const paused = await update(owner.token, code, { status: 'paused' });
    expect(dataOf(paused)).toMatchObject({ status: 'paused', liveSince: null });
    const [subscription] = await kit.database.db.select().from(subscriptions).where(eq(subscriptions.subscriptionCode, code));
    const intervals = await kit.database.db
      .select()
      .from(liveIntervals)
      .where(eq(liveIntervals.subscriptionId, subscription?.id ?? 0));
    expect(intervals).toHaveLength(1);
    expect(intervals[0]?.endedAt).not.toBeNull();
  });

  it('parallel go-lives open one live interval', async () => {
    const { owner, shop } = await merchantWithShop();
    const code = dataOf(await subscribe(owner.token, shop.alias)).subscriptionCode;
    const answers = await Promise.all(Array.from({ length: 5 }, () => update(owner.token, code, { status: 'live' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const [subscription] = await kit.database.db.select().from(subscriptions).where(eq(subscriptions.subscriptionCode, code));
    expect(
      await kit.database.db
        .select()
        .from(liveIntervals)
        .where(eq(liveIntervals.subscriptionId, subscription?.id ?? 0)),
    ).toHaveLength(1);
  });

  it('changes plan from the 1st of next month; choosing this month’s plan again drops the change', async () => {
    const { owner, shop } = await merchantWithShop();
    const code = dataOf(await subscribe(owner.token, shop.alias, 'starter')).subscriptionCode;
    const changed = dataOf(await update(owner.token, code, { planCode: 'scale' }));
    const now = new Date();
    expect(changed.plan.planCode).toBe('starter');
    expect(changed.nextPlan).toMatchObject({ planCode: 'scale', from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString() });
    expect(dataOf(await update(owner.token, code, { planCode: 'growth' })).nextPlan?.planCode).toBe('growth');
    expect(dataOf(await update(owner.token, code, { planCode: 'starter' })).nextPlan).toBeNull();
    expect((await update(owner.token, code, { planCode: 'platinum' })).statusCode).toBe(400);
    expect((await update(owner.token, code, {})).json<{ message: string }>().message).toBe(SUBSCRIPTION_MESSAGES.nothingToChange);
    expect((await update(owner.token, code, { status: 'sleeping' })).statusCode).toBe(400);
  });

  it('cancelling ends the live time and keeps the subscription; a new one can start; a cancelled one cannot change', async () => {
    const { owner, shop } = await merchantWithShop();
    const code = dataOf(await subscribe(owner.token, shop.alias)).subscriptionCode;
    await update(owner.token, code, { status: 'live' });
    const cancelled = dataOf(await update(owner.token, code, { status: 'cancelled' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', liveSince: null });
    expect(cancelled.cancelledAt).not.toBeNull();
    const again = await update(owner.token, code, { status: 'live' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(SUBSCRIPTION_MESSAGES.cancelled);
    const fresh = await subscribe(owner.token, shop.alias, 'growth');
    expect(fresh.statusCode).toBe(200);
    expect(dataOf(fresh).subscriptionCode).not.toBe(code);
    const list = await kit.call('GET', `/v1/subscriptions?page=0&shopAlias=${shop.alias}&status=cancelled`, owner.token);
    expect(list.json<{ data: Subscription[] }>().data.map((entry) => entry.subscriptionCode)).toEqual([code]);
    expect(list.headers[TOTAL_COUNT_HEADER]).toBe('1');
  });

  it('deleting a live app ends its live time and its subscription, which stays listed', async () => {
    const { owner, shop } = await merchantWithShop();
    const code = dataOf(await subscribe(owner.token, shop.alias)).subscriptionCode;
    await update(owner.token, code, { status: 'live' });
    expect((await kit.call('DELETE', `/v1/admin/shops/${shop.alias}`, owner.token)).statusCode).toBeLessThan(300);
    const [row] = await kit.database.db.select().from(subscriptions).where(eq(subscriptions.subscriptionCode, code));
    expect(row).toMatchObject({ status: 'cancelled', shopId: null, shopAlias: shop.alias });
    const intervals = await kit.database.db
      .select()
      .from(liveIntervals)
      .where(eq(liveIntervals.subscriptionId, row?.id ?? 0));
    expect(intervals.every((interval) => interval.endedAt !== null)).toBe(true);
    const list = (await kit.call('GET', '/v1/subscriptions?page=0', owner.token)).json<{ data: Subscription[] }>().data;
    expect(list.find((entry) => entry.subscriptionCode === code)?.status).toBe('cancelled');
    // A new app under the same alias does not inherit the deleted one's subscription.
    expect((await kit.call('GET', `/v1/subscriptions?page=0&shopAlias=${shop.alias}`, owner.token)).statusCode).toBe(404);
    expect((await update(owner.token, code, { status: 'live' })).statusCode).toBe(409);
  });

  it('lists with paging and filters, and refuses bad query values', async () => {
    const { owner } = await merchantWithShop();
    expect((await kit.call('GET', '/v1/subscriptions?page=-1', owner.token)).statusCode).toBe(400);
    expect((await kit.call('GET', '/v1/subscriptions?status=sleeping', owner.token)).statusCode).toBe(400);
    expect((await kit.call('GET', '/v1/subscriptions', null)).statusCode).toBe(401);
    expect((await kit.call('PUT', '/v1/subscriptions/SUB_nope', owner.token, { status: 'paused' })).statusCode).toBe(404);
  });
});
