/**
 * `npm run bench`, design editor section (issue #10): an edit -> the editor's own phone preview
 * painted, in Chromium with 4x CPU throttling, p95 of 200 edits (target <= 50 ms; Expo Snack
 * sends after a 1000 ms delay). An edit is the merchant typing a primary colour into the web
 * field and pressing Enter; it is painted at the first animation frame after the preview's
 * toolbar shows the new colour (that frame's rendering has been committed). Measured twice: back
 * to back (each edit as soon as the one before is painted, so its after-work competes with the
 * next) and isolated (each on a quiet page). Also: an edit -> a second browser context's live
 * preview painted (measureSecondContext).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { LAUNCH, openEditor, percentile, signedInContext, timeEdit } from './bench-kit';

export const TARGET_EDIT_PAINT_MS = 50;
const EDITS = 200;
const WARM_UP = 20;
const CPU_THROTTLING = 4;

/** A merchant with a shop on the server under test, as the setup page would create them. */
export async function merchantWithShop(baseUrl: string): Promise<{ token: string; alias: string }> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const credential = /<meta name="portal-client-credential" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const client = `Basic ${Buffer.from(credential).toString('base64')}`;
  const email = `bench-editor-${Date.now().toString(36)}@example.com`;
  const registered = await fetch(`${baseUrl}/v1/auth/register`, {
    method: 'POST',
    headers: { Authorization: client, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Merchant',
      email,
      phoneNo: '08031234567',
      password: 'Merchant2026',
      confirmPassword: 'Merchant2026',
      grant_type: 'email',
    }),
  });
  const { token } = ((await registered.json()) as { data: { token: string } }).data;
  const auth = { Authorization: `Bearer ${token}` };
  const products = join(process.cwd(), 'public', 'catalogue', 'products');
  const logoFile = join(products, readdirSync(products).find((name) => name.endsWith('.webp')) ?? '');
  const upload = await fetch(`${baseUrl}/v1/shop-media`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'image/webp', 'X-File-Name': 'logo.webp' },
    body: readFileSync(logoFile),
  });
  const logo = ((await upload.json()) as { data: { url: string } }).data.url;
  const currencies = ((await (await fetch(`${baseUrl}/v1/currencies`, { headers: auth })).json()) as { data: { id: number }[] }).data;
  const created = await fetch(`${baseUrl}/v1/shops`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: `Bench Shop ${Date.now().toString(36)}`,
      logo,
      latitude: 6.5244,
      longitude: 3.3792,
      shopCurrency: { currencyId: currencies[0]?.id },
      superCategoriesOfInterest: [2],
    }),
  });
  if (created.status !== 201) throw new Error(`bench shop not created: ${created.status} ${await created.text()}`);
  return { token, alias: ((await created.json()) as { data: { alias: string } }).data.alias };
}

/**
 * In the editor: resolves once the page is quiet, as it is when a merchant types the next colour:
 * a 300 ms pause (the colour fields follow a design unchanged for 200 ms, SETTLE_MS in
 * DesignEditor.tsx), the last edit acknowledged ('All changes saved') and an idle period with
 * the browser's whole 50 ms budget (no task, frame or transition pending).
 */
const SETTLE = `async () => {
  const status = document.querySelector('[data-testid="design-status"]');
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 300));
  while ((status ? status.textContent : '') !== 'All changes saved') {
    if (performance.now() - started > 10000) throw new Error('the editor never got in sync');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  for (let i = 0; i < 200; i += 1) {
    const left = await new Promise((resolve) => requestIdleCallback((deadline) => resolve(deadline.timeRemaining())));
    if (left >= 49) return;
  }
}`;

export interface EditorFigures {
  /** Edits back to back: each starts as soon as the one before is painted. */
  p50: number;
  p95: number;
  edits: number;
  /** Isolated edits: each starts on a quiet page (SETTLE), as a merchant's typed edits do. */
  isolatedP50: number;
  isolatedP95: number;
  isolatedEdits: number;
}

export async function measureDesignEditor(baseUrl: string, edits = EDITS): Promise<EditorFigures> {
  const { token, alias } = await merchantWithShop(baseUrl);
  const browser = await chromium.launch(LAUNCH);
  try {
    const context = await signedInContext(browser, token);
    const page = await context.newPage();
    await openEditor(page, baseUrl, alias);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    const timings: number[] = [];
    for (let i = 0; i < WARM_UP + edits; i += 1) {
      const ms = await timeEdit(page, i);
      if (i >= WARM_UP) timings.push(ms);
    }
    const isolated: number[] = [];
    for (let i = 0; i < edits; i += 1) {
      await page.evaluate(`(${SETTLE})()`);
      isolated.push(await timeEdit(page, WARM_UP + edits + i));
    }
    if (process.env.BENCH_VERBOSE) {
      const deciles = (values: number[]) =>
        [10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 100].map((p) => `p${p} ${percentile(values, p).toFixed(0)}`).join(', ');
      console.log('back to back, deciles (ms):', deciles(timings));
      console.log('isolated, deciles (ms):', deciles(isolated));
    }
    return {
      p50: percentile(timings, 50),
      p95: percentile(timings, 95),
      edits: timings.length,
      isolatedP50: percentile(isolated, 50),
      isolatedP95: percentile(isolated, 95),
      isolatedEdits: isolated.length,
    };
  } finally {
    await browser.close();
  }
}

/** In the editor: type `colour` into the Primary field and press Enter; returns the wall-clock time of the keystroke. */
const DISPATCH = `([colour]) => {
  const input = [...document.querySelectorAll('label')].find((label) => label.textContent === 'Primary');
  const field = document.getElementById(input.htmlFor);
  const start = performance.timeOrigin + performance.now();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(field, colour);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  return start;
}`;

/** In the live preview page: resolves window.__painted with the wall-clock time of the first frame after its toolbar shows `rgb`. */
const WAIT_PAINT = `([rgb]) => {
  window.__painted = (async () => {
    const started = performance.now();
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const header = document.querySelector('[data-testid="live-preview"] header');
      if (header && getComputedStyle(header).backgroundImage.includes(rgb)) break;
      if (performance.now() - started > 5000) throw new Error('the second context never showed ' + rgb);
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return performance.timeOrigin + performance.now();
  })();
}`;

/**
 * Edit -> a second browser context's preview painted (issue #10: loopback, p95 of 200 edits <= 50
 * ms): the merchant edits in the editor (no CPU throttling) while a second context, not signed
 * in, shows the live preview page a QR code opens (`/test/preview?t={alias}&p={preview key}`); each edit is timed
 * from the keystroke in the editor to the first frame after the second context's toolbar shows
 * the colour (both pages read the same wall clock: performance.timeOrigin + performance.now()).
 */
export async function measureSecondContext(baseUrl: string, edits = EDITS): Promise<{ p50: number; p95: number; edits: number }> {
  const { token, alias } = await merchantWithShop(baseUrl);
  const browser = await chromium.launch(LAUNCH);
  try {
    const editing = await signedInContext(browser, token);
    const editor = await editing.newPage();
    await openEditor(editor, baseUrl, alias);
    const watching = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const viewer = await watching.newPage();
    // The QR code's URL carries the shop's preview key: a new app's design is private (issue 27).
    const sharing = await fetch(`${baseUrl}/v1/shops/${alias}/sharing`, { headers: { Authorization: `Bearer ${token}` } });
    const { previewKey } = ((await sharing.json()) as { data: { previewKey: string } }).data;
    await viewer.goto(`${baseUrl}/test/preview?t=${alias}&p=${previewKey}`);
    await viewer.locator('[data-testid="live-preview"] header').first().waitFor();
    // The editor seeds a new shop's design (revision 1) before the first edit is timed.
    await viewer.locator('[data-testid="live-preview"]:not([data-revision="0"])').waitFor();
    const timings: number[] = [];
    for (let i = 0; i < WARM_UP + edits; i += 1) {
      const r = (i * 41) % 200;
      const g = (i * 59) % 200;
      const b = (i * 67) % 200;
      const hex = [r, g, b].map((v) => v.toString(16).padStart(2, '0').toUpperCase()).join('');
      await viewer.evaluate(`(${WAIT_PAINT})(${JSON.stringify([`rgb(${r}, ${g}, ${b})`])})`);
      const start = (await editor.evaluate(`(${DISPATCH})(${JSON.stringify([`#${hex}FF`])})`)) as number;
      const painted = (await viewer.evaluate('window.__painted')) as number;
      if (i >= WARM_UP) timings.push(painted - start);
    }
    if (process.env.BENCH_VERBOSE)
      console.log('second context deciles (ms):', [10, 50, 90, 95, 99, 100].map((p) => `p${p} ${percentile(timings, p).toFixed(0)}`).join(', '));
    return { p50: percentile(timings, 50), p95: percentile(timings, 95), edits: timings.length };
  } finally {
    await browser.close();
  }
}

/**
 * Alone: `npx tsx scripts/bench-design-editor.ts [edits]` (after `npm run build`) starts the built
 * server on a fresh temporary DATA_DIR (embedded PGlite, as `npm run bench` does) and prints the
 * figures; `BENCH_URL=http://localhost:4273` measures a server already running instead.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { spawn } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const edits = Number(process.argv[2] ?? EDITS);
  let baseUrl = process.env.BENCH_URL;
  let stop = async () => {};
  if (!baseUrl) {
    const port = Number(process.env.BENCH_PORT ?? 4373);
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-editor-'));
    const { DATABASE_URL: _external, ...env } = process.env;
    const child = spawn(join(process.cwd(), 'node_modules', '.bin', 'tsx'), ['server/src/main.ts'], {
      env: { ...env, PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: '1', LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    baseUrl = `http://localhost:${port}`;
    for (let waited = 0; ; waited += 100) {
      if (waited > 120_000) throw new Error('the server did not start');
      const healthy = await fetch(`${baseUrl}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    stop = async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  try {
    console.log(JSON.stringify({ ownPreview: await measureDesignEditor(baseUrl, edits), secondContext: await measureSecondContext(baseUrl, edits) }));
  } finally {
    await stop();
  }
}
