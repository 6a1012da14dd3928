import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { onToastHostRequested, requestToastHost } from '@/lib/toast';
import { whenSettled } from './when-settled';

/**
 * Makes `toast()` (src/lib/toast.ts) work below it. notistack is not part of the first paint:
 * its host is imported once the page has settled after loading, or earlier on the first toast.
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
    const cancelIdle = whenSettled(requestToastHost);
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
