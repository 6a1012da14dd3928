/**
 * Calls to a running server over real HTTP (a child process, a cluster's front address), as the
 * portal makes them: the client credential or a bearer token, JSON in and out. For servers the
 * test cannot `inject` into.
 */
import type { AuthResult } from '@contract/auth/schemas';
import type { Currency, Shop, ShopMedia } from '@contract/shops/schemas';
import { logoPng } from './build-kit';
import { basicAuth } from './harness';
import { registrationPayload } from './kit';

export interface HttpAnswer<T = unknown> {
  status: number;
  json: { data: T; message: string };
}

export interface HttpClient {
  origin: string;
  call<T = unknown>(method: string, pathname: string, token: string | null, body?: unknown, headers?: Record<string, string>): Promise<HttpAnswer<T>>;
  register(fields?: Record<string, unknown>): Promise<AuthResult>;
  /** A USD shop with a real logo (uploaded as shop media), owned by `owner`. */
  createShop(owner: AuthResult, name: string): Promise<Shop>;
}

export function httpClient(origin: string, defaults: Record<string, string> = {}): HttpClient {
  const call = async <T>(method: string, pathname: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${pathname}`, {
      method,
      headers: {
        authorization: token ? `Bearer ${token}` : basicAuth(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...defaults,
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as { data: T; message: string } };
  };
  const expectOk = <T>(answer: HttpAnswer<T>, what: string): T => {
    if (answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${answer.json.message}`);
    return answer.json.data;
  };
  return {
    origin,
    call,
    register: async (fields = {}) => expectOk(await call<AuthResult>('POST', '/v1/auth/register', null, registrationPayload(fields)), 'register'),
    async createShop(owner, name) {
      const upload = await fetch(`${origin}/v1/shop-media`, {
        method: 'POST',
        headers: { ...defaults, authorization: `Bearer ${owner.token}`, 'content-type': 'image/png', 'x-file-name': 'logo.png' },
        body: logoPng(),
      });
      const logo = ((await upload.json()) as { data: ShopMedia }).data.url;
      const currencies = expectOk(await call<Currency[]>('GET', '/v1/currencies', null), 'currencies');
      const shop = await call<Shop>('POST', '/v1/shops', owner.token, {
        name,
        logo,
        latitude: 6.45,
        longitude: 3.39,
        address: { name: 'Lagos', description: 'Lagos, Nigeria', latitude: 6.45, longitude: 3.39 },
        shopCurrency: { currencyId: currencies.find((currency) => currency.code === 'USD')?.id },
        superCategoriesOfInterest: [2],
      });
      return expectOk(shop, 'create shop');
    },
  };
}
