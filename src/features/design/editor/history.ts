/**
 * Undo and redo over the editor's patches: entries coalesced while a slider moves, capped, and
 * the keys that ask for them.
 */
import type { Patch } from './patches';

interface HistoryEntry {
  redo: Patch;
  undo: Patch;
  /** When a drag's step was made (ms): a drag's steps on the same fields are one undo step; typed edits carry none. */
  at?: number;
}

export interface History {
  past: HistoryEntry[];
  future: HistoryEntry[];
}

export const HISTORY_LIMIT = 200;
/** Edits to the same fields closer than this (a slider or colour drag) merge into one undo step. */
const COALESCE_MS = 600;
export const emptyHistory = (): History => ({ past: [], future: [] });

/** A new edit: remembered for undo; whatever was undone can no longer be redone. */
export function recordEdit(history: History, entry: HistoryEntry): History {
  const last = history.past.at(-1);
  const sameFields = last !== undefined && Object.keys(last.redo).join() === Object.keys(entry.redo).join();
  if (sameFields && last.at !== undefined && entry.at !== undefined && entry.at - last.at < COALESCE_MS) {
    return { past: [...history.past.slice(0, -1), { redo: entry.redo, undo: last.undo, at: entry.at }], future: [] };
  }
  return { past: [...history.past, entry].slice(-HISTORY_LIMIT), future: [] };
}

/** The patch that undoes the last edit, and the history after it (null: nothing to undo). */
export function undo(history: History): { history: History; patch: Patch } | null {
  const entry = history.past.at(-1);
  if (!entry) return null;
  return { history: { past: history.past.slice(0, -1), future: [entry, ...history.future] }, patch: entry.undo };
}

export function redo(history: History): { history: History; patch: Patch } | null {
  const entry = history.future[0];
  if (!entry) return null;
  return { history: { past: [...history.past, entry], future: history.future.slice(1) }, patch: entry.redo };
}

/** Ctrl/Cmd+Z undoes; Ctrl/Cmd+Shift+Z and Ctrl/Cmd+Y redo. */
export function historyKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}
