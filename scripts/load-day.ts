/**
 * A merchant's day as load (issue 32), against a running portal at `--url`: one process or a
 * cluster behind one address. `--merchants` virtual merchants each sign up, log in and create a
 * shop (its logo uploaded), then, until `--seconds` have passed and with no pause between calls (the rate is what the
 * server gives: the machine saturates), run one round after another:
 * - browse: the public pages (/, /pricing, /templates) and the public reads (plans, catalogue);
 * - edit the design: 5 edits of the shop's default design (POST /v1/realtime/edits);
 * - chat: open a support room from a new device, post a message in it (a new device each round:
 *   a device may post 30 messages a minute);
 * - read bills: the merchant's bills and subscriptions.
 * Prints, per step, the count, errors (by status), p50 / p95 / p99 latency and the calls a second
 * of the whole run; `--json` prints the same as JSON (for a script comparing one process with three).
 *
 *   npx tsx scripts/load-day.ts --url http://localhost:8080 [--merchants 10] [--seconds 60] [--credential portal:...] [--json]
 *
 * The client credential is read from the portal's index.html unless `--credential` names it.
 * Rate limits hold: a server allows 20 sign-ups an hour from one address, so more merchants than
 * that need TRUST_PROXY=loopback on the server (each merchant then comes from its own
 * X-Forwarded-For address).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { designPath } from '@contract/design/realtime';
import { percentile } from './bench-kit';

interface Options {
  url: string;
  merchants: number;
  seconds: number;
  credential?: string;
}

interface StepFigures {
  step: string;
  count: number;
  errors: number;
  /** Status (or `network`) -> count, for the failed calls. */
  failures: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
}

interface Merchant {
  index: number;
  address: string;
  email: string;
  token: string;
  alias: string;
}

const PASSWORD = 'Merchant2026';
const PUBLIC_PAGES = ['/', '/pricing', '/templates'];
const PUBLIC_READS = [
  '/v1/plans',
  '/v1/super-categories',
  '/v1/productcategories',
  '/v1/sample/super-categories/sample-measurements?superCategoryIds=1,2&limit=40',
];
const EDITS_PER_ROUND = 5;
/** A shop needs a logo: a picture of the sample catalogue. */
const PRODUCTS = fileURLToPath(new URL('../public/catalogue/products/', import.meta.url));
const LOGO = readFileSync(join(PRODUCTS, readdirSync(PRODUCTS).find((name) => name.endsWith('.webp')) ?? ''));

/** A call failed: its step counts it and the merchant goes on with the next step (or round). */
class CallFailed extends Error {
  constructor(readonly status: string) {
    super(`answered ${status}`);
  }
}

class Recorder {
  private readonly timings = new Map<string, number[]>();
  private readonly failures = new Map<string, Record<string, number>>();

  async call(step: string, url: string, init: RequestInit, ok: number[] = [200]): Promise<Response> {
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(url, init);
      // The whole answer, as a browser waits for it.
      await response.clone().arrayBuffer();
    } catch {
      this.fail(step, 'network', started);
      throw new CallFailed('network');
    }
    if (!ok.includes(response.status)) {
      this.fail(step, String(response.status), started);
      throw new CallFailed(String(response.status));
    }
    this.timed(step, started);
    return response;
  }

  private timed(step: string, started: number): void {
    const list = this.timings.get(step) ?? [];
    list.push(performance.now() - started);
    this.timings.set(step, list);
  }

  private fail(step: string, status: string, started: number): void {
    this.timed(step, started);
    const counts = this.failures.get(step) ?? {};
    counts[status] = (counts[status] ?? 0) + 1;
    this.failures.set(step, counts);
  }

  figures(): StepFigures[] {
    return [...this.timings].map(([step, values]) => {
      const failures = this.failures.get(step) ?? {};
      return {
        step,
        count: values.length,
        errors: Object.values(failures).reduce((sum, count) => sum + count, 0),
        failures,
        p50: percentile(values, 50),
        p95: percentile(values, 95),
        p99: percentile(values, 99),
      };
    });
  }
}

async function clientCredential(options: Options): Promise<string> {
  if (options.credential) return options.credential;
  const html = await (await fetch(`${options.url}/`)).text();
  const credential = /<meta name="portal-client-credential" content="([^"]*)"/.exec(html)?.[1];
  if (!credential) throw new Error(`${options.url}/ carries no client credential (is the portal built?): pass --credential`);
  return credential;
}

function json(headers: Record<string, string>, body: unknown): RequestInit {
  return { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** Sign up, log in and create a shop: the steps a merchant takes once. */
async function arrive(recorder: Recorder, options: Options, client: string, index: number, run: string): Promise<Merchant> {
  const address = `198.51.100.${(index % 250) + 1}`;
  const anonymous = { authorization: client, 'x-forwarded-for': address };
  const email = `load-${run}-${index}@example.com`;
  await recorder.call(
    'sign up',
    `${options.url}/v1/auth/register`,
    json(anonymous, {
      firstName: 'Load',
      lastName: `Merchant ${index}`,
      email,
      phoneNo: '08031234567',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      grant_type: 'email',
    }),
  );
  const login = await recorder.call('log in', `${options.url}/v1/auth/login`, json(anonymous, { email, password: PASSWORD, grant_type: 'email' }));
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const signedIn = { authorization: `Bearer ${token}`, 'x-forwarded-for': address };
  const upload = await recorder.call('create shop', `${options.url}/v1/shop-media`, {
    method: 'POST',
    headers: { ...signedIn, 'content-type': 'image/webp', 'x-file-name': 'logo.webp' },
    body: LOGO,
  });
  const logo = ((await upload.json()) as { data: { url: string } }).data.url;
  const currencies = await recorder.call('create shop', `${options.url}/v1/currencies`, { headers: signedIn });
  const currencyId = ((await currencies.json()) as { data: Array<{ id: number }> }).data[0]?.id;
  const created = await recorder.call(
    'create shop',
    `${options.url}/v1/shops`,
    json(signedIn, {
      name: `Load ${run} ${index}`,
      logo,
      latitude: 6.5244,
      longitude: 3.3792,
      shopCurrency: { currencyId },
      superCategoriesOfInterest: [2],
    }),
    [201],
  );
  const { alias } = ((await created.json()) as { data: { alias: string } }).data;
  return { index, address, email, token, alias };
}

/** One round of the day: browse, edit the design, chat, read bills. */
async function round(recorder: Recorder, options: Options, client: string, merchant: Merchant, n: number): Promise<void> {
  const signedIn = { authorization: `Bearer ${merchant.token}`, 'x-forwarded-for': merchant.address };
  const steps: Array<() => Promise<unknown>> = [
    ...PUBLIC_PAGES.map((page) => () => recorder.call('browse: page', `${options.url}${page}`, { headers: { accept: 'text/html' } })),
    ...PUBLIC_READS.map((read) => () => recorder.call('browse: public read', `${options.url}${read}`, { headers: { authorization: client } })),
    async () => {
      for (let edit = 0; edit < EDITS_PER_ROUND; edit += 1) {
        const colour = `#${((merchant.index * 7919 + n * 104729 + edit * 31) % 0xffffff).toString(16).padStart(6, '0').toUpperCase()}FF`;
        await recorder.call(
          'design edit',
          `${options.url}/v1/realtime/edits`,
          json(signedIn, {
            editId: `load-${merchant.index}-${n}-${edit}-${Date.now().toString(36)}`,
            updates: { [`${designPath(merchant.alias, 0)}/data/colors/primary`]: colour },
          }),
        );
      }
    },
    async () => {
      const deviceId = `load-device-${merchant.index}-${n}-${Date.now().toString(36)}`;
      const opened = await recorder.call('chat: open room', `${options.url}/v1/portal/chat/rooms?deviceId=${deviceId}`, { method: 'POST', headers: signedIn });
      const { roomId } = ((await opened.json()) as { data: { roomId: string } }).data;
      await recorder.call(
        'chat: message',
        `${options.url}/v1/portal/rooms/${roomId}/new-message`,
        json(signedIn, { room: roomId, deviceId, content: `Hello from merchant ${merchant.index}, round ${n}`, clientId: `${deviceId}-0` }),
      );
    },
    () => recorder.call('bills', `${options.url}/v1/billings?page=0&limit=20`, { headers: signedIn }),
    () => recorder.call('bills', `${options.url}/v1/subscriptions?page=0`, { headers: signedIn }),
  ];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      // Counted by the recorder; a failed step does not end the merchant's day.
      if (!(error instanceof CallFailed)) throw error;
    }
  }
}

export async function loadDay(options: Options): Promise<{ seconds: number; calls: number; steps: StepFigures[] }> {
  const recorder = new Recorder();
  const client = `Basic ${Buffer.from(await clientCredential(options)).toString('base64')}`;
  const run = Date.now().toString(36);
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.merchants }, async (_unused, index) => {
      let merchant: Merchant;
      try {
        merchant = await arrive(recorder, options, client, index, run);
      } catch (error) {
        if (error instanceof CallFailed) return;
        throw error;
      }
      for (let n = 0; performance.now() < deadline; n += 1) await round(recorder, options, client, merchant, n);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const steps = recorder.figures();
  return { seconds, calls: steps.reduce((sum, step) => sum + step.count, 0), steps };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      merchants: { type: 'string', default: '10' },
      seconds: { type: 'string', default: '60' },
      credential: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const merchants = Number(values.merchants);
  const seconds = Number(values.seconds);
  if (!values.url || !Number.isInteger(merchants) || merchants < 1 || !(seconds > 0)) {
    console.error('Usage: npx tsx scripts/load-day.ts --url http://host:port [--merchants 10] [--seconds 60] [--credential id:secret] [--json]');
    process.exit(2);
  }
  const result = await loadDay({ url: values.url.replace(/\/$/, ''), merchants, seconds, credential: values.credential });
  if (values.json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
    console.log(
      `${values.url}: ${merchants} merchants, ${result.seconds.toFixed(0)} s, ${result.calls} calls (${(result.calls / result.seconds).toFixed(0)} a second)`,
    );
    console.log(`${'step'.padEnd(22)} ${'calls'.padStart(7)} ${'errors'.padStart(7)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}  failures`);
    for (const step of result.steps) {
      const failures = Object.entries(step.failures)
        .map(([status, count]) => `${status} x${count}`)
        .join(', ');
      console.log(
        `${step.step.padEnd(22)} ${String(step.count).padStart(7)} ${String(step.errors).padStart(7)} ${ms(step.p50).padStart(8)} ${ms(step.p95).padStart(8)} ${ms(step.p99).padStart(8)}  ${failures}`,
      );
    }
  }
}
