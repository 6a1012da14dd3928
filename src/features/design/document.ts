/** Pure helpers of the live design document (no React, no browser): usable by tests and the bench. */
import { withValueAt } from '@contract/realtime/paths';

export type DesignStatus = 'offline' | 'pending' | 'in-sync';

/** Lays `edit` over `doc` (paths outside `docPath` are ignored). */
export function applyToDocument(doc: unknown, docPath: string, updates: Record<string, unknown>): unknown {
  const prefix = `${docPath}/`;
  let next = doc;
  for (const [path, value] of Object.entries(updates)) {
    if (path === docPath) next = value;
    else if (path.startsWith(prefix)) next = withValueAt(next, path.slice(prefix.length).split('/'), value);
  }
  return next;
}

export function statusText(status: DesignStatus, revision: number, pending: number): string {
  const waiting = `${pending} ${pending === 1 ? 'edit' : 'edits'} waiting`;
  if (status === 'offline') return pending > 0 ? `Offline: ${waiting}` : 'Offline';
  if (status === 'pending') return waiting;
  return `in sync at revision ${revision}`;
}
