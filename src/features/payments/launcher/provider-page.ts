import type { LaunchOutcome } from './types';

/** Test mode: the built-in test gateway's hosted page takes the card, then sends the merchant back. */
export function openHostedPage(url: string | null): Promise<LaunchOutcome> {
  if (!url) return Promise.reject(new Error('The payment page is not available. Try again.'));
  window.location.assign(url);
  return new Promise<LaunchOutcome>(() => {});
}

/** Loads a provider's script once; a failure lets the next attempt try again. */
const scripts = new Map<string, Promise<void>>();
export function loadScript(src: string): Promise<void> {
  const loaded =
    scripts.get(src) ??
    new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        reject(new Error('The payment provider could not be reached. Check your connection and try again.'));
      };
      document.head.append(script);
    });
  scripts.set(src, loaded);
  return loaded;
}
