/**
 * Rows the monthly close bills, written straight into the database (the close's bench and the
 * cluster's kill -9 test), and the saved card every test that needs one inserts (testCardRow).
 */
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../server/src/db/database';
import {
  cardAuthorizations,
  credits,
  currencies,
  liveIntervals,
  paymentCustomers,
  plans,
  sandboxObjects,
  shops,
  subscriptionPlans,
  subscriptions,
  users,
} from '../server/src/db/schema';

export const APPS_PER_MERCHANT = 5;
/** Rows per bulk INSERT (PostgreSQL takes at most 65,535 parameters a statement). */
const CHUNK = 1_000;

let cardSerial = 0;

/** A saved card's row: `userId`'s default test-mode paystack Visa ending 4242, unless `overrides` say otherwise. */
export function testCardRow(userId: number, overrides: Partial<typeof cardAuthorizations.$inferInsert> = {}): typeof cardAuthorizations.$inferInsert {
  return {
    userId,
    provider: 'paystack',
    authorizationCode: `AUTH_TEST_${userId}_${++cardSerial}`,
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2034,
    isDefault: true,
    testMode: true,
    ...overrides,
  };
}

/** The month before `now` (UTC): the month the close bills. */
export function lastMonth(now = new Date()): { year: number; month: number; from: Date; to: Date } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { year: from.getUTCFullYear(), month: from.getUTCMonth() + 1, from, to };
}

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/**
 * `merchants` merchants with a saved card each (ours and the paystack test gateway's), APPS_PER_MERCHANT apps
 * each on a plan with live time last month: what the monthly close bills and charges.
 */
export async function seedClose(database: DatabaseHandle, merchants: number): Promise<{ withCredit: number; subscriptions: number }> {
  const { db } = database;
  const window = lastMonth();
  const planRows = await db.select().from(plans).orderBy(plans.sortOrder);
  const [usd] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'USD'));
  if (!usd || planRows.length === 0) throw new Error('the database has no USD or no plans');
  const tag = Date.now().toString(36);

  const userRows = Array.from({ length: merchants }, (_unused, i) => ({
    firstName: 'Bench',
    lastName: `Payer ${i}`,
    email: `bench-close-${tag}-${i}@example.com`,
  }));
  const userIds: number[] = [];
  await inChunks(userRows, async (chunk) => userIds.push(...(await db.insert(users).values(chunk).returning({ id: users.id })).map((row) => row.id)));

  // A quarter of the merchants have 3 dollars of credit: their first bills use it.
  const withCredit = userIds.filter((_id, i) => i % 4 === 0).length;
  await inChunks(
    userIds.map((userId, i) => ({ userId, value: i % 4 === 0 ? 300 : 0 })),
    (chunk) => db.insert(credits).values(chunk).onConflictDoNothing(),
  );
  const cards = userIds.map((userId, i) => ({ userId, email: userRows[i]?.email ?? '', code: `AUTH_bench${tag}${i}`, customer: `CUS_bench${tag}${i}` }));
  await inChunks(cards, (chunk) =>
    db.insert(cardAuthorizations).values(chunk.map((card) => testCardRow(card.userId, { authorizationCode: card.code, customerCode: card.customer }))),
  );
  await inChunks(cards, (chunk) =>
    db.insert(paymentCustomers).values(chunk.map((card) => ({ userId: card.userId, provider: 'paystack', testMode: true, customerCode: card.customer }))),
  );
  // What the test gateway keeps of a card saved through its hosted page (sandbox/paystack.ts).
  await inChunks(cards, (chunk) =>
    db.insert(sandboxObjects).values(
      chunk.flatMap((card, i) => [
        {
          provider: 'paystack',
          kind: 'customer',
          id: card.email,
          data: { id: 1_000_000 + i, customer_code: card.customer, email: card.email, authorizations: [card.code] },
        },
        {
          provider: 'paystack',
          kind: 'authorization',
          id: card.code,
          data: {
            authorization_code: card.code,
            email: card.email,
            brand: 'visa',
            last4: '4242',
            exp_month: '12',
            exp_year: '2034',
            signature: `SIG_${card.code}`,
            outcome: 'succeeds',
          },
        },
      ]),
    ),
  );

  const since = new Date(window.from.getTime() - 10 * 86_400_000);
  const apps = Array.from({ length: merchants * APPS_PER_MERCHANT }, (_unused, i) => ({
    i,
    userId: userIds[i % merchants] ?? 0,
    alias: `bench-close-${tag}-${i}`,
  }));
  const shopIds: number[] = [];
  await inChunks(apps, async (chunk) =>
    shopIds.push(
      ...(
        await db
          .insert(shops)
          .values(
            chunk.map((app) => ({
              alias: app.alias,
              slugName: app.alias,
              name: `Bench Close ${tag} ${app.i}`,
              ownerUserId: app.userId,
              appBucketName: app.alias,
              logo: '/logo.png',
              latitude: 6.45,
              longitude: 3.39,
              address: { name: 'Lagos', description: 'Lagos, Nigeria', latitude: 6.45, longitude: 3.39 },
              currencyId: usd.id,
            })),
          )
          .returning({ id: shops.id })
      ).map((row) => row.id),
    ),
  );
  const subscriptionIds: number[] = [];
  await inChunks(apps, async (chunk) =>
    subscriptionIds.push(
      ...(
        await db
          .insert(subscriptions)
          .values(
            chunk.map((app) => ({
              subscriptionCode: `SUB_bench${tag}${app.i}`,
              userId: app.userId,
              shopId: shopIds[app.i] ?? null,
              shopAlias: app.alias,
              status: 'paused',
              createdAt: since,
            })),
          )
          .returning({ id: subscriptions.id })
      ).map((row) => row.id),
    ),
  );
  await inChunks(subscriptionIds, (chunk) =>
    db
      .insert(subscriptionPlans)
      .values(chunk.map((subscriptionId, i) => ({ subscriptionId, planId: planRows[i % planRows.length]?.id ?? 0, effectiveFrom: since }))),
  );
  // 1 to 3 stretches of live time each, the first 10 hours from day 1 on.
  const hour = 3_600_000;
  const intervals = subscriptionIds.flatMap((subscriptionId, i) =>
    Array.from({ length: 1 + (i % 3) }, (_unused, k) => {
      const startedAt = new Date(window.from.getTime() + ((i % 20) + k * 5) * 24 * hour + (i % 7) * hour);
      return { subscriptionId, startedAt, endedAt: new Date(startedAt.getTime() + (10 + k * 3) * hour) };
    }),
  );
  await inChunks(intervals, (chunk) => db.insert(liveIntervals).values(chunk));
  return { withCredit, subscriptions: subscriptionIds.length };
}
