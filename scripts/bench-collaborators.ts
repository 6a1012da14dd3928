/**
 * `npm run bench`, collaborators section (issue 14), against a running server:
 *
 * - A collaborator's edit -> the owner's editor preview painted: the owner has the design editor
 *   open (General section) in Chromium; the collaborator (an accepted editor) writes the primary
 *   colour over the realtime socket (socket.io-client, as the portal does); measured from just
 *   before the write to the first animation frame after the owner's preview toolbar shows it.
 *   Both clocks are this machine's wall clock (performance.timeOrigin + now). Loopback, no
 *   throttling, p50/p95 of 100 edits (target p95 <= 50 ms). Beside it, the owner's own edit on
 *   the same page, measured the same way ("as fast as the owner's own").
 * - The server's share of it: the collaborator's write -> its ack, no browser running (report only).
 * - `/apps` with 50 apps -> 50 app cards in the DOM, Chromium with a phone profile (4x CPU
 *   throttling, 150 ms RTT, 1.6 Mbps down / 750 kbps up, 390x844): opened from another page of
 *   the running portal (the footer's My Apps link; target <= 1 s), and as a full page load, cold
 *   (empty cache) and warm (assets cached, service worker installed), which include the portal's
 *   own start-up (an empty page alone takes ~1.5 s warm on this profile).
 *   Thumbnails are lazy (drawn once near the screen), so they are not part of the list render.
 *
 *   npx tsx scripts/bench-collaborators.ts http://localhost:4574   (or from scripts/bench.ts)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { io } from 'socket.io-client';
import { defaultCreation } from '../contract/design/schemas';
import { LAUNCH, colourOf, openEditor, percentile, signedInContext, throttledPhonePage, timeEdit } from './bench-kit';

export const COLLAB_TARGETS = { paintP95Ms: 50, appsListMs: 1000 } as const;
const EDITS = 100;
const WARM_UP = 10;
const APPS = 50;

const stats = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95), n: values.length });

interface Api {
  base: string;
  client: string;
}

export async function apiOf(base: string): Promise<Api> {
  const html = await (await fetch(`${base}/`)).text();
  const credential = /<meta name="portal-client-credential" content="([^"]*)"/.exec(html)?.[1] ?? '';
  return { base, client: `Basic ${Buffer.from(credential).toString('base64')}` };
}

let counter = 0;
export async function register(api: Api, firstName: string): Promise<{ token: string; email: string; id: number }> {
  counter += 1;
  const email = `bench-${firstName.toLowerCase()}-${Date.now().toString(36)}${counter}@example.com`;
  const response = await fetch(`${api.base}/v1/auth/register`, {
    method: 'POST',
    headers: { Authorization: api.client, 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${(counter % 250) + 1}` },
    body: JSON.stringify({
      firstName,
      lastName: 'Bench',
      email,
      phoneNo: '08031234567',
      password: 'Merchant2026',
      confirmPassword: 'Merchant2026',
      grant_type: 'email',
    }),
  });
  if (response.status !== 200) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  const { token, user } = ((await response.json()) as { data: { token: string; user: { id: number } } }).data;
  return { token, email, id: user.id };
}

export async function createShops(api: Api, token: string, count: number): Promise<string[]> {
  const auth = { Authorization: `Bearer ${token}` };
  const products = join(process.cwd(), 'public', 'catalogue', 'products');
  const logoBytes = readFileSync(join(products, readdirSync(products).find((name) => name.endsWith('.webp')) ?? ''));
  const currencies = ((await (await fetch(`${api.base}/v1/currencies`, { headers: auth })).json()) as { data: { id: number }[] }).data;
  const aliases: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const upload = await fetch(`${api.base}/v1/shop-media`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'image/webp', 'X-File-Name': 'logo.webp' },
      body: logoBytes,
    });
    const logo = ((await upload.json()) as { data: { url: string } }).data.url;
    const created = await fetch(`${api.base}/v1/shops`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: `Bench Team ${Date.now().toString(36)} ${i}`,
        logo,
        latitude: 6.5244,
        longitude: 3.3792,
        shopCurrency: { currencyId: currencies[0]?.id },
        superCategoriesOfInterest: [2],
      }),
    });
    if (created.status !== 201) throw new Error(`shop not created: ${created.status} ${await created.text()}`);
    aliases.push(((await created.json()) as { data: { alias: string } }).data.alias);
  }
  return aliases;
}

/**
 * Verifies `email` as its owner would: the verification link the server e-mailed (the default
 * transport writes each message to DATA_DIR/outbox as JSON). Answering an invite from the portal
 * needs a verified address (issue 27).
 */
async function verifyByMail(api: Api, outboxDir: string, email: string): Promise<void> {
  const links = readdirSync(outboxDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(outboxDir, file), 'utf8')) as { to: string; links: string[] })
    .filter((mail) => mail.to === email)
    .flatMap((mail) => mail.links);
  const token = links
    .map((link) => new URL(link))
    .find((url) => url.pathname === '/email/verify')
    ?.searchParams.get('token');
  if (!token) throw new Error(`no verification link e-mailed to ${email}`);
  const verified = await fetch(`${api.base}/v1/emails/verify`, {
    method: 'POST',
    headers: { Authorization: api.client, 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (verified.status !== 200) throw new Error(`verification failed: ${verified.status} ${await verified.text()}`);
}

/** The owner invites `collaborator` (verified) as an editor; the collaborator accepts with the reference of their notification. */
export async function addEditor(api: Api, ownerToken: string, alias: string, collaborator: { token: string; email: string }): Promise<void> {
  const invite = await fetch(`${api.base}/v1/shops/${alias}/design/collaborators/invites`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ownerToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ collaborators: [{ email: collaborator.email }] }),
  });
  if (invite.status !== 200) throw new Error(`invite failed: ${invite.status} ${await invite.text()}`);
  const list = (await (
    await fetch(`${api.base}/v1/portal/notifications/list?status=open`, { headers: { Authorization: `Bearer ${collaborator.token}` } })
  ).json()) as {
    data: Array<{ meta: { inviteToken: string | null; shopAlias: string | null } }>;
  };
  const token = list.data.find((item) => item.meta.shopAlias === alias)?.meta.inviteToken ?? '';
  const accepted = await fetch(`${api.base}/v1/shops/${alias}/design/collaborators/invites/accept-decline`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${collaborator.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, status: 'accepted' }),
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${await accepted.text()}`);
}

/** In the page: resolves with the wall-clock time of the first frame after the preview toolbar shows `rgb`. */
const ARM = `(rgb) => {
  const header = document.querySelector('[data-testid="design-preview"] header');
  window.__painted = new Promise((resolve, reject) => {
    const start = performance.now();
    const tick = () => {
      if (getComputedStyle(header).backgroundImage.includes(rgb)) requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
      else if (performance.now() - start > 5000) reject(new Error('never painted ' + rgb));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}`;

/**
 * An owner's shop with an accepted editor whose realtime socket is connected: `write` sends one
 * edit as that collaborator (the portal's `rt:update`) and throws if the server refuses it;
 * `colour(i)` writes the i-th colour as primary and toolbar gradient. Close `socket` when done.
 */
async function collaboratorOnShop(base: string, outboxDir: string) {
  const api = await apiOf(base);
  const owner = await register(api, 'Owner');
  const editor = await register(api, 'Editor');
  await verifyByMail(api, outboxDir, editor.email);
  const [alias = ''] = await createShops(api, owner.token, 1);
  await addEditor(api, owner.token, alias, editor);
  const socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token: editor.token } });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
  } catch (error) {
    socket.close();
    throw error;
  }
  const doc = `apps/production/${alias}/0`;
  const write = async (editId: string, updates: Record<string, unknown>) => {
    const ack = (await socket.timeout(5000).emitWithAck('rt:update', { editId, updates })) as { ok: boolean; message?: string };
    if (!ack.ok) throw new Error(`collaborator edit refused: ${ack.message}`);
  };
  const colour = (editId: string, hex: string) => write(editId, { [`${doc}/data/colors/primary`]: hex, [`${doc}/data/toolBar/gradient/colors`]: [hex, hex] });
  return { owner, alias, doc, socket, write, colour };
}

export async function measureCollaboratorPaint(
  base: string,
  outboxDir: string,
): Promise<{ collaborator: ReturnType<typeof stats>; own: ReturnType<typeof stats> }> {
  const { owner, alias, socket, colour } = await collaboratorOnShop(base, outboxDir);
  const browser = await chromium.launch(LAUNCH);
  try {
    const context = await signedInContext(browser, owner.token);
    const page = await context.newPage();
    await openEditor(page, base, alias);
    const collaborator: number[] = [];
    for (let i = 0; i < WARM_UP + EDITS; i += 1) {
      const { hex, rgb } = colourOf(i);
      await page.evaluate(`(${ARM})(${JSON.stringify(rgb)})`);
      const sent = performance.timeOrigin + performance.now();
      await colour(`bench${Date.now().toString(36)}x${i}abcdef`, hex);
      const painted = (await page.evaluate('window.__painted')) as number;
      if (i >= WARM_UP) collaborator.push(painted - sent);
    }
    const own: number[] = [];
    for (let i = 0; i < WARM_UP + EDITS; i += 1) {
      const ms = await timeEdit(page, i + 500);
      if (i >= WARM_UP) own.push(ms);
    }
    return { collaborator: stats(collaborator), own: stats(own) };
  } finally {
    socket.close();
    await browser.close();
  }
}

export async function measureAppsList(base: string): Promise<{ coldMs: number; warmMs: number; navigateMs: number; apps: number }> {
  const api = await apiOf(base);
  const owner = await register(api, 'Many');
  await createShops(api, owner.token, APPS);
  const browser = await chromium.launch(LAUNCH);
  try {
    const page = await throttledPhonePage(browser, owner.token);
    // A function, not a string: the portal's CSP has no 'unsafe-eval'.
    type Doc = { document: { querySelectorAll(selector: string): { length: number } } };
    const waitForCards = () =>
      page.waitForFunction((count) => (globalThis as unknown as Doc).document.querySelectorAll('[data-testid="app-card"]').length >= count, APPS, {
        timeout: 60_000,
        polling: 'raf',
      });
    const load = async () => {
      const start = Date.now();
      await page.goto(`${base}/apps`, { waitUntil: 'commit' });
      await waitForCards();
      return Date.now() - start;
    };
    const coldMs = await load();
    await page.evaluate('navigator.serviceWorker ? navigator.serviceWorker.ready : null');
    await load();
    const warm: number[] = [];
    for (let i = 0; i < 3; i += 1) warm.push(await load());
    // Opening My Apps from another page of the running portal (the footer's link): the route's
    // own work, without the portal's start-up.
    const navigate: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await page.goto(`${base}/billing`);
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
      const link = page.getByRole('navigation', { name: 'Information' }).getByRole('link', { name: 'My Apps' });
      await link.waitFor({ timeout: 60_000 });
      const start = Date.now();
      await link.click();
      await waitForCards();
      navigate.push(Date.now() - start);
    }
    return { coldMs, warmMs: stats(warm).p50, navigateMs: stats(navigate).p50, apps: APPS };
  } finally {
    await browser.close();
  }
}

/**
 * The server's share of a collaborator's edit: the collaborator's socket write -> its ack (the edit
 * stored, the broadcast sent), on the whole default design as the editor seeds it; 300 edits, one
 * every 20 ms, no browser running.
 */
export async function measureWriteAck(base: string, outboxDir: string): Promise<ReturnType<typeof stats>> {
  const { alias, doc, socket, write, colour } = await collaboratorOnShop(base, outboxDir);
  try {
    const creation = defaultCreation();
    await write(`seed${Date.now().toString(36)}abcdefgh`, { [doc]: { isDefault: true, version: 0, data: { ...creation, shop: { ...creation.shop, alias } } } });
    const acks: number[] = [];
    for (let i = 0; i < 30 + 300; i += 1) {
      const { hex } = colourOf(i);
      const sent = performance.now();
      await colour(`ack${Date.now().toString(36)}x${i}abcdef`, hex);
      if (i >= 30) acks.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return stats(acks);
  } finally {
    socket.close();
  }
}

export async function benchCollaborators(base: string, outboxDir: string) {
  const paint = await measureCollaboratorPaint(base, outboxDir);
  console.log(
    `collaborator edit -> owner's preview painted: p50 ${paint.collaborator.p50.toFixed(1)} ms, p95 ${paint.collaborator.p95.toFixed(1)} ms; own edit p50 ${paint.own.p50.toFixed(1)} ms, p95 ${paint.own.p95.toFixed(1)} ms`,
  );
  const ack = await measureWriteAck(base, outboxDir);
  console.log(`collaborator's write -> ack: p50 ${ack.p50.toFixed(1)} ms, p95 ${ack.p95.toFixed(1)} ms`);
  const apps = await measureAppsList(base);
  return { paint, ack, apps };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://localhost:8080';
  // The server's DATA_DIR/outbox (npm start's default DATA_DIR is ./.data).
  const figures = await benchCollaborators(base, process.argv[3] ?? join(process.cwd(), '.data', 'outbox'));
  console.log(JSON.stringify(figures, null, 2));
}
