/**
 * A Chromium performance trace of the design editor bench's edits (issue #10), to see where an
 * edit's time goes: `npx tsx scripts/profile-design-editor.ts http://localhost:4373 [edits]`.
 * Same page, same edit and the same 4x CPU throttling as scripts/bench-design-editor.ts; writes
 * the trace (open it in Chrome DevTools' Performance panel) and prints the main thread's time
 * by trace event and, from the sampled JS profile, by function. `RATE=1` traces without the CPU
 * slowdown (the sampled JS times are then not skewed by the throttler's pauses); `PAUSE=300` waits
 * that many ms after each edit, so each starts on a quiet page (isolated edits).
 */
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { LAUNCH, openEditor, signedInContext, timeEdit } from './bench-kit';
import { merchantWithShop } from './bench-design-editor';

const baseUrl = process.argv[2] ?? 'http://localhost:4373';
const edits = Number(process.argv[3] ?? 20);
const out = process.env.TRACE_FILE ?? '/tmp/design-editor-trace.json';

const { token, alias } = await merchantWithShop(baseUrl);
const browser = await chromium.launch(LAUNCH);
try {
  const context = await signedInContext(browser, token);
  const page = await context.newPage();
  await openEditor(page, baseUrl, alias);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
  const edit = (i: number) => timeEdit(page, i);
  for (let i = 0; i < 10; i += 1) await edit(i);
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', ({ value }: { value: unknown[] }) => events.push(...value));
  await cdp.send('Tracing.start', {
    traceConfig: {
      // INVALIDATIONS=1 adds why style and layout were invalidated (slow: every DOM change records a stack).
      includedCategories: [
        ...(process.env.INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'blink.user_timing',
        'toplevel',
      ],
    },
  });
  const times: number[] = [];
  for (let i = 10; i < 10 + edits; i += 1) {
    await page.evaluate(`performance.mark('edit-${i}')`);
    times.push(await edit(i));
    if (process.env.PAUSE) await new Promise((r) => setTimeout(r, Number(process.env.PAUSE)));
  }
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  writeFileSync(out, JSON.stringify({ traceEvents: events }));
  console.log('edits (ms):', times.map((t) => t.toFixed(0)).join(' '));

  // Main thread: the renderer's CrRendererMain thread.
  type Ev = { name: string; ph: string; dur?: number; tid: number; pid: number; args?: Record<string, unknown>; ts: number; cat: string; id?: string };
  const all = events as Ev[];
  const main = all.find(
    (e) =>
      e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain' && all.some((x) => x.pid === e.pid && x.name === 'FunctionCall'),
  );
  const onMain = all.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const byName = new Map<string, number>();
  for (const e of onMain) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  console.log('main thread, ms per edit by event (nested events counted in each):');
  for (const [name, ms] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${name.padEnd(32)} ${(ms / edits).toFixed(1)}`);

  // Sampled JS: self time by function.
  const nodes = new Map<number, { callFrame: { functionName: string; url: string; lineNumber: number } }>();
  const self = new Map<string, number>();
  for (const e of all.filter((x) => x.name === 'ProfileChunk')) {
    const data = (
      e.args as {
        data: {
          cpuProfile?: { nodes?: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>; samples?: number[] };
          timeDeltas?: number[];
        };
      }
    ).data;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    samples.forEach((id, index) => {
      const node = nodes.get(id);
      const key = node ? `${node.callFrame.functionName || '(anon)'} ${(node.callFrame.url ?? '').split('/').pop()}:${node.callFrame.lineNumber}` : String(id);
      self.set(key, (self.get(key) ?? 0) + (deltas[index] ?? 0) / 1000);
    });
  }
  console.log('JS self time, ms per edit:');
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${name.slice(0, 90).padEnd(90)} ${(ms / edits).toFixed(2)}`);
} finally {
  await browser.close();
}
