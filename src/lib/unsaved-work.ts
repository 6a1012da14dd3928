/**
 * Work the merchant would lose on a reload: a dirty form, design edits still waiting in the
 * outbox. Forms and the outbox register here; the update prompt never reloads while any is held
 * (issue 12: "never a reload while a design edit waits in the outbox or a form is dirty").
 */
import { useEffect } from 'react';

const holders = new Set<symbol>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Marks work as unsaved until the returned release is called. */
export function holdUnsavedWork(): () => void {
  const token = Symbol('unsaved-work');
  holders.add(token);
  changed();
  return () => {
    if (holders.delete(token)) changed();
  };
}

export function hasUnsavedWork(): boolean {
  return holders.size > 0;
}

function subscribeUnsavedWork(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Resolves when nothing is unsaved any more (at once if nothing is). */
export function whenWorkSaved(): Promise<void> {
  if (!hasUnsavedWork()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribeUnsavedWork(() => {
      if (hasUnsavedWork()) return;
      stop();
      resolve();
    });
  });
}

/** A form holds unsaved work while `dirty`. */
export function useUnsavedWork(dirty: boolean): void {
  useEffect(() => (dirty ? holdUnsavedWork() : undefined), [dirty]);
}
