/**
 * What the bench scripts share: the percentile they report, the Chromium they launch (Debian's,
 * never a download), the design editor page they time edits on, a fresh PostgreSQL database, a
 * free port, a built chunk found by name, and a server started with tsx and stopped.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The p-th percentile (nearest rank) of `values`, in any order; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** chromium.launch options: Debian's Chromium, headless, no background traffic. */
export const LAUNCH = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

/** A browser context signed in as `token` (the portal's stored session), desktop-sized unless told. */
export async function signedInContext(
  browser: Browser,
  token: string,
  options: BrowserContextOptions = { viewport: { width: 1280, height: 900 } },
): Promise<BrowserContext> {
  const context = await browser.newContext({ reducedMotion: 'reduce', ...options });
  await context.addInitScript(`localStorage.setItem('portal-session', ${JSON.stringify(JSON.stringify({ token }))})`);
  return context;
}

/**
 * A page signed in as `token` on the throttled phone profile the list benches (`/apps`,
 * `/payments`) use: a 390x844 touch screen, 150 ms latency, 1.6 Mbps down / 750 kbps up, 4x CPU.
 */
export async function throttledPhonePage(browser: Browser, token: string): Promise<Page> {
  const context = await signedInContext(browser, token, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** DEVICE_ID_KEY of src/features/chat/device-id.ts (a browser module: the scripts have no DOM types). */
const DEVICE_ID_KEY = 'portal-production-deviceId';

/**
 * Opens the design editor of `alias` on its General section, the preview and the Primary field ready,
 * as a returning merchant has it: after the chat's device id exists (a new browser computes its
 * fingerprint once, 5 s after start, spec section 3; that one-off work would land on timed edits).
 */
export async function openEditor(page: Page, baseUrl: string, alias: string): Promise<void> {
  await page.goto(`${baseUrl}/new-app/${alias}/design`);
  await page.getByRole('tab', { name: 'General' }).click();
  await page.locator('[data-testid="design-preview"] header').waitFor();
  await page.getByLabel('Primary', { exact: true }).waitFor();
  // Polled from here: waitForFunction's string predicate is an eval the portal's CSP refuses.
  for (let waited = 0; !(await page.evaluate(`localStorage.getItem(${JSON.stringify(DEVICE_ID_KEY)}) !== null`)); waited += 100) {
    if (waited > 30_000) throw new Error('the editor never stored a device id');
    await page.waitForTimeout(100);
  }
}

/** The i-th bench colour, distinct from its neighbours so every edit changes the toolbar: web `#RRGGBBFF` and computed `rgb(...)`. */
export function colourOf(i: number): { hex: string; rgb: string } {
  const [r, g, b] = [(i * 37) % 200, (i * 53) % 200, (i * 71) % 200];
  return { hex: `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0').toUpperCase()).join('')}FF`, rgb: `rgb(${r}, ${g}, ${b})` };
}

/** In the design editor open on `page`: types the i-th bench colour as primary (EDIT); ms to its paint. */
export async function timeEdit(page: Page, i: number): Promise<number> {
  const { hex, rgb } = colourOf(i);
  return (await page.evaluate(`(${EDIT})(${JSON.stringify([hex, rgb])})`)) as number;
}

/** In the editor: type `colour` into the Primary field, press Enter, resolve at the paint showing `rgb` (ms). */
export const EDIT = `async ([colour, rgb]) => {
  const input = [...document.querySelectorAll('label')].find((label) => label.textContent === 'Primary');
  const field = document.getElementById(input.htmlFor);
  const header = document.querySelector('[data-testid="design-preview"] header');
  const start = performance.now();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(field, colour);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  for (;;) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (getComputedStyle(header).backgroundImage.includes(rgb)) break;
    if (performance.now() - start > 5000) throw new Error('the preview never showed ' + colour);
  }
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return performance.now() - start;
}`;

/**
 * A fresh database named `<prefix>_<time>` on the PostgreSQL server at `url` (dropped by the
 * returned function), or null when that server does not answer.
 */
export async function freshPostgres(url: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const { default: pg } = await import('pg');
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const name = `${prefix}_${Date.now().toString(36)}`;
  try {
    await admin(`CREATE DATABASE ${name}`);
  } catch {
    return null;
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return { url: fresh.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

interface ClickMarkWindow {
  document: { addEventListener(type: 'click', listener: () => void, options: { capture: boolean; once: boolean }): void };
  benchClickAt?: number;
}

/**
 * Times are taken in the page (performance.now()), from the tap to the first frame that shows
 * what the merchant waits for: the bench's own work (Playwright's checks before it clicks, its
 * polling) is not a wait of the merchant's. The next click on the page is marked as it lands.
 */
export async function markNextClick(page: Page): Promise<void> {
  await page.evaluate(() => {
    const bench = globalThis as unknown as ClickMarkWindow;
    bench.benchClickAt = undefined;
    bench.document.addEventListener('click', () => (bench.benchClickAt = performance.now()), { capture: true, once: true });
  });
}

/** performance.now() of the click markNextClick marked. */
export async function markedClick(page: Page): Promise<number> {
  const at = await page.evaluate(() => (globalThis as unknown as ClickMarkWindow).benchClickAt);
  if (at === undefined) throw new Error('the click never reached the page');
  return at;
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The file (under dist/assets) of the chunk called `name` in the build's manifest: lazy chunks are named by their hash alone (vite.config.ts). */
export function builtChunk(dist: string, name: string): string | null {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; name?: string }>;
  const chunk = Object.values(manifest).find((entry) => entry.name === name);
  return chunk ? posix.basename(chunk.file) : null;
}

export interface RunningServer {
  child: ChildProcess;
  msToHealthy: number;
  output: () => string;
}

/**
 * Runs `script` with tsx from the repository root until `health` answers 200. tsx runs the script
 * in a child of its own, so the server gets a process group of its own, killed whole when the
 * bench exits, even on a crash: no server outlives a run and weighs on the next. With `logFile`,
 * its output goes there (a busy server's log lines would otherwise cost this process CPU).
 */
export async function startTsxServer(
  script: string,
  options: { env: NodeJS.ProcessEnv; health: string; timeoutMs: number; logFile?: string },
): Promise<RunningServer> {
  let piped = '';
  const started = performance.now();
  const logFd = options.logFile === undefined ? undefined : openSync(options.logFile, 'w');
  const stdio: StdioOptions = logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd];
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [script], { cwd: ROOT, env: options.env, stdio, detached: true });
  if (logFd !== undefined) closeSync(logFd);
  process.once('exit', () => killGroup(child));
  child.stdout?.on('data', (chunk: Buffer) => (piped += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (piped += chunk.toString()));
  const output = () => (options.logFile === undefined ? piped : readFileSync(options.logFile, 'utf8'));
  while (performance.now() - started < options.timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${script} exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(options.health);
      if (response.status === 200) return { child, msToHealthy: performance.now() - started, output };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  killGroup(child);
  throw new Error(`no ${options.health} 200 within ${options.timeoutMs} ms:\n${output()}`);
}

function killGroup(child: ChildProcess): void {
  if (child.exitCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Ctrl-C, as a person would stop it; waits for the clean shutdown. */
export async function stopServer(server: RunningServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGINT');
  const timer = setTimeout(() => killGroup(server.child), 15_000);
  await exited;
  clearTimeout(timer);
}
