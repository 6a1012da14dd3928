/**
 * The public pages' main-thread work while they load (issue 11), from Chromium's own trace: each
 * page opened in a fresh browser context on Lighthouse's mobile screen (412 x 823 at 1.75), traced
 * from the navigation for 5 s. Against a running portal: `BENCH_URL=http://localhost:4174
 * npm run bench:pages [-- runs [paths...]]` (5 runs of the four public pages unless told).
 *
 * Lighthouse's TBT multiplies each task's observed duration by 4 (its simulated CPU) and counts
 * what passes 50 ms. Two things it sees that a visitor's browser does not (docs/performance.md):
 * - On a shared 2-core machine a task's duration is mostly waiting for a core: the renderer's
 *   main thread runs 30-70 % of a task's wall time. So this reports blocking time from wall time
 *   (what Lighthouse sees) and from the main thread's CPU time (the page's own work).
 * - Lighthouse drives the page through DevTools with the Runtime domain on. V8 then records a
 *   detailed stack trace for every Error created, and parses every function on that stack again
 *   for its source positions: React DOM creates a few as it sets itself up, and its whole module is
 *   parsed again: 40-60 ms of CPU one day; the next, with the same Chromium build, the longest
 *   task was only 4 ms longer than a visitor's (docs/performance.md). So each page is loaded
 *   twice per run, through the DevTools protocol with Runtime on (as Lighthouse) and with nothing
 *   but tracing (a visitor).
 *
 * Playwright always turns Runtime on, hence the plain protocol over a WebSocket.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { LAUNCH, percentile } from './bench-kit';
import { CPU_SLOWDOWN, BLOCKING_FROM_MS, pageLoadFigures, type PageLoadFigures, type TraceEvent } from './page-load-figures';

/** The pages lighthouserc.json measures (contract/pages.ts PUBLIC_PAGES has the information pages too). */
const LIGHTHOUSE_PAGES = ['/', '/features', '/pricing', '/templates'] as const;
/** Issue 11: TBT <= 100 ms on each public page. */
const TARGET_TBT_MS = 100;
const TRACE_MS = 5000;

/** A DevTools protocol connection to a Chromium of our own (Debian's, headless). */
async function openBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  // Port 0: Chromium picks a free port and writes it, with the browser's WebSocket path, to
  // DevToolsActivePort in the profile.
  const chrome = spawn(LAUNCH.executablePath, [...LAUNCH.args, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  let endpoint: string | undefined;
  for (let waited = 0; !endpoint && waited < 15_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const active = join(profile, 'DevToolsActivePort');
    if (!existsSync(active)) continue;
    const [port, path] = readFileSync(active, 'utf8').split('\n');
    if (port && path) endpoint = `ws://127.0.0.1:${port}${path}`;
  }
  if (!endpoint) throw new Error('Chromium did not open its debugging port');
  const socket = new WebSocket(endpoint);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let lastId = 0;
  const replies = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(message: { method?: string; params?: Record<string, unknown> }) => void>();
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as {
      id?: number;
      result?: Record<string, unknown>;
      error?: { message: string };
      method?: string;
      params?: Record<string, unknown>;
    };
    const reply = message.id === undefined ? undefined : replies.get(message.id);
    if (reply) {
      if (message.error) reply.reject(new Error(message.error.message));
      else reply.resolve(message.result ?? {});
    } else for (const listener of listeners) listener(message);
  });
  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      lastId += 1;
      replies.set(lastId, { resolve, reject });
      socket.send(JSON.stringify({ id: lastId, method, params, sessionId }));
    });
  const close = async () => {
    socket.close();
    // The profile is removed once Chromium has exited: until then it still writes to it.
    const exited = new Promise((resolve) => chrome.once('exit', resolve));
    chrome.kill();
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  };
  return { send, listeners, close };
}

type Browser = Awaited<ReturnType<typeof openBrowser>>;

async function tracePageLoad(browser: Browser, url: string, devtoolsRuntime: boolean): Promise<TraceEvent[]> {
  const { send, listeners } = browser;
  const { browserContextId } = await send('Target.createBrowserContext');
  try {
    const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    await send('Emulation.setDeviceMetricsOverride', { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true }, sessionId);
    if (devtoolsRuntime) await send('Runtime.enable', {}, sessionId);
    const events: TraceEvent[] = [];
    const complete = new Promise<void>((resolve) => {
      const listener = (message: { method?: string; params?: Record<string, unknown> }) => {
        if (message.method === 'Tracing.dataCollected') events.push(...(message.params?.value as TraceEvent[]));
        if (message.method !== 'Tracing.tracingComplete') return;
        listeners.delete(listener);
        resolve();
      };
      listeners.add(listener);
    });
    await send('Tracing.start', { traceConfig: { includedCategories: ['disabled-by-default-devtools.timeline', 'loading'] }, transferMode: 'ReportEvents' });
    await send('Page.navigate', { url }, sessionId);
    await new Promise((resolve) => setTimeout(resolve, TRACE_MS));
    await send('Tracing.end');
    await complete;
    return events;
  } finally {
    await send('Target.disposeBrowserContext', { browserContextId });
  }
}

export interface PublicPageFigures {
  path: string;
  /** Loads through DevTools with the Runtime domain on, as Lighthouse drives a page. */
  asLighthouse: PageLoadFigures[];
  /** Loads with tracing alone, as a visitor's browser runs the page. */
  asVisitor: PageLoadFigures[];
}

/** `runs` loads of each page each way, alternating so the machine's swings fall on all. */
export async function measurePublicPages(baseUrl: string, runs = 5, paths: readonly string[] = LIGHTHOUSE_PAGES): Promise<PublicPageFigures[]> {
  const browser = await openBrowser();
  try {
    const figures: PublicPageFigures[] = paths.map((path) => ({ path, asLighthouse: [], asVisitor: [] }));
    for (let run = 0; run < runs; run += 1) {
      for (const page of figures) {
        page.asLighthouse.push(pageLoadFigures(await tracePageLoad(browser, `${baseUrl}${page.path}`, true)));
        page.asVisitor.push(pageLoadFigures(await tracePageLoad(browser, `${baseUrl}${page.path}`, false)));
      }
    }
    return figures;
  } finally {
    await browser.close();
  }
}

/** The median of one figure over a page's runs. */
const median = (runs: readonly PageLoadFigures[], key: keyof PageLoadFigures) =>
  percentile(
    runs.map((run) => run[key]),
    50,
  );

if (process.argv[1]?.endsWith('bench-public-pages.ts')) {
  const baseUrl = process.env.BENCH_URL ?? 'http://localhost:4174';
  const runs = Number(process.argv[2] ?? 5);
  const paths = process.argv.length > 3 ? process.argv.slice(3) : LIGHTHOUSE_PAGES;
  const ms = (loads: PageLoadFigures[], key: keyof PageLoadFigures) => `${median(loads, key).toFixed(0)} ms`;
  console.log(
    `Medians of ${runs} loads each way; blocking time = sum of (task x ${CPU_SLOWDOWN} - ${BLOCKING_FROM_MS} ms) after first contentful paint (issue 11: TBT <= ${TARGET_TBT_MS} ms).`,
  );
  for (const { path, asLighthouse, asVisitor } of await measurePublicPages(baseUrl, runs, paths)) {
    for (const [way, loads] of [
      ['as Lighthouse', asLighthouse],
      ['as a visitor', asVisitor],
    ] as const) {
      console.log(
        `${path.padEnd(11)} ${way.padEnd(13)} blocking from wall time ${ms(loads, 'wallBlockingMs').padStart(7)}, from CPU time ${ms(loads, 'cpuBlockingMs').padStart(6)}; longest task CPU ${ms(loads, 'longestTaskCpuMs').padStart(5)}; on CPU ${(median(loads, 'onCpuShare') * 100).toFixed(0)} %`,
      );
    }
  }
}
