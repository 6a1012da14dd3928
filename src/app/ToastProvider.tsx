import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { onToastHostRequested, requestToastHost } from './toast';

/** Runs `callback` once the page has loaded and the browser is idle; returns the cancel. */
function afterLoadWhenIdle(callback: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(callback, { timeout: 3000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(callback, 200);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}

/**
 * Makes `toast()` (src/app/toast.ts) work below it. notistack is not part of the first paint:
 * its host is imported once the page is idle after loading, or earlier on the first toast.
 * The host is rendered beside the children, so loading it never remounts the app.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [Host, setHost] = useState<ComponentType | null>(null);

  useEffect(() => {
    let active = true;
    const stopListening = onToastHostRequested(() => {
      import('./ToastHost')
        .then(({ ToastHost }) => {
          if (active) setHost(() => ToastHost);
        })
        .catch((error: unknown) => console.warn('Toasts could not be loaded', error));
    });
    const cancelIdle = afterLoadWhenIdle(requestToastHost);
    return () => {
      active = false;
      stopListening();
      cancelIdle();
    };
  }, []);

  return (
    <>
      {children}
      {Host ? <Host /> : null}
    </>
  );
}
