/** Shops for the journeys that start from an existing one, created through the API as the setup page would. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { registerThroughApi, uniqueEmail } from './accounts';

const PRODUCTS = join(process.cwd(), 'public', 'catalogue', 'products');
const LOGO = join(PRODUCTS, readdirSync(PRODUCTS).find((name) => name.endsWith('.webp')) ?? '');

/** A new merchant `firstName` with a shop named `${firstName} ${trade} <stamp>`. */
export async function merchantWithShop(
  request: APIRequestContext,
  firstName = 'Dayo',
  trade = 'Styles',
): Promise<{ token: string; alias: string; name: string; logo: string }> {
  const { token } = await registerThroughApi(request, firstName, uniqueEmail(firstName.toLowerCase()));
  return { token, ...(await shopOf(request, token, firstName, trade)) };
}

/** Another shop of the merchant signed in with `token`, with its own uploaded logo. */
export async function shopOf(
  request: APIRequestContext,
  token: string,
  firstName: string,
  trade: string,
): Promise<{ alias: string; name: string; logo: string }> {
  const auth = { Authorization: `Bearer ${token}` };
  const upload = await request.post('/v1/shop-media', {
    headers: { ...auth, 'Content-Type': 'image/webp', 'X-File-Name': 'logo.webp' },
    data: readFileSync(LOGO),
  });
  expect(upload.status()).toBe(200);
  const logo = ((await upload.json()) as { data: { url: string } }).data.url;
  const currencies = ((await (await request.get('/v1/currencies', { headers: auth })).json()) as { data: { id: number }[] }).data;
  const name = `${firstName} ${trade} ${Date.now().toString(36)}`;
  const created = await request.post('/v1/shops', {
    headers: auth,
    data: { name, logo, latitude: 6.5244, longitude: 3.3792, shopCurrency: { currencyId: currencies[0]?.id }, superCategoriesOfInterest: [2] },
  });
  expect(created.status()).toBe(201);
  return { alias: ((await created.json()) as { data: { alias: string } }).data.alias, name, logo };
}
