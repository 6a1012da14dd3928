/**
 * Toasts without notistack in the initial JS (spec section 8: top-right, 6 seconds; src/app/ToastHost.tsx). `toast()`
 * can be called from anywhere at any time: until the toast host (notistack, loaded lazily by
 * src/app/ToastProvider.tsx after the first paint or on the first toast) has mounted, calls are queued and
 * shown as soon as it has.
 */
import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

type ToastOptions = OptionsObject;
type Enqueue = (message: SnackbarMessage, options?: ToastOptions) => SnackbarKey;

let enqueue: Enqueue | undefined;
const pending: Array<[SnackbarMessage, ToastOptions | undefined]> = [];
const requestListeners = new Set<() => void>();
let requested = false;

/** Shows a toast, or queues it until the toast host has loaded. */
export function toast(message: SnackbarMessage, options?: ToastOptions): void {
  if (enqueue) {
    enqueue(message, options);
    return;
  }
  pending.push([message, options]);
  requestToastHost();
}

/** Asks the mounted ToastProvider to load the toast host now (once; later calls do nothing). */
export function requestToastHost(): void {
  if (requested) return;
  requested = true;
  for (const listener of requestListeners) listener();
}

/** For ToastProvider: `listener` runs when the host is wanted (at once if it already is). */
export function onToastHostRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  if (requested) listener();
  return () => {
    requestListeners.delete(listener);
  };
}

/** For the toast host: connect on mount (queued toasts are shown), disconnect with `undefined`. */
export function connectToastHost(next: Enqueue | undefined): void {
  enqueue = next;
  if (!next) return;
  for (const [message, options] of pending.splice(0)) next(message, options);
}
