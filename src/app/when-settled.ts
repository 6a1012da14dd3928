/**
 * Runs `callback` once the page has loaded, `delayMs` more have passed and the browser is idle;
 * returns the cancel. For work the first paint does not need (toast host, service worker): on a
 * fast machine the load event fires before the app has painted, so "after load" alone would
 * still compete with the first paint's downloads.
 */
export function whenSettled(callback: () => void, delayMs = 2000): () => void {
  let cancelled = false;
  let cancelStep = () => {};
  const idle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(callback, { timeout: 2000 });
      cancelStep = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(callback, 0);
      cancelStep = () => window.clearTimeout(handle);
    }
  };
  const wait = () => {
    if (cancelled) return;
    const handle = window.setTimeout(idle, delayMs);
    cancelStep = () => window.clearTimeout(handle);
  };
  if (document.readyState === 'complete') wait();
  else window.addEventListener('load', wait, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', wait);
    cancelStep();
  };
}
