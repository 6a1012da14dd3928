/**
 * A merchant's day as load (issue 32), against any base URL (`npm start`, or the cluster's front
 * address): MERCHANTS virtual merchants, each with an account and an app, loop without pause
 * through the day: browse (the home page, /templates, the plans, the super-categories), log in,
 * edit the design (the portal's realtime adapter, each edit acknowledged), chat with support (a
 * new conversation, two messages) and read the bills (bills and subscriptions). Every call is
 * timed; a step's figure is per call. Each login comes from its own visitor address (X-Forwarded-
 * For: the server trusts its loopback proxy), as a day's merchants do: the per-address login limit
 * is not what this measures.
 *
 * `npx tsx scripts/load-day.ts <base url> [seconds] [merchants]`, or loadDay() from the bench.
 */
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { AuthResult } from '../contract/auth/schemas';
import { designPath } from '../contract/design/realtime';
import type { Currency, Shop, ShopMedia } from '../contract/shops/schemas';
import type { SupportRoom } from '../contract/chat/schemas';
import { createLocalRealtime } from '../src/realtime/local';
import { percentile } from './bench-kit';

export const LOAD_STEPS = ['browse', 'login', 'edit', 'chat', 'bills'] as const;
type Step = (typeof LOAD_STEPS)[number];

export interface StepFigures {
  calls: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface LoadFigures {
  seconds: number;
  merchants: number;
  /** Whole days completed, and calls answered per second. */
  days: number;
  callsPerSecond: number;
  steps: Record<Step, StepFigures>;
  /** The first few errors, as "step: status message". */
  sampleErrors: string[];
}

const PASSWORD = 'Passw0rd1';
const EDITS_PER_DAY = 5;

function logoPng(): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><circle cx="64" cy="64" r="60" fill="#1B4DFF"/></svg>`;
  return Buffer.from(new Resvg(svg).render().asPng());
}

let addressCounter = 0;
/** A new visitor address for each call that asks for one. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export async function loadDay(baseUrl: string, options: { seconds: number; merchants: number; credential: string }): Promise<LoadFigures> {
  const basic = `Basic ${Buffer.from(options.credential).toString('base64')}`;
  const times = new Map<Step, number[]>(LOAD_STEPS.map((step) => [step, []]));
  const errors = new Map<Step, number>(LOAD_STEPS.map((step) => [step, 0]));
  const sampleErrors: string[] = [];
  const run = Date.now().toString(36);

  /** One timed call of `step`; answers the parsed body, or null after counting the error. */
  async function call<T>(
    step: Step | null,
    method: string,
    pathname: string,
    init: { token?: string; body?: unknown; raw?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<T | null> {
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}${pathname}`, {
        method,
        headers: {
          authorization: init.token ? `Bearer ${init.token}` : basic,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        ...(init.raw ? { body: init.raw } : {}),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 120)}`);
      if (step) times.get(step)!.push(ms);
      return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
    } catch (error) {
      if (!step) throw error;
      errors.set(step, (errors.get(step) ?? 0) + 1);
      if (sampleErrors.length < 10) sampleErrors.push(`${step} ${method} ${pathname.split('?')[0]}: ${(error as Error).message}`);
      return null;
    }
  }

  // The merchants, each with an app (not timed).
  const currencies = (await call<{ data: Currency[] }>(null, 'GET', '/v1/currencies'))!.data;
  const usd = currencies.find((currency) => currency.code === 'USD')?.id;
  const merchants: Array<{ email: string; alias: string }> = [];
  for (let index = 0; index < options.merchants; index += 1) {
    const email = `load-${run}-${index}@example.com`;
    const headers = { 'x-forwarded-for': nextAddress() };
    const registered = (await call<{ data: AuthResult }>(null, 'POST', '/v1/auth/register', {
      headers,
      body: {
        firstName: 'Load',
        lastName: `Merchant ${index}`,
        email,
        phoneNo: '+2348012345678',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        grant_type: 'email',
      },
    }))!.data;
    const logo = (await call<{ data: ShopMedia }>(null, 'POST', '/v1/shop-media', {
      token: registered.token,
      raw: logoPng(),
      headers: { 'content-type': 'image/png', 'x-file-name': 'logo.png' },
    }))!.data.url;
    const shop = (await call<{ data: Shop }>(null, 'POST', '/v1/shops', {
      token: registered.token,
      body: {
        name: `Load ${run} ${index}`,
        logo,
        latitude: 6.45,
        longitude: 3.39,
        address: { name: 'Lagos', description: 'Lagos, Nigeria', latitude: 6.45, longitude: 3.39 },
        shopCurrency: { currencyId: usd },
        superCategoriesOfInterest: [2],
      },
    }))!.data;
    merchants.push({ email, alias: shop.alias });
  }

  const deadline = Date.now() + options.seconds * 1000;
  let days = 0;
  let devices = 0;
  const started = performance.now();

  async function merchantDay(merchant: { email: string; alias: string }): Promise<void> {
    while (Date.now() < deadline) {
      for (const page of ['/', '/templates', '/v1/plans', '/v1/super-categories']) await call('browse', 'GET', page);
      const session = await call<{ data: AuthResult }>('login', 'POST', '/v1/auth/login', {
        headers: { 'x-forwarded-for': nextAddress() },
        body: { email: merchant.email, password: PASSWORD, grant_type: 'email' },
      });
      const token = session?.data.token;
      if (!token) continue;
      const realtime = createLocalRealtime({ url: baseUrl, token: () => token, timeoutMs: 10_000 });
      try {
        await new Promise<void>((resolve) => {
          const stop = realtime.onConnection((up) => up && (stop(), resolve()));
        });
        for (let edit = 0; edit < EDITS_PER_DAY; edit += 1) {
          const editStarted = performance.now();
          try {
            await realtime.set(`${designPath(merchant.alias, 0)}/data/buttons/elevation`, (days + edit) % 24);
            times.get('edit')!.push(performance.now() - editStarted);
          } catch (error) {
            errors.set('edit', (errors.get('edit') ?? 0) + 1);
            if (sampleErrors.length < 10) sampleErrors.push(`edit: ${(error as Error).message}`);
          }
        }
      } finally {
        realtime.close();
      }
      const deviceId = `load-device-${run}-${(devices += 1)}-abcdef`;
      const room = await call<{ data: SupportRoom }>('chat', 'POST', `/v1/portal/chat/rooms?deviceId=${deviceId}`, { token });
      if (room) {
        for (const content of ['Hello, is my app ready?', 'Thanks!']) {
          await call('chat', 'POST', `/v1/portal/rooms/${room.data.roomId}/new-message`, {
            token,
            body: { room: room.data.roomId, deviceId, content, clientId: `${deviceId}-${content.length}` },
          });
        }
      }
      await call('bills', 'GET', '/v1/billings?page=0&limit=20', { token });
      await call('bills', 'GET', '/v1/subscriptions?page=0', { token });
      days += 1;
    }
  }

  await Promise.all(merchants.map((merchant) => merchantDay(merchant)));
  const seconds = (performance.now() - started) / 1000;
  const steps = Object.fromEntries(
    LOAD_STEPS.map((step) => {
      const values = times.get(step)!;
      return [
        step,
        { calls: values.length, errors: errors.get(step) ?? 0, p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99) },
      ];
    }),
  ) as Record<Step, StepFigures>;
  const calls = LOAD_STEPS.reduce((sum, step) => sum + steps[step].calls, 0);
  return { seconds, merchants: options.merchants, days, callsPerSecond: calls / seconds, steps, sampleErrors };
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [baseUrl = 'http://localhost:8080', seconds = '30', merchants = '20'] = process.argv.slice(2);
  const credential = process.env.CLIENT_CREDENTIAL;
  if (!credential) throw new Error("Set CLIENT_CREDENTIAL to the server's (DATA_DIR/secrets.json has it for npm start).");
  console.log(JSON.stringify(await loadDay(baseUrl, { seconds: Number(seconds), merchants: Number(merchants), credential }), null, 2));
}
