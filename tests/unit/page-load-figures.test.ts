import { describe, expect, it } from 'vitest';
import { pageLoadFigures, type TraceEvent } from '../../scripts/page-load-figures';

const PAGE = { pid: 7, tid: 1 };
const task = (startMs: number, wallMs: number, cpuMs: number, thread = PAGE): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...thread,
  ts: startMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});
const fcpAt = (ms: number): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', ...PAGE, ts: ms * 1000, args: { data: { navigationId: 'n1' } } });

describe('pageLoadFigures', () => {
  it('counts each task after first contentful paint x4 past 50 ms, from wall and from CPU time', () => {
    // 30 ms of wall time in which the thread ran 10: 120 - 50 = 70 blocking from wall, none from CPU.
    // 20 ms on CPU throughout: 80 - 50 = 30 from both.
    const figures = pageLoadFigures([fcpAt(100), task(200, 30, 10), task(300, 20, 20), task(400, 5, 5)]);
    expect(figures.wallBlockingMs).toBeCloseTo(70 + 30);
    expect(figures.cpuBlockingMs).toBeCloseTo(30);
    expect(figures.longestTaskCpuMs).toBeCloseTo(20);
    expect(figures.onCpuShare).toBeCloseTo(35 / 55);
  });

  it('leaves out tasks before first contentful paint, other threads and tasks nested in a task', () => {
    const figures = pageLoadFigures([
      fcpAt(100),
      task(10, 80, 80),
      task(200, 40, 40, { pid: 7, tid: 2 }),
      task(300, 20, 20),
      task(302, 5, 5),
      task(308, 12, 14),
    ]);
    expect(figures.cpuBlockingMs).toBeCloseTo(30);
    expect(figures.longestTaskCpuMs).toBeCloseTo(20);
  });

  it('refuses a trace without a first contentful paint', () => {
    expect(() => pageLoadFigures([task(0, 10, 10)])).toThrow('no first contentful paint in the trace');
  });
});
