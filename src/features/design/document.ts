/** Pure helpers of the live design document (no React, no browser): usable by tests and the bench. */
import { withValuesAt } from '@contract/design/realtime';

export type DesignStatus = 'offline' | 'pending' | 'in-sync';

/** Whether there is a design to show (see useDesignDoc). */
export type DesignAvailability = 'ready' | 'loading' | 'unavailable';

/** What the editor and the live preview say when offline this device never had the design. */
export const DESIGN_NOT_ON_THIS_DEVICE =
  'This design has not been opened on this device yet, so it cannot be shown while you are offline. Nothing is lost: it opens here as soon as you are back online.';

/** `known`: the store's design or this device's last copy of it; `online`: the browser's network state. */
export function availability(known: boolean, online: boolean): DesignAvailability {
  if (known) return 'ready';
  return online ? 'loading' : 'unavailable';
}

/**
 * Lays `edit` over `doc` (paths outside `docPath` are ignored), each object on the way copied
 * once per edit (withValuesAt).
 */
export function applyToDocument(doc: unknown, docPath: string, updates: Record<string, unknown>): unknown {
  const prefix = `${docPath}/`;
  const writes: Array<[string[], unknown]> = [];
  for (const [path, value] of Object.entries(updates)) {
    if (path === docPath) writes.push([[], value]);
    else if (path.startsWith(prefix)) writes.push([path.slice(prefix.length).split('/'), value]);
  }
  return withValuesAt(doc, writes);
}

/** What the merchant is told of their design's saving (the stored revision is the page's data, not their words). */
export function statusText(status: DesignStatus, pending: number): string {
  const waiting = `${pending} ${pending === 1 ? 'edit' : 'edits'} waiting`;
  if (status === 'offline') return pending > 0 ? `Offline: ${waiting}` : 'Offline';
  if (status === 'pending') return waiting;
  return 'All changes saved';
}
