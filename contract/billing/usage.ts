/**
 * Usage minutes (issue 30): a minute of the clock (UTC, [hh:mm:00, hh:mm+1:00)) counts once when
 * the app was live during any part of it. Live intervals and usage corrections are unions of
 * such minutes: a pause and a restart within one minute, two overlapping corrections or a
 * correction over recorded live time never count a minute twice, and no part of a live interval
 * is dropped. A month's minutes are the minutes that start in it, so a month boundary splits
 * usage exactly.
 */
const MINUTE_MS = 60_000;

export interface TimeRange {
  from: Date;
  /** null: still open (the app is live now); counted up to `now`. */
  to: Date | null;
}

/** Minute buckets [first, last) a range touches, clipped to [windowFrom, windowTo). */
function buckets(range: TimeRange, windowFrom: number, windowTo: number): [number, number] | null {
  const from = Math.max(range.from.getTime(), windowFrom);
  const to = Math.min(range.to?.getTime() ?? windowTo, windowTo);
  if (to <= from) return null;
  return [Math.floor(from / MINUTE_MS), Math.ceil(to / MINUTE_MS)];
}

/** Minutes of the union of `ranges` within [windowFrom, windowTo) (whole minutes, UTC). */
export function usageMinutes(ranges: readonly TimeRange[], windowFrom: Date, windowTo: Date): number {
  const spans = ranges
    .map((range) => buckets(range, windowFrom.getTime(), windowTo.getTime()))
    .filter((span): span is [number, number] => span !== null)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [first, last] of spans) {
    const start = Math.max(first, end);
    if (last > start) total += last - start;
    end = Math.max(end, last);
  }
  return total;
}

/** [start, end) of a calendar month in UTC (month 1-12). */
export function monthWindow(year: number, month: number): { from: Date; to: Date } {
  return { from: new Date(Date.UTC(year, month - 1, 1)), to: new Date(Date.UTC(year, month, 1)) };
}
