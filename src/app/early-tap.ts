declare global {
  interface Window {
    /** The button a visitor pressed on a prerendered page before its scripts ran (server/src/web/boot-after-paint.ts). */
    __earlyTap?: HTMLElement;
  }
}

/**
 * React owns the page now: marks the document (`data-hydrated` on <html>, which the boot script
 * and the journeys read) and presses again the button a visitor pressed before the scripts
 * arrived, so an early tap on the menu still opens it. Hydration keeps the prerendered elements,
 * so the remembered one is the live button; one React replaced is no longer in the document.
 */
export function takeOverPage(): void {
  document.documentElement.setAttribute('data-hydrated', '');
  const tap = window.__earlyTap;
  window.__earlyTap = undefined;
  if (tap?.isConnected) tap.click();
}
