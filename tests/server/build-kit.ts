/** Builds for the server tests: a shop ready to order (a real logo, a saved card, a plan), and waiting for a build to end. */
import { cpSync, existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { expect } from 'vitest';
import type { AuthResult } from '@contract/auth/schemas';
import { isBuildFinished, type BuildStatus } from '@contract/builds/paths';
import type { Build } from '@contract/builds/schemas';
import type { Currency, Shop, ShopMedia } from '@contract/shops/schemas';
import { testCardRow } from '../../scripts/close-seed';
import type { Config } from '../../server/src/config';
import type { Database } from '../../server/src/db/database';
import { cardAuthorizations } from '../../server/src/db/schema';
import type { Kit } from './kit';

/** A 256 × 256 PNG logo: a blue disc with a white bag. */
export function logoPng(): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><circle cx="128" cy="128" r="120" fill="#1B4DFF"/><rect x="78" y="100" width="100" height="90" rx="10" fill="#FFFFFF"/></svg>`;
  return Buffer.from(new Resvg(svg).render().asPng());
}

/** The shop app's renderer as `npm run build` leaves it, from the fixture (server tests run before any build). */
export function installShell(config: Pick<Config, 'DIST_DIR'>): void {
  cpSync(path.resolve('tests/fixtures/shop-app'), config.DIST_DIR, { recursive: true });
  if (!existsSync(path.join(config.DIST_DIR, 'catalogue'))) symlinkSync(path.resolve('public/catalogue'), path.join(config.DIST_DIR, 'catalogue'), 'dir');
}

let counter = 0;

/** A USD shop with a real logo whose owner has a saved card and the app on a plan: everything an order needs. */
export async function readyShop(kit: Kit, owner: AuthResult, { plan = true, logo = logoPng() }: { plan?: boolean; logo?: Buffer } = {}): Promise<Shop> {
  const upload = await kit.app.inject({
    method: 'POST',
    url: '/v1/shop-media',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'image/png', 'x-file-name': 'logo.png' },
    payload: logo,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const currencies = (await kit.call('GET', '/v1/currencies', null)).json<{ data: Currency[] }>().data;
  const created = await kit.call('POST', '/v1/shops', owner.token, {
    name: `Build Shop ${process.pid} ${++counter}`,
    logo: upload.json<{ data: ShopMedia }>().data.url,
    slogan: 'Fresh every day',
    latitude: 6.45,
    longitude: 3.39,
    address: { name: 'Lagos', description: 'Lagos, Nigeria', latitude: 6.45, longitude: 3.39 },
    shopCurrency: { currencyId: currencies.find((currency) => currency.code === 'USD')?.id },
    superCategoriesOfInterest: [2],
  });
  expect(created.statusCode, created.body).toBe(201);
  const shop = created.json<{ data: Shop }>().data;
  if (plan) {
    await saveTestCard(kit.database.db, owner.user.id);
    const subscribed = await kit.call('POST', '/v1/subscriptions', owner.token, { shopAlias: shop.alias, planCode: 'starter' });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
  }
  return shop;
}

/** A saved default test-mode card of `userId` (saving one through a gateway is the payments tests' business). */
export async function saveTestCard(db: Database, userId: number): Promise<void> {
  await db.insert(cardAuthorizations).values(testCardRow(userId)).onConflictDoNothing();
}

export const buildsPath = (alias: string) => `/v1/shops/${alias}/builds`;

/** Orders a build (with an idempotency key) and answers the response. */
export const order = (kit: Kit, token: string, alias: string, key = `order-${++counter}`, body: Record<string, unknown> = {}) =>
  kit.call('POST', buildsPath(alias), token, body, { 'idempotency-key': key });

/** Polls the build until `done` says so (default: it finished); fails after `timeoutMs`. */
export async function waitForBuild(
  kit: Kit,
  token: string,
  alias: string,
  id: number,
  done: (build: Build) => boolean = (build) => isBuildFinished(build.status as BuildStatus),
  timeoutMs = 30_000,
): Promise<Build> {
  const deadline = Date.now() + timeoutMs;
  let last: Build | undefined;
  while (Date.now() < deadline) {
    const response = await kit.call('GET', `${buildsPath(alias)}/${id}`, token);
    expect(response.statusCode, response.body).toBe(200);
    last = response.json<{ data: Build }>().data;
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `build ${id} still ${last?.status} after ${timeoutMs} ms: ${JSON.stringify(last?.stages.map((stage) => [stage.name, stage.state, stage.logs.at(-1)?.line]))}`,
  );
}
