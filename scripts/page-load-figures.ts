/**
 * Blocking time of one page load from a Chromium trace, the way Lighthouse counts it (each task x4,
 * what passes 50 ms, after first contentful paint), once from tasks' wall time and once from the
 * main thread's CPU time (scripts/bench-public-pages.ts says why both).
 */
/** Lighthouse's simulated mobile CPU and what it counts as blocking. */
export const CPU_SLOWDOWN = 4;
export const BLOCKING_FROM_MS = 50;

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { navigationId?: string } };
}

export interface PageLoadFigures {
  /** Blocking time after first contentful paint, tasks' wall time x4. */
  wallBlockingMs: number;
  /** The same from the main thread's CPU time x4. */
  cpuBlockingMs: number;
  /** The longest task's CPU time after first contentful paint (unthrottled). */
  longestTaskCpuMs: number;
  /** CPU time / wall time of the main thread's tasks: how much of a task the thread actually ran. */
  onCpuShare: number;
}

/** Blocking figures of one page load's trace. */
export function pageLoadFigures(events: readonly TraceEvent[]): PageLoadFigures {
  // The page's first contentful paint names its renderer's main thread.
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.args?.data?.navigationId !== undefined);
  if (!fcp) throw new Error('no first contentful paint in the trace');
  // Top-level tasks of that thread (a RunTask inside another is part of it).
  const tasks: TraceEvent[] = [];
  let lastEnd = -Infinity;
  for (const task of events
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === fcp.pid && event.tid === fcp.tid)
    .sort((a, b) => a.ts - b.ts)) {
    if (task.ts < lastEnd) continue;
    tasks.push(task);
    lastEnd = task.ts + (task.dur ?? 0);
  }
  const blocking = (ms: number) => Math.max(0, ms * CPU_SLOWDOWN - BLOCKING_FROM_MS);
  const figures: PageLoadFigures = { wallBlockingMs: 0, cpuBlockingMs: 0, longestTaskCpuMs: 0, onCpuShare: 1 };
  let wall = 0;
  let cpu = 0;
  for (const task of tasks) {
    const wallMs = (task.dur ?? 0) / 1000;
    const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000;
    wall += wallMs;
    cpu += cpuMs;
    if (task.ts < fcp.ts) continue;
    figures.wallBlockingMs += blocking(wallMs);
    figures.cpuBlockingMs += blocking(cpuMs);
    figures.longestTaskCpuMs = Math.max(figures.longestTaskCpuMs, cpuMs);
  }
  figures.onCpuShare = wall > 0 ? cpu / wall : 1;
  return figures;
}
