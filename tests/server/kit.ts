/**
 * What the module test files share: an app on a fresh database per suite (`useApp`), calls
 * through app.inject, registrations from distinct addresses (registration is limited per
 * address), and the e-mail outbox.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AuthResult } from '@contract/auth/schemas';
import type { Currency, Shop, ShopMedia } from '@contract/shops/schemas';
import type { AppDeps, AppInstance, BuildAppOptions } from '../../server/src/app';
import type { SocialProfile, SocialVerifier } from '../../server/src/auth/social';
import type { Config } from '../../server/src/config';
import type { DatabaseHandle } from '../../server/src/db/database';
import { credits } from '../../server/src/db/schema';
import type { Mailer } from '../../server/src/mail/mailer';
import { basicAuth, openFreshDatabase, startApp, testConfig, type DatabaseKind } from './harness';

export const BASE = 'https://portal.example';
export const PASSWORD = 'Passw0rd1';
export const PHONE = '+2348012345678';
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** A fake Facebook: the access token "fb-<id>" belongs to the profile with that id. */
export const fakeFacebook: SocialVerifier = {
  async verifyFacebook(accessToken) {
    const id = /^fb-(\w+)$/.exec(accessToken)?.[1];
    if (!id) return null;
    return { id, firstName: 'Fiona', lastName: 'Book', email: `${id}@facebook.example`, picture: `https://pics.example/${id}.jpg` } satisfies SocialProfile;
  },
};

let addressCounter = 0;
/** A visitor address no other call of this run has used (TEST-NET-2 and -3 ranges). */
export function freshAddress(): string {
  addressCounter += 1;
  return `198.51.${100 + Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** A valid e-mail registration, with `fields` over it. */
export function registrationPayload(fields: Record<string, unknown> = {}): Record<string, unknown> & { email: string } {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail(),
    phoneNo: PHONE,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    grant_type: 'email',
    ...fields,
  };
}

let emailCounter = 0;
export const uniqueEmail = (name = 'user') => `${name}${++emailCounter}-${process.pid}@example.com`;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface UseAppOptions {
  env?: Record<string, string>;
  socialVerifier?: SocialVerifier;
  mailer?: Mailer;
  configure?: (app: AppInstance, deps: AppDeps) => void | Promise<void>;
  /** Runs after the config is made and before the app starts (e.g. to write a dist/). */
  prepare?: (config: Config) => void | Promise<void>;
  /** Starts the job runner (off by default). */
  jobs?: boolean;
  /** How builds make their artifacts (a maker that fails, a faster engine poll). */
  buildPipeline?: BuildAppOptions['buildPipeline'];
}

export interface Kit {
  database: DatabaseHandle;
  config: Config;
  app: AppInstance;
  call(
    method: InjectOptions['method'],
    url: string,
    token: string | null,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  register(fields?: Record<string, unknown>): Promise<AuthResult>;
  mails(to: string): OutboxMail[];
  tokenFrom(to: string, pathname: string): string;
  verify(email: string): Promise<void>;
  creditValue(userId: number): Promise<number>;
}

/** An app on a fresh database of `kind` for the enclosing describe block. */
export function useApp(kind: DatabaseKind, options: UseAppOptions = {}): Kit {
  const kit = {} as Kit;

  beforeAll(async () => {
    kit.database = await openFreshDatabase(kind);
    kit.config = testConfig({ PUBLIC_URL: BASE, ...options.env });
    await options.prepare?.(kit.config);
    kit.app = await startApp(kit.database, {
      config: kit.config,
      socialVerifier: options.socialVerifier ?? fakeFacebook,
      mailer: options.mailer,
      configure: options.configure,
      jobs: options.jobs,
      buildPipeline: options.buildPipeline,
    });
  });

  afterAll(async () => {
    await kit.app?.close();
    await kit.database?.close();
  });

  kit.call = (method, url, token, payload, headers = {}) =>
    kit.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : { authorization: basicAuth() }), ...headers },
      // Registration is limited per address: each one comes from its own.
      ...(url === '/v1/auth/register' ? { remoteAddress: freshAddress() } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  kit.register = async (fields = {}) => {
    const response = await kit.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      headers: { authorization: basicAuth() },
      remoteAddress: freshAddress(),
      payload: registrationPayload(fields),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: AuthResult }>().data;
  };

  kit.mails = (to) => {
    const dir = kit.config.OUTBOX_DIR;
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as OutboxMail)
      .filter((mail) => mail.to === to);
  };

  kit.tokenFrom = (to, pathname) => {
    const link = kit
      .mails(to)
      .flatMap((mail) => mail.links)
      .filter((url) => url.startsWith(`${kit.config.PUBLIC_ORIGIN}${pathname}?token=`))
      .at(-1);
    if (!link) throw new Error(`no ${pathname} link e-mailed to ${to}`);
    return new URL(link).searchParams.get('token') ?? '';
  };

  kit.verify = async (email) => {
    const response = await kit.call('POST', '/v1/emails/verify', null, { token: kit.tokenFrom(email, '/email/verify') });
    expect(response.statusCode, response.body).toBe(200);
  };

  kit.creditValue = async (userId) => {
    const [row] = await kit.database.db.select({ value: credits.value }).from(credits).where(eq(credits.userId, userId));
    return row?.value ?? -1;
  };

  return kit;
}

/**
 * A USD shop of `owner` in Lagos with its own uploaded logo, made through the API as the setup
 * page makes it; `superCategoriesOfInterest` empty leaves it short of check-enable.
 */
export async function createUsdShop(kit: Kit, owner: AuthResult, name: string, superCategoriesOfInterest: number[] = [2]): Promise<Shop> {
  const upload = await kit.app.inject({
    method: 'POST',
    url: '/v1/shop-media',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'image/png', 'x-file-name': 'logo.png' },
    payload: PNG,
  });
  const currencies = (await kit.call('GET', '/v1/currencies', null)).json<{ data: Currency[] }>().data;
  const response = await kit.call('POST', '/v1/shops', owner.token, {
    name,
    logo: upload.json<{ data: ShopMedia }>().data.url,
    latitude: 6.45,
    longitude: 3.39,
    address: { name: 'Lagos', description: 'Lagos, Nigeria', latitude: 6.45, longitude: 3.39 },
    shopCurrency: { currencyId: currencies.find((currency) => currency.code === 'USD')?.id },
    superCategoriesOfInterest,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Shop }>().data;
}

/** A browser on the test gateway's pages: links name the public origin, the app answers them in-process. */
export function gatewayPages(app: AppInstance) {
  const pathOf = (url: string) => {
    const parsed = new URL(url, 'http://local');
    return `${parsed.pathname}${parsed.search}`;
  };
  async function open(url: string) {
    const page = await app.inject({ method: 'GET', url: pathOf(url) });
    const action = (pattern: RegExp) => (pattern.exec(page.body)?.[1] ?? '').replaceAll('&amp;', '&');
    return { page, submit: action(/<form method="post" action="([^"]+)"/), cancel: action(/formaction="([^"]+)"/) };
  }
  const post = (url: string, fields: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  return { open, post };
}
