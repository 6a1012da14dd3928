declare global {
  interface Window {
    /** The button a visitor pressed on a prerendered page before its scripts ran (server/src/web/boot-after-paint.ts). */
    __earlyTap?: HTMLElement;
  }
}

/** How long a remembered tap waits for its button to be hydrated. */
const TAP_WAIT_MS = 5000;

/**
 * React has committed the page: marks the document (`data-hydrated` on <html>, which the boot
 * script and the journeys read) and presses again the button a visitor pressed before the scripts
 * arrived, so an early tap on the menu still opens it. Hydration keeps the prerendered elements,
 * so the remembered one is the live button; one React replaced is no longer in the document.
 */
export function takeOverPage(): void {
  document.documentElement.setAttribute('data-hydrated', '');
  const tap = window.__earlyTap;
  window.__earlyTap = undefined;
  if (tap) pressWhenHydrated(tap, performance.now() + TAP_WAIT_MS);
}

/**
 * The first commit can come before every part of the page is hydrated (hydration runs in a
 * transition, part by part), and a click on a part not yet hydrated does nothing. React keeps an
 * element's props on the element itself (`__reactProps$…`) once it owns it: the tap waits for that.
 */
function pressWhenHydrated(button: HTMLElement, deadline: number): void {
  if (!button.isConnected) return;
  if (Object.keys(button).some((key) => key.startsWith('__reactProps'))) {
    button.click();
    return;
  }
  if (performance.now() < deadline) setTimeout(() => pressWhenHydrated(button, deadline), 16);
}
